"""A game that shares no word with Foraccio, the test-only variant Lumaca (distribution
foraccio-foreign-test), at the terminal table and in ``foraccio simulate``: in its own
words, in English and in Italian, and never in Foraccio's."""

from __future__ import annotations

import io
import re

import pexpect
import pytest

from foraccio.cli.main import main
from tests.cli.terminal import play_a_hand, spawn

FORACCIO_WORDS = re.compile(r"napoli|onori|foraccio|primo onore|la 24|colore", re.IGNORECASE)
"""Words of Foraccio's a Lumaca table never says."""

WORDS = {
    "en": {"locale": "C.UTF-8", "title": "Lumaca: you against 1 bot, first to 11",
           "sheet": "Score sheet", "trio": "You declare Trio and show",
           "lowly": "Opposite (random) declares Lowly and shows",
           "lines": ("Heap", "Lowly", "Trio"),
           "wild": "1d (ace of coins): The ace of coins is wild: choose the value it "
                   "matches as.", "eleven": "(takes what makes eleven with it)"},
    "it": {"locale": "it_IT.UTF-8", "title": "Lumaca: tu contro 1 bot, vince chi arriva a 11",
           "sheet": "Foglio dei punti", "trio": "Mostri Terzetto:",
           "lowly": "Di fronte (casuale) mostra Miseria:",
           "lines": ("Mucchio", "Miseria", "Terzetto"),
           "wild": "1d (asso di denari): L'asso di denari è jolly: scegli il valore con cui "
                   "prende la sua pari.", "eleven": "(prende ciò che con lei fa undici)"},
}


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_hand_of_lumaca_at_the_terminal_in_its_own_words(language):
    # Seed 23 deals the opponent a lowly hand, then the person a trio, then the wild card,
    # which takes by eleven or, given a value, its match.
    words = WORDS[language]
    child = spawn("--variant", "lumaca", "--seed", "23", "--bots", "random",
                  lang=words["locale"])
    child.logfile_read = seen = io.StringIO()

    hand = play_a_hand(child, king="value", language=language)

    assert hand.plays == 18  # six deals of three cards
    child.sendline("q")
    child.expect(pexpect.EOF)
    screen = re.sub(r"\s+", " ", seen.getvalue())
    assert words["title"] in screen
    assert words["trio"] in screen and words["lowly"] in screen
    assert words["wild"] in screen and words["eleven"] in screen
    assert words["sheet"] in hand.screen
    for line in words["lines"]:
        assert re.search(rf"│\s*{line}\s*│\s*\d+", hand.screen), (line, hand.screen)
    assert not FORACCIO_WORDS.search(screen), FORACCIO_WORDS.search(screen)


@pytest.mark.parametrize(("language", "rows"), [
    ("en", ("Heap: points a hand", "Sevens: points a hand", "Lumaca: 4 matches")),
    ("it", ("Mucchio: punti a mano", "Sette: punti a mano", "Lumaca: 4 partite")),
])
def test_simulate_sums_up_lumaca_in_its_own_lines(capsys, language, rows):
    assert main(["simulate", "--variant", "lumaca", "--matches", "4", "--seed", "1",
                 "--workers", "1", "--quiet", "--lang", language]) == 0
    table = capsys.readouterr().out
    for row in rows:
        assert row in table, table
    assert not FORACCIO_WORDS.search(table), table
