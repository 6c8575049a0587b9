"""The table in plain words: who sits where, what a play did, what a score line is.

Seats are named from the person's chair: seat 0 is "you", seat 2 (opposite) your
partner, seat 1 the opponent on your right (play passes to the right,
docs/rules.md §2.1) and seat 3 the one on your left.
"""

from __future__ import annotations

from cli.table.base import Json

SEATS = ("You", "Right", "Partner", "Left")
TEAMS = ("Us", "Them")
"""Team 0 is you and your partner (docs/rules.md §2.2)."""

SUITS = {"c": "coppe", "d": "denari", "b": "bastoni", "s": "spade"}
FIGURES = {11: "fante", 12: "cavallo", 13: "re"}

LINES = {"primo_onore": "Primo onore", "secondo_onore": "Secondo onore",
         "terzo_onore": "Terzo onore", "spade": "Spade", "carte": "Carte",
         "napoli": "Napoli", "scopa": "Scopa", "colore": "Colore", "la_24": "La 24"}
"""The score lines' names (docs/rules.md §7.8); a house rule's own are shown from
their wire name."""


def seat_name(seat: int, bots: tuple[str, ...]) -> str:
    """``You``, or a bot seat with its bot: ``Right (heuristic)``."""
    return SEATS[seat] if seat == 0 else f"{SEATS[seat]} ({bots[seat]})"


def does(seat: int, bots: tuple[str, ...], verb: str) -> str:
    """The seat and its verb, agreed: "You play", "Right (random) plays"."""
    return f"You {verb}" if seat == 0 else f"{seat_name(seat, bots)} {verb}s"


def line_name(name: str) -> str:
    return LINES.get(name, name.replace("_", " ").capitalize())


def card_name(card: str) -> str:
    """``7c`` is "7 of coppe", ``13s`` "re of spade"."""
    rank = int(card[:-1])
    return f"{FIGURES.get(rank, 'asso' if rank == 1 else rank)} of {SUITS[card[-1]]}"


def cards(codes) -> str:
    return " ".join(codes) if codes else "nothing"


def is_lay(move: Json) -> bool:
    """A move that lays its card: it takes nothing and is no sweep (an asso, or a re used
    as a sweep, meeting an empty table takes only itself and still captures)."""
    return not move.get("take") and move.get("jolly") is None and move["card"][:-1] != "1"


def move_words(move: Json) -> str:
    """What a move does, said after its card: "takes 3d 4b", "as a sweep, takes …"."""
    if is_lay(move):
        return "lays it on the table"
    jolly = move.get("jolly")
    how = "" if jolly is None else ("as a sweep, " if jolly == "sweep" else f"as a {jolly}, ")
    take = move.get("take") or ()
    return how + (f"takes {cards(take)}" if take else "takes only itself")


def event_words(event: Json, bots: tuple[str, ...]) -> str | None:
    """One event as a sentence; None for the ones told otherwise (the score sheet)."""
    kind = event["type"]
    if kind == "laid":
        return f"{does(event['seat'], bots, 'lay')} {event['card']}."
    if kind == "captured":
        return f"{does(event['seat'], bots, 'play')} {event['card']}: {move_words(event)}."
    if kind == "bonus":
        points = event["points"]
        return (f"{line_name(event['name'])}! {points} point{'' if points == 1 else 's'} for "
                f"{TEAMS[event['team']].lower()} ({event['card']}).")
    if kind == "table_collected":
        return (f"The cards left on the table ({cards(event['cards'])}) go to "
                f"{TEAMS[event['team']].lower()}: {seat_name(event['seat'], bots)} "
                "captured last.")
    if kind == "dealt":
        return f"Hand {event['hand']}: {does(event['dealer'], bots, 'deal')}."
    if kind == "first_dealer_chosen":
        return f"{does(event['dealer'], bots, 'deal')} first (the highest card drawn)."
    if kind == "match_won":
        a, b = event["scores"]
        return f"{TEAMS[event['team']]} win the match, {a} to {b}."
    return None
