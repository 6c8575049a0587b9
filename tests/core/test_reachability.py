"""Only reachable states pass: mutations of engine-made states, checked against an oracle.

Each test takes a state the engine made (both variants, with and without house
rules), changes one thing in it (a field, a card moved from one place to
another, a number) and posts it to :func:`validate_state`. The mutated state
must be refused with ``invalid_state`` naming the problem, or refused by the
wire types themselves, or else be equal to the state the engine produces from
the same seed, cuts and moves, rebuilt here without the validator's memo.
"""

from __future__ import annotations

import random
import re
from functools import cache
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from foraccio.core.cards import DECK
from foraccio.core.engine import legal_moves, new_match, next_hand, play
from foraccio.core.errors import EngineError, InvalidState
from foraccio.core.model import MAX_SAFE_INTEGER, Move
from foraccio.core.testing import random_playout
from foraccio.core.validation import validate_state
from foraccio.core.wire import State, to_wire

MATCHES = [
    ("foraccio", ()),
    ("zobelon", ()),
    ("foraccio", ("single-card-priority", "colore")),
    ("zobelon", ("no-last-play-scopa",)),
]
NUMBERS = (-1, 0, 1, 2, 3, 51, 52, 70, 71, 121, MAX_SAFE_INTEGER, MAX_SAFE_INTEGER + 1, 2**62)
WORDS = ("foraccio", "zobelon", "playing", "hand_over", "game_over", "scopa", "colore",
         "napoli", "sweep", "captured", "laid", "single-card-priority", "")


@cache
def states_of(index: int, seed: int) -> tuple[State, ...]:
    """Every state (in its wire form) of a seeded random match, up to the start of its
    fourth hand."""
    variant, house_rules = MATCHES[index]
    states = []
    for step in random_playout(variant, seed, house_rules=house_rules):
        states.append(to_wire(step.after))
        if step.after.hand > 3:
            break
    return tuple(states)


def engine_rebuild(state: State) -> State:
    """The wire state the engine reaches from ``state``'s seed, cuts and moves: the
    oracle, with none of the validator's code or memo. A word of the notation is the
    played card, then after ``+`` the cards taken, if written; the legal move it
    stands for is the one the engine lists for that card, with those cards taken."""
    rebuilt = new_match(state.variant, state.seed, state.options, state.house_rules)
    for number, entry in enumerate(state.record):
        if number:
            rebuilt = next_hand(rebuilt, entry.cut)
        for word in entry.moves.split():
            rebuilt = play(rebuilt, _move_of(word, legal_moves(rebuilt)))[0]
    return to_wire(rebuilt)


def _move_of(word: str, legal: tuple[Move, ...]) -> Move:
    played, plus, taken = word.partition("+")
    card, _, jolly = played.partition("=")
    use = None if not jolly else "sweep" if jolly == "*" else int(jolly)
    if not plus:
        return Move(card)
    take = tuple(re.findall(r"(?:1[0-3]|[1-9])[cdbs]", taken))
    if take:
        return Move(card, take, use)
    ways = [move for move in legal if move.card == card and move.jolly == use
            and (move.take or move.jolly is not None)]
    # No way to take cards: the card captured an empty table, taking only itself.
    return ways[0] if len(ways) == 1 else Move(card, (), use)


# --- mutations of the wire form -------------------------------------------------------


def as_json(state: State) -> dict:
    """``state`` as JSON decodes it: dicts, lists and scalars a test can change."""
    return msgspec.json.decode(msgspec.json.encode(state))


def leaves(value: Any, path: tuple = ()) -> list[tuple]:
    """The path of every scalar (and of every list, for list mutations) in ``value``."""
    found = [path] if isinstance(value, list) else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += leaves(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += leaves(item, (*path, index))
    else:
        found.append(path)
    return found


def test_mutations_change_something():
    rng = random.Random(0)
    states = states_of(0, 0)
    changed = 0
    for state in states:
        mutated = as_json(state)
        mutate(mutated, rng)
        changed += mutated != as_json(state)
    assert changed >= 0.9 * len(states)  # a few draw the value they replace


def get(value: Any, path: tuple) -> Any:
    for key in path:
        value = value[key]
    return value


def put(value: Any, path: tuple, new: Any) -> None:
    get(value, path[:-1])[path[-1]] = new


def mutate(wire: dict, rng: random.Random) -> str:
    """Change one thing in ``wire`` (in place); return what was changed."""
    paths = leaves(wire)
    path = rng.choice(paths)
    old = get(wire, path)
    cards = [p for p in paths if p and isinstance(get(wire, p), str) and get(wire, p) in DECK]
    if isinstance(old, list):
        if old and rng.random() < 0.5:
            del old[rng.randrange(len(old))]
            return f"dropped an item of {path}"
        if old:
            old.insert(rng.randrange(len(old) + 1), rng.choice(old))
            return f"doubled an item of {path}"
        old.append(rng.choice(DECK))
        return f"added a card to {path}"
    if isinstance(old, str) and old in DECK:
        other = rng.choice(cards)
        if rng.random() < 0.7:  # a card moved: the two places swap their cards
            put(wire, path, get(wire, other))
            put(wire, other, old)
            return f"swapped the cards at {path} and {other}"
        put(wire, path, rng.choice(DECK))
        return f"replaced the card at {path}"
    if path[-1] == "moves" and old:
        put(wire, path, mutate_notation(old, rng))
        return f"changed the moves at {path} from {old!r}"
    if isinstance(old, bool):
        put(wire, path, not old)
    elif isinstance(old, int):
        put(wire, path, rng.choice((old + 1, old - 1, *NUMBERS)))
    elif isinstance(old, str):
        put(wire, path, rng.choice(WORDS))
    elif old is None:
        put(wire, path, rng.choice((0, 1, 3, "sweep")))
    return f"changed {path} from {old!r}"


def mutate_notation(notation: str, rng: random.Random) -> str:
    """A hand's moves with one thing changed: a move dropped, two moves swapped, a card
    of a move replaced, a capture said to be a lay or the other way round."""
    played = notation.split()
    at = rng.randrange(len(played))
    roll = rng.random()
    if roll < 0.25:
        del played[at]
    elif roll < 0.5:
        other = rng.randrange(len(played))
        played[at], played[other] = played[other], played[at]
    elif roll < 0.75:
        cards = re.findall(r"(?:1[0-3]|[1-9])[cdbs]", played[at])
        played[at] = played[at].replace(rng.choice(cards), rng.choice(DECK), 1)
    else:
        word = played[at]
        played[at] = word.split("+")[0].split("=")[0] if "+" in word else word + "+"
    return " ".join(played)


def check(mutated: dict, change: str) -> str:
    """Validate a mutated wire state; return how it ended: refused by the wire types,
    refused as invalid, or accepted because the engine itself reaches it."""
    try:
        state = msgspec.convert(mutated, State, strict=True)
    except msgspec.ValidationError:
        return "wire"
    if state.version != 2:
        return "wire"  # another version: refused before anything else
    try:
        validate_state(state)
    except InvalidState as error:
        assert error.code == "invalid_state"
        assert error.message.endswith(".") and len(error.message) < 600, error.message
        return "invalid"
    try:
        rebuilt = engine_rebuild(state)
    except EngineError as error:
        raise AssertionError(f"{change}: accepted, but the engine cannot replay it: "
                             f"{error}") from None
    # A receipt is the server's, not the engine's: it ignores it (the API checks it).
    assert rebuilt == replace(state, receipt=None), \
        f"{change}: accepted, but not what the engine reaches"
    return "reachable"


@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(MATCHES) - 1), st.integers(0, 5), st.integers(0, 10**6),
       st.randoms(use_true_random=False))
def test_a_mutated_state_is_refused_or_is_one_the_engine_reaches(index, seed, at, rng):
    states = states_of(index, seed)
    original = states[at % len(states)]
    mutated = as_json(original)
    change = mutate(mutated, rng)
    check(mutated, change)


@pytest.mark.parametrize("field", [field for field in State.__struct_fields__
                                   if field != "receipt"])  # the API's (tests/api)
@pytest.mark.parametrize("index", range(len(MATCHES)))
def test_every_field_changed_is_refused_or_reachable(field, index):
    rng = random.Random(f"{field}:{index}")
    outcomes = set()
    for state in states_of(index, 1)[::9]:
        wire = as_json(state)
        if field not in wire:
            continue
        for _ in range(3):
            mutated = as_json(state)
            paths = [p for p in leaves(mutated) if p and p[0] == field]
            if not paths:
                continue
            path = rng.choice(paths)
            focused = {field: get(mutated, path[:1])}
            change = mutate(focused, rng)  # only inside this field
            mutated[field] = focused[field]
            outcomes.add(check(mutated, f"{field}: {change}"))
    # Most changes break a state; a field none of whose changes is noticed is suspect.
    assert outcomes & {"wire", "invalid"}, (field, outcomes)


@pytest.mark.parametrize("index", range(len(MATCHES)))
def test_every_card_moved_to_another_place_is_refused(index):
    # A card in a hand, on the table or in a pile, moved to any other of those places.
    state = states_of(index, 2)[30]
    places = [("hands", seat) for seat in range(4)] + [("table",), ("piles", 0), ("piles", 1)]
    for source in places:
        for card in get(as_json(state), source):
            for target in places:
                if target == source:
                    continue
                mutated = as_json(state)
                get(mutated, source).remove(card)
                get(mutated, target).append(card)
                assert check(mutated, f"{card} from {source} to {target}") != "reachable"


def test_an_unmutated_state_passes_the_check():
    for index in range(len(MATCHES)):
        for state in states_of(index, 0)[::7]:
            assert check(as_json(state), "nothing") == "reachable"
