"""The legal moves of a hand on a table, and the refusal of any other move.

The variant's play rule answers them as :data:`Plays` (``rules.plays``, see
:class:`~foraccio.core.registry.Rules`; :func:`plays_of` remembers its last answer): its
capturing moves come first, then the moves laying a card. ``legal_moves`` lists them
and ``play`` looks the played move up among them, so a move is accepted exactly when
it is listed.

Which of the two a move is, its kind (:data:`~foraccio.core.model.MoveKind`), is where the play
rule listed it: :func:`kinded` says it on each move. A move's card, ``take`` and
``jolly`` alone say which move it is (no move is in both of the rule's lists), so a
move played with a kind is looked up without it, and refused when that is not its kind.
"""

from __future__ import annotations

from typing import Any, NoReturn

from msgspec import UNSET
from msgspec.structs import replace

from foraccio.core.errors import IllegalMove, Reason
from foraccio.core.model import Move, MoveKind
from foraccio.core.quoting import quote, quote_json, shorten
from foraccio.core.words import phrase

Plays = tuple[tuple[Move, ...], int]
"""The legal moves of a hand on a table, and how many of them (the first ones) capture."""


def plays_of(rules: Any, hand: tuple[str, ...], table: tuple[str, ...]) -> Plays:
    """Return the legal moves of ``hand`` on ``table`` under ``rules``."""
    # play() nearly always follows legal_moves() on the same state, so the
    # last answer is kept for the identical (not merely equal) hand, table and
    # rules: the same question, so the same answer.
    last_hand, last_table, last_rules, last_plays = _last[0]
    if hand is last_hand and table is last_table and rules is last_rules:
        return last_plays
    plays = rules.plays(hand, table)
    _last[0] = (hand, table, rules, plays)
    return plays


# In a list, not a global rebound on every call, as in foraccio.core.engine: a compiled module
# caches its global lookups until its globals change.
_last: list[tuple[Any, Any, Any, Any]] = [(None, None, None, None)]


def kind_at(plays: Plays, index: int) -> MoveKind:
    """The kind of the move at ``index`` among ``plays``: the capturing ones come first."""
    return "capture" if index < plays[1] else "lay"


def kinded(plays: Plays) -> tuple[Move, ...]:
    """The moves of ``plays``, each saying its kind (``Move.kind``), whatever the play
    rule's own moves said."""
    return tuple(replace(move, kind=kind_at(plays, index))
                 for index, move in enumerate(plays[0]))


def position(moves: tuple[Move, ...], move: Move) -> int | None:
    """Where ``move`` is among ``moves``: the move with its card and jolly use taking its
    cards of ``take`` in any order, whatever kind either says; None when none is."""
    card, take, jolly = move.card, move.take, move.jolly
    if len(set(take)) != len(take):
        return None
    wanted = frozenset(take)
    for index, listed in enumerate(moves):
        if listed.card == card and listed.jolly == jolly and len(listed.take) == len(take) and (
                listed.take == take or frozenset(listed.take) == wanted):
            return index
    return None


def index_of(plays: Plays, move: Move, hands: tuple[tuple[str, ...], ...], turn: int,
             table: tuple[str, ...]) -> int:
    """Return the position of ``move`` among ``plays``, the cards of ``take`` in any
    order; raise :class:`~foraccio.core.errors.IllegalMove` saying why it is not there, or why
    it is not of the kind it says."""
    moves, capturing = plays
    index = position(moves, move)
    if index is None:
        if move.card not in hands[turn]:
            _refuse_card_not_in_hand(turn, move.card)
        _refuse(move, [listed for listed in moves[:capturing] if listed.card == move.card],
                table)
    kind = kind_at(plays, index)
    if move.kind is not None and move.kind != kind:
        _refuse_kind(move, kind)
    if move.way is not UNSET and move.way != moves[index].way:
        _refuse_way(move, moves[index].way)
    return index


def _refuse(move: Move, captures: list[Move], table: tuple[str, ...]) -> NoReturn:
    card = move.card
    if not move.take and move.jolly is None:
        raise IllegalMove(
            Reason.CAPTURE_REQUIRED,
            phrase("{card} can capture, and capture is compulsory: take {captures}.",
                   card=card, captures=_describe(captures)),
        )
    missing = list(dict.fromkeys(c for c in move.take if c not in table))  # each card once
    if missing:
        cards = shorten(", ".join(missing))  # take may list any number of cards
        problem = (phrase("{cards} is not on the table", cards=cards) if len(missing) == 1
                   else phrase("{cards} are not on the table", cards=cards))
    elif len(set(move.take)) != len(move.take):
        problem = phrase("take lists a card twice")
    elif move.jolly is not None and not any(c.jolly is not None for c in captures):
        problem = phrase("{card} is not a jolly card, so the move must not give a jolly use",
                         card=card)
    else:
        problem = phrase("{card} cannot take {take}", card=card,
                         take=_describe_take(move.take, move.jolly))
    options = (phrase("; it can take {captures}", captures=_describe(captures)) if captures
               else phrase("; it cannot capture here, so it must be laid (take [])"))
    raise IllegalMove(Reason.ILLEGAL_CAPTURE,
                      phrase("Illegal capture: {problem}{options}.", problem=problem,
                             options=options))


def _describe_take(take, jolly) -> str:
    # Also shows the client's own take, which may list any number of cards.
    cards = shorten("[" + ", ".join(take) + "]")
    return cards if jolly is None else phrase("{cards} as jolly {jolly}", cards=cards,
                                              jolly=quote(jolly))


def _describe(captures) -> str:
    # "a or b or c", said as one phrase inside another so that "or" is translated too.
    shown = [_describe_take(c.take, c.jolly) for c in captures[:6]]
    said = shown[0]
    for other in shown[1:]:
        said = phrase("{one} or {other}", one=said, other=other)
    if len(captures) > 6:
        said = phrase("{shown} and {count} more", shown=said, count=len(captures) - 6)
    return said


def _refuse_kind(move: Move, kind: MoveKind) -> NoReturn:
    card = move.card
    if kind == "lay":
        problem = phrase("{card} captures nothing here: it is laid on the table", card=card)
    elif move.take:
        problem = phrase("{card} taking {take} is a capture, not a lay", card=card,
                         take=_describe_take(move.take, move.jolly))
    else:
        problem = phrase("{card} takes only itself here: it is a capture, not a lay", card=card)
    raise IllegalMove(Reason.WRONG_KIND,
                      phrase('{problem}. Post the move with kind "{kind}", or without a kind.',
                             problem=problem, kind=kind))


def _refuse_way(move: Move, way: Any) -> NoReturn:
    take = _describe_take(move.take, move.jolly)
    if way is UNSET:
        problem = phrase("{card} taking {take} has no way of capture here, not {way}. Post "
                         "the move without a way.", card=move.card, take=take,
                         way=quote_json(move.way))
    else:
        problem = phrase('{card} taking {take} is a capture of the way "{way}", not {posted}. '
                         'Post the move with way "{way}", or without a way.', card=move.card,
                         take=take, way=way, posted=quote_json(move.way))
    raise IllegalMove(Reason.WRONG_KIND, problem)


def _refuse_card_not_in_hand(turn: int, card: str) -> NoReturn:
    # Said the same way wherever the card is: in a sealed game, naming the seat
    # that holds it would tell the seat to play where a hidden card lies.
    raise IllegalMove(Reason.CARD_NOT_IN_HAND,
                      phrase("Seat {turn}, the seat to play, does not hold {card}.", turn=turn,
                             card=shorten(card)))
