"""``foraccio play`` in a real pseudo-terminal, driven with pexpect: a whole hand against
the local engine (seeded, so the same every run) and one against a real server."""

from __future__ import annotations

import json
import re
import urllib.request

import pexpect

from foraccio.cli.table.remote import listed_seats
from tests.ace_sweeps import install_ace_sweeps
from tests.cli.terminal import NEXT, PLAY, play_a_hand, spawn

SHEET_LINE = re.compile(r"^\s*(Us|Them)\s*│\s*(Primo onore|Secondo onore|Terzo onore|Spade|"
                        r"Carte|Napoli|Scopa|Colore|La 24)\s*│\s*(\d+)", re.MULTILINE)
"""A line of the score sheet: its team, its name and its points, between the columns'
rules."""


def assert_score_sheet(screen: str, target: int) -> None:
    """The sheet's lines add up to the hand's points, shown with the match against
    ``target``."""
    assert "Score sheet" in screen
    hand = re.search(r"This hand: us (\d+), them (\d+)\.", screen)
    match = re.search(rf"Match: us (\d+), them (\d+) \(first to {target}\)\.", screen)
    assert hand and match, screen
    points = [0, 0]
    for team, _, value in SHEET_LINE.findall(screen):
        points[team == "Them"] += int(value)
    assert points == [int(hand[1]), int(hand[2])]
    assert [int(match[1]), int(match[2])] == points  # the first hand: match = hand


def leave(child: pexpect.spawn) -> None:
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_a_whole_hand_of_foraccio_with_a_choice_of_captures():
    child = spawn("--seed", "4", "--bots", "random")
    child.expect("first to 71")

    hand = play_a_hand(child)

    assert hand.plays == 13
    assert hand.ways, "seed 4 gives a card with several captures"
    # The captures are said with the cards' names.
    assert re.search(r"1\) takes (the \w+ of \w+)(, the \w+ of \w+)*( and the \w+ of \w+)?"
                     r"\r?\n\s+2\) takes", hand.ways[0]), hand.ways[0]
    assert_score_sheet(hand.screen, 71)
    leave(child)


def test_a_whole_hand_of_zobelon_with_a_king_declared():
    child = spawn("--variant", "zobelon", "--seed", "1", "--bots", "heuristic,random,random")
    child.expect("first to 121")

    hand = play_a_hand(child, king="value")

    assert hand.plays == 12
    assert hand.kings, "seed 1 deals the person a re, played with a choice"
    # The choice is worded as Zobelon words it, the king named beside its code.
    assert re.search(r"13[cdbs] \(king of \w+\): A king is a jolly: [^.]*choose the value it "
                     r"plays as\. Sweep: s, takes [\w ,\r\n]+; or give it a value: \d+",
                     hand.kings[0]), hand.kings[0]
    assert_score_sheet(hand.screen, 121)
    leave(child)


def test_an_ace_that_may_be_laid_says_so_by_its_kind(tmp_path, monkeypatch):
    # Scopa with the test-only house rule ace-sweeps: an ace on a table without an asso
    # sweeps it or is laid; seed 1 gives the person such an ace (key 1, the lowest card).
    for name, value in install_ace_sweeps(tmp_path).items():
        monkeypatch.setenv(name, value)
    child = spawn("--variant", "scopa", "--house-rules", "ace-sweeps", "--seed", "1",
                  "--bots", "random")

    hand = play_a_hand(child)

    assert hand.plays == 18
    ace = next(ways for ways in hand.ways
               if re.search(r"1[cdbs] \(ace of \w+\) can be played", ways))
    assert re.search(r"1\) takes [\w ,]+\r?\n\s+2\) lays it on the table", ace), ace
    assert "only itself" not in ace
    leave(child)


def test_a_typed_code_plays_that_card_and_a_bad_one_is_explained():
    child = spawn("--seed", "4", "--bots", "random")
    child.expect(r"Your hand +\[1\] (\d+[cdbs]) (\w+ of \w+)")
    first, name = child.match[1], child.match[2]
    child.sendline("99")
    child.expect("There is no card 99")
    child.sendline("zz")
    child.expect("neither a key, a card nor a move")
    child.sendline(first)
    child.expect(rf"You (play|lay) the {name}")
    leave(child)


def test_at_80_columns_each_card_of_the_hand_stays_beside_its_key():
    child = spawn("--seed", "4", "--bots", "random", columns=80)
    child.expect(PLAY)

    hand = child.before[child.before.rindex("Your hand"):]
    assert len(hand.splitlines()) >= 2, "13 cards and their keys take two lines at 80"
    assert re.findall(r"\[(\d+)\] \d+[cdbs] \w+ of \w+", hand) == [
        str(key) for key in range(1, 14)], hand
    leave(child)


def test_seed_is_refused_with_a_server():
    child = spawn("--url", "http://127.0.0.1:9", "--seed", "1")
    child.expect("dealt by the server")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2


def test_an_unreachable_server_is_said_in_plain_words():
    child = spawn("--url", "http://127.0.0.1:9")
    child.expect(r"cannot be reached")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1


def test_a_whole_hand_through_a_server_in_a_sealed_game(server):
    child = spawn("--url", server, "--bots", "random")
    child.expect("sealed game on")

    hand = play_a_hand(child)

    assert hand.plays == 13
    assert_score_sheet(hand.screen, 71)
    child.sendline("")  # deal the next hand: the server deals it
    child.expect("Hand 2: ")
    leave(child)


def test_the_bots_asked_for_follow_the_players_chosen_locally():
    child = spawn("--variant", "scopa", "--options", '{"players": 4}', "--bots",
                  "random,random")
    child.expect(r"This match seats 4: give 1 bot \(for every other seat\) or 3")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1


def test_the_bots_asked_for_follow_the_players_chosen_with_a_server(server):
    child = spawn("--url", server, "--variant", "scopa", "--options", '{"players": 3}',
                  "--bots", "random,random,random")
    child.expect(r"This match seats 3: give 1 bot \(for every other seat\) or 2")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1


def test_a_three_player_scopa_through_a_server_seats_a_bot_at_each_other_seat(server):
    child = spawn("--url", server, "--variant", "scopa", "--options", '{"players": 3}',
                  "--bots", "random,heuristic")
    child.expect("you against 2 bots, each for themselves, first to 11")
    child.expect(r"│ Left \(heuristic\) +\d cards?.*\r?\n│ Right \(random\) +\d cards?")

    hand = play_a_hand(child)

    assert hand.plays == 12  # 36 cards, three at a time to three seats
    assert "This hand: you " in hand.screen and ", Right " in hand.screen
    leave(child)


def test_the_seats_are_read_from_the_servers_listing_for_the_options_chosen(server):
    def listed(variant):
        with urllib.request.urlopen(f"{server}/variants/{variant}", timeout=10) as answer:
            return json.load(answer)

    scopa, foraccio = listed("scopa"), listed("foraccio")

    assert [listed_seats(scopa, {"players": players}) for players in (2, 3, 4)] == [2, 3, 4]
    assert listed_seats(scopa, {}) == listed_seats(scopa, {"target": 5}) == 2
    assert listed_seats(foraccio, {"target": 5}) == 4


IT_SHEET_LINE = re.compile(r"^\s*(Noi|Loro)\s*│\s*(Primo onore|Secondo onore|Terzo onore|"
                           r"Spade|Carte|Napoli|Scopa|Colore|La 24)\s*│\s*(\d+)", re.MULTILINE)


def test_a_whole_hand_of_zobelon_in_italian_from_the_locale():
    child = spawn("--variant", "zobelon", "--seed", "1", "--bots", "heuristic,random,random",
                  lang="it_IT.UTF-8")
    child.expect("Zobelon: tu e il tuo compagno contro 2 bot, vince chi arriva a 121")
    child.expect("Le carte sono valore e seme: c coppe, d denari, b bastoni, s spade; 1 asso, "
                 "11 fante, 12 cavallo, 13 re.")
    child.expect(r"La tua mano +\[1\] \d+[cdbs] (\w+ di \w+)")

    hand = play_a_hand(child, king="value", language="it")

    assert hand.plays == 12
    # The king's choice in Zobelon's own Italian words, the card named beside its code.
    assert re.search(r"13[cdbs] \(re di \w+\): Il re è un jolly: prende tutto come l'asso, "
                     r"oppure scegli il valore con cui giocarlo\. Come\s+pigliatutto:\s+s, prende",
                     hand.kings[0]), hand.kings[0]
    screen = hand.screen
    assert "Foglio dei punti" in screen
    scored = re.search(r"Questa mano: noi (\d+), loro (\d+)\.", screen)
    assert scored and re.search(r"Partita: noi \d+, loro \d+ \(vince chi arriva a 121\)\.",
                                screen), screen
    points = [0, 0]
    for team, _, value in IT_SHEET_LINE.findall(screen):
        points[team == "Loro"] += int(value)
    assert points == [int(scored[1]), int(scored[2])]
    assert not re.search(r"\b(takes|lays|plays|Your|Score sheet)\b", screen)
    child.sendline("q")
    child.expect("Hai lasciato il tavolo.")
    child.expect(pexpect.EOF)


def test_lang_chooses_over_the_locale_and_q_quits_at_the_kings_question():
    child = spawn("--variant", "zobelon", "--seed", "1", "--bots", "heuristic,random,random",
                  "--lang", "en", lang="it_IT.UTF-8")
    found = 0
    while found == 0:  # play key 1 until the person's king asks its question
        found = child.expect([PLAY, r"Sweep or which value for 13[cdbs]\?", NEXT])
        if found == 0:
            child.sendline("1")
    assert found == 1, "seed 1 deals the person a king in the first hand"
    child.sendline("q")
    child.expect("You left the table.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
