"""The command line as an Italian player meets it: argparse's own refusals said in
Italian with no English word nor Python type, the bots by the names the web table gives
them (and taken by those names), the terminal's help telling a game's own wild card and
no other, and the games installed named in ``foraccio --help``."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from foraccio.cli.main import main
from foraccio.cli.table.choose import help_text
from foraccio.cli.table.command import parse_bots
from foraccio.cli.table.places import places
from foraccio.cli.table.speech import speaking
from foraccio.cli.table.words import seat_name

ENGLISH_WORDS = re.compile(r"\b(error|argument|invalid|value|loads|int|required|the|choose|"
                           r"expected|unrecognized|following)\b")
"""Words of argparse's English, and the names of Python's types it would show."""


def refused(capsys, *argv: str) -> str:
    """The last line ``foraccio`` writes on standard error when it refuses ``argv``."""
    with pytest.raises(SystemExit) as stopped:
        main(list(argv))
    assert stopped.value.code == 2
    return capsys.readouterr().err.strip().splitlines()[-1]


@pytest.mark.parametrize(("argv", "said"), [
    (("simulate", "--options", "{target: 31}"),
     "foraccio simulate: errore: argomento --options: '{target: 31}' non è JSON; un oggetto "
     'si scrive {"target": 31}'),
    (("simulate", "--matches", "tante"),
     "foraccio simulate: errore: argomento --matches: 'tante' non è un numero intero"),
    (("play", "--pace", "piano"),
     "foraccio play: errore: argomento --pace: 'piano' non è un numero"),
    (("compare",), "foraccio compare: errore: mancano questi argomenti: variant"),
    (("simulate", "--seed"), "foraccio simulate: errore: argomento --seed: manca il valore"),
    (("gioca",), "foraccio: errore: argomento COMMAND: scelta non valida: 'gioca' (scegli fra "
                 "'simulate', 'compare', 'play', 'serve')"),
    (("simulate", "--colori"), "foraccio: errore: argomenti non riconosciuti: --colori"),
])
def test_argparse_refuses_in_italian(capsys, argv, said):
    line = refused(capsys, "--lang", "it", *argv)
    assert line == said
    assert not ENGLISH_WORDS.search(line.split("errore: ", 1)[1]), line


def test_argparse_still_refuses_in_english_without_naming_a_python_type(capsys):
    line = refused(capsys, "simulate", "--options", "{target: 31}")
    assert line == ("foraccio simulate: error: argument --options: '{target: 31}' is not "
                    'JSON; an object is written {"target": 31}')
    assert refused(capsys, "simulate", "--matches", "x").endswith("'x' is not a whole number")
    # Once parsed, argparse is English again for any other parser of the process.
    assert refused(capsys, "--lang", "it", "compare").endswith("mancano questi argomenti: "
                                                                "variant")
    with pytest.raises(SystemExit):
        __import__("argparse").ArgumentParser(prog="other").parse_args(["--x"])
    assert "error: unrecognized arguments: --x" in capsys.readouterr().err


def test_an_option_of_the_wrong_type_is_said_in_words(capsys):
    assert main(["--lang", "it", "simulate", "--options", '{"target": "x"}', "--matches",
                 "1", "--workers", "1"]) != 0
    said = capsys.readouterr().err
    assert "deve essere un numero intero, non 'x'" in said and not re.search(r"\bint\b", said)


@pytest.mark.parametrize(("language", "partner"), [("en", "Partner (heuristic)"),
                                                   ("it", "Compagno (euristico)")])
def test_a_bot_is_named_at_the_terminal_as_the_web_table_names_it(language, partner):
    with speaking(language):
        where = places(((0, 2), (1, 3)))
        assert seat_name(2, ("person", "heuristic", "heuristic", "random"), where) == partner
        assert seat_name(3, ("person", "heuristic", "heuristic", "random"), where) == {
            "en": "Left (random)", "it": "Sinistra (casuale)"}[language]


@pytest.mark.parametrize("said", ["euristico", "Euristico", "heuristic"])
def test_a_bot_is_taken_by_its_italian_name_or_its_own(said):
    assert parse_bots(f"{said},casuale,ISMCTS") == ("person", "heuristic", "random", "ismcts")


def test_simulate_takes_the_italian_names_and_says_them_in_its_table(capsys):
    assert main(["--lang", "it", "simulate", "--bots", "euristico,casuale", "--matches", "2",
                 "--workers", "1", "--quiet"]) == 0
    table = capsys.readouterr().out
    assert "euristico,euristico" in table and "casuale,casuale" in table
    assert "heuristic" not in table and "random" not in table
    # A percentage as CLDR writes it: the sign against the figure, as compare writes it.
    assert re.search(r"\d+,\d%", table) and not re.search(r"\d\s%", table)


@pytest.mark.parametrize(("language", "listed"), [
    ("en", ("the bots: chitarrella (only for scopone-scientifico), ",
            "greedy (only for scopa, scopone-scientifico), ", "heuristic, ISMCTS, random")),
    ("it", ("i bot: chitarrella (solo per scopone-scientifico), ",
            "greedy (solo per scopa, scopone-scientifico), ",
            "euristico o heuristic, ISMCTS, casuale o random"))])
def test_the_help_names_each_bot_both_ways_and_the_games_it_is_offered_for(
        capsys, language, listed):
    with pytest.raises(SystemExit):
        main(["--lang", language, "play", "--help"])
    # argparse may break a line after a name's hyphen.
    said = " ".join(capsys.readouterr().out.split()).replace("- ", "-")
    # In this order; the suite's process may know a bot of its own between them (bench's
    # foraccio-minded, registered where a test imports it).
    where = 0
    for part in listed:
        assert part in said[where:], (part, said)
        where = said.index(part, where) + len(part)


def test_the_terminal_refuses_a_bot_that_does_not_play_the_game(capsys):
    assert main(["--lang", "it", "play", "--bots", "greedy", "--seed", "1"]) == 2
    assert "Il bot greedy gioca solo a Scopa, Scopone scientifico, non a Foraccio." in " ".join(
        capsys.readouterr().out.split())


@pytest.mark.parametrize(("variant", "wild"), [
    ("foraccio", None), ("scopa", None), ("scopone-scientifico", None),
    ("zobelon", "13c=* plays it as a sweep, 13c=2 gives it the value 2.")])
def test_the_help_tells_the_games_own_wild_card_and_no_other(variant, wild):
    said = help_text(places(((0, 2), (1, 3)), game=(variant, ())))
    assert "5d+2d3b takes 2d and 3b with 5d" in said
    if wild is None:
        assert "=*" not in said and "13s" not in said and "wild" not in said
    else:
        assert said.endswith(f"Its wild card too: {wild}")


def test_the_help_tells_the_wild_card_in_italian():
    with speaking("it"):
        said = help_text(places(((0, 2), (1, 3)), game=("zobelon", ())))
    assert said.endswith("Così anche il jolly: 13c=* lo gioca come pigliatutto, 13c=2 gli dà "
                         "il valore 2.")


@pytest.mark.parametrize(("language", "games"), [
    ("en", "Play Foraccio, Zobelon, "), ("it", "Gioca a Foraccio, Zobelon, ")])
def test_the_commands_help_names_every_game_installed(language, games):
    run = subprocess.run([sys.executable, "-m", "foraccio", "--lang", language, "--help"],
                         capture_output=True, text=True, timeout=120)
    described = " ".join(run.stdout.split()).split(": bot")[0]
    assert games in described
    assert "Scopa" in described and "Scopone scientifico" in described
