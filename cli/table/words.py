"""The table in plain words: who did what, what a play did, what a score line is.

Seats and teams are named from the person's chair (:mod:`foraccio.cli.table.places`): at
Foraccio's table seat 0 is "you", seat 2 (opposite) your partner, seat 1 the opponent
on your right (play passes to the right, docs/rules.md §2.1) and seat 3 the one on
your left; team 0 is "us". Every function naming a seat or a team takes the match's
:class:`~foraccio.cli.table.places.Places`, Foraccio's (the person at seat 0) by default; a
room may seat the person elsewhere.
"""

from __future__ import annotations

from foraccio.cli.table.base import Json
from foraccio.cli.table.places import FORACCIO, Places

SUITS = {"c": "coppe", "d": "denari", "b": "bastoni", "s": "spade"}
FIGURES = {11: "fante", 12: "cavallo", 13: "re"}

LINES = {"primo_onore": "Primo onore", "secondo_onore": "Secondo onore",
         "terzo_onore": "Terzo onore", "spade": "Spade", "carte": "Carte",
         "napoli": "Napoli", "scopa": "Scopa", "colore": "Colore", "la_24": "La 24"}
"""The score lines' names (docs/rules.md §7.8); a house rule's own are shown from
their wire name."""


def seat_name(seat: int, bots: tuple[str, ...], places: Places = FORACCIO) -> str:
    """``You``, or another seat with who plays it (its bot, or in a room ``person``):
    ``Right (heuristic)``."""
    name = places.seats[seat]
    return name if seat == places.me else f"{name} ({bots[seat]})"


def does(seat: int, bots: tuple[str, ...], verb: str, places: Places = FORACCIO) -> str:
    """The seat and its verb, agreed: "You play", "Right (random) plays"."""
    return (f"You {verb}" if seat == places.me
            else f"{seat_name(seat, bots, places)} {verb}s")


def match_won(team: int, scores, places: Places = FORACCIO) -> str:
    """"Us win the match, 72 to 60.", "Right wins the match, 11 to 9 to 4." (the scores
    in team order)."""
    verb = "win" if places.plural(team) else "wins"
    return f"{places.teams[team]} {verb} the match, {' to '.join(map(str, scores))}."


def line_name(name: str) -> str:
    return LINES.get(name, name.replace("_", " ").capitalize())


def card_name(card: str) -> str:
    """``7c`` is "7 of coppe", ``13s`` "re of spade"."""
    rank = int(card[:-1])
    return f"{FIGURES.get(rank, 'asso' if rank == 1 else rank)} of {SUITS[card[-1]]}"


def cards(codes) -> str:
    return " ".join(codes) if codes else "nothing"


def is_lay(move: Json) -> bool:
    """A legal move that lays its card, as its ``kind`` says: the variant's play rule
    decided it (a Foraccio asso on an empty table takes only itself, a Scopa asso is
    laid). A ``captured`` event, which has no kind, is a capture."""
    return move.get("kind") == "lay"


def move_words(move: Json) -> str:
    """What a legal move (or a ``captured`` event) does, said after its card: "takes 3d
    4b", "as a sweep, takes …", "takes only itself", "lays it on the table"."""
    if is_lay(move):
        return "lays it on the table"
    jolly = move.get("jolly")
    how = "" if jolly is None else ("as a sweep, " if jolly == "sweep" else f"as a {jolly}, ")
    take = move.get("take") or ()
    return how + (f"takes {cards(take)}" if take else "takes only itself")


def event_words(event: Json, bots: tuple[str, ...], places: Places = FORACCIO) -> str | None:
    """One event as a sentence; None for the ones told otherwise (the score sheet)."""
    kind = event["type"]
    if kind == "laid":
        return f"{does(event['seat'], bots, 'lay', places)} {event['card']}."
    if kind == "captured":
        return (f"{does(event['seat'], bots, 'play', places)} {event['card']}: "
                f"{move_words(event)}.")
    if kind == "bonus":
        points = event["points"]
        return (f"{line_name(event['name'])}! {points} point{'' if points == 1 else 's'} for "
                f"{places.team_words(event['team'])} ({event['card']}).")
    if kind == "table_collected":
        return (f"The cards left on the table ({cards(event['cards'])}) go to "
                f"{places.team_words(event['team'])}: "
                f"{seat_name(event['seat'], bots, places)} captured last.")
    if kind == "dealt":
        return f"Hand {event['hand']}: {does(event['dealer'], bots, 'deal', places)}."
    if kind == "dealt_more":
        laid = f", and {cards(event['table'])} face up on the table" if event.get("table") else ""
        return f"The hands are empty: more cards are dealt from the stock{laid}."
    if kind == "deal_captured":
        return (f"{does(event['seat'], bots, 'take', places)} {cards(event['cards'])} from "
                f"the table as the cards are dealt.")
    if kind == "first_dealer_chosen":
        return f"{does(event['dealer'], bots, 'deal', places)} first (the highest card drawn)."
    if kind == "match_won":
        return match_won(event["team"], event["scores"], places)
    return None
