"""The compiled engine (core/compiled.py) is the engine its sources make, only faster.

``make test`` runs the suite on the source (``FORACCIO_PURE_PYTHON=1``), then the
engine's tests on the compiled build; ``FORACCIO_EXPECT_ENGINE`` tells each run which
engine it must have. Beside the engine's own tests passing on both, the compiled and
the source engine play the same seeded matches here and must make the same states,
events, refusals and bot moves, byte for byte.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import msgspec
import pytest

from foraccio.bots import Budget, choose_move
from foraccio.core import compiled
from foraccio.core.cards import DECK
from foraccio.core.engine import legal_moves, new_match, next_hand, play
from foraccio.core.errors import IllegalMove
from foraccio.core.model import Move
from foraccio.core.registry import get_variant, variants
from foraccio.core.testing import compatible_house_rules
from foraccio.core.view import seat_view

CHECKOUT = Path(__file__).resolve().parents[2]

MATCHES = 2
"""Seeded random matches per variant and house rule."""

BOT_EVERY = 25
"""In the first match of each, the bots choose a move at every this many plays..."""

SEARCH = Budget(iterations=20)
"""...ISMCTS with this budget (an iteration budget: the same move for the same seed)."""


def test_the_engine_is_the_one_the_run_asked_for():
    for name in compiled.MODULES:
        importlib.import_module(name)
    expected = os.environ.get("FORACCIO_EXPECT_ENGINE")
    if expected == "compiled":
        assert compiled.active() == compiled.built() == compiled.MODULES, (
            "this run is to test the compiled engine, which is not built or not current: "
            "see what make compiled printed")
    elif expected == "source" or compiled.PURE_PYTHON:
        assert compiled.active() == compiled.built() == ()
    else:  # a run by hand: whatever is built is used, unless its source is newer
        for name in compiled.active():
            build = Path(sys.modules[name].__file__)
            source = compiled.source_of(name, build)
            assert build.stat().st_mtime >= source.stat().st_mtime


def test_the_compiled_and_the_source_engine_play_alike():
    source = subprocess.run(
        [sys.executable, "-c", "from tests.core.test_compiled import digest; print(digest())"],
        cwd=CHECKOUT, env={**os.environ, "FORACCIO_PURE_PYTHON": "1"}, capture_output=True,
        text=True, check=True)
    assert source.stdout.strip() == digest()


def digest() -> str:
    """A hash of every state, event, list of legal moves, refusal and bot move (as wire
    bytes) of seeded matches of each installed variant, with no house rule and with each
    that applies."""
    made = hashlib.sha256()
    for variant in sorted(variants()):
        for house_rules in [(), *((rule.name,) for rule in
                                  compatible_house_rules(get_variant(variant)))]:
            for seed in range(MATCHES):
                for value in _played(variant, seed, house_rules):
                    made.update(msgspec.json.encode(value))
    return made.hexdigest()


def _played(variant: str, seed: int, house_rules: tuple[str, ...]):
    state = new_match(variant, seed, house_rules=house_rules)
    yield state
    plays = 0
    while state.phase != "game_over" and plays < 2000:
        if state.phase == "hand_over":
            state = next_hand(state)
            yield state
        moves = legal_moves(state)
        yield moves
        yield _refusal(state, moves)
        if seed == 0 and plays % BOT_EVERY == 0:
            view = seat_view(state, state.turn)
            yield [choose_move(bot, view, plays, SEARCH) for bot in ("heuristic", "ismcts")]
        state, events = play(state, moves[(seed + plays) * 7919 % len(moves)])
        plays += 1
        yield state, events


def _refusal(state, moves) -> str:
    """The refusal of a move taking a table card that no legal move of its card takes
    (or of a card not in the hand), as the engine words it."""
    card = moves[0].card
    taken = {taken for move in moves if move.card == card for taken in move.take}
    untaken = [table_card for table_card in state.table if table_card not in taken]
    hand = state.hands[state.turn]
    wrong = (Move(card, (untaken[0],)) if untaken
             else Move(next(other for other in DECK if other not in hand)))
    with pytest.raises(IllegalMove) as refused:
        play(state, wrong)
    return f"{refused.value.reason} {refused.value}"


@pytest.fixture
def a_built_module(tmp_path, monkeypatch):
    """A module of the compiled engine, ``built``, beside its source: the build is an
    empty file, which the finder looks at but never loads."""
    (tmp_path / "built.py").write_text("")
    build = tmp_path / f"built{EXTENSION_SUFFIXES[0]}"
    build.write_bytes(b"")
    monkeypatch.setattr(compiled, "MODULES", ("built",))
    monkeypatch.setattr(compiled, "PURE_PYTHON", False)
    return tmp_path


def test_a_build_newer_than_its_source_is_left_to_python_which_loads_it(a_built_module):
    os.utime(a_built_module / "built.py", (0, 0))
    assert compiled.SourceWhenAsked().find_spec("built", [str(a_built_module)]) is None


def test_a_build_older_than_its_source_is_passed_over_with_a_warning(a_built_module):
    os.utime(a_built_module / f"built{EXTENSION_SUFFIXES[0]}", (0, 0))
    with pytest.warns(RuntimeWarning, match="older than .*make compiled"):
        found = compiled.SourceWhenAsked().find_spec("built", [str(a_built_module)])
    assert found.origin == str(a_built_module / "built.py")


def test_an_installed_build_is_loaded_whichever_file_pip_wrote_first(a_built_module,
                                                                     monkeypatch):
    # As FORACCIO_COMPILE=1 pip install . installs it: build and source from one wheel.
    monkeypatch.setattr(compiled, "_package_directories", lambda: {a_built_module.resolve()})
    os.utime(a_built_module / f"built{EXTENSION_SUFFIXES[0]}", (0, 0))
    assert compiled.SourceWhenAsked().find_spec("built", [str(a_built_module)]) is None


def test_pure_python_asked_for_passes_over_every_build(a_built_module, monkeypatch):
    monkeypatch.setattr(compiled, "PURE_PYTHON", True)
    os.utime(a_built_module / "built.py", (0, 0))
    found = compiled.SourceWhenAsked().find_spec("built", [str(a_built_module)])
    assert found.origin == str(a_built_module / "built.py")


def test_a_module_imported_by_its_name_in_the_checkout_comes_from_its_source_too(
        a_built_module, monkeypatch):
    # As the yardstick imports core.engine from the checkout's root, for foraccio.core.engine.
    monkeypatch.setattr(compiled, "MODULES", ("foraccio.built",))
    monkeypatch.setattr(compiled, "PURE_PYTHON", True)
    found = compiled.SourceWhenAsked().find_spec("built", [str(a_built_module)])
    assert found.origin == str(a_built_module / "built.py")


def test_other_modules_are_left_to_python(a_built_module):
    (a_built_module / "other.py").write_text("")
    assert compiled.SourceWhenAsked().find_spec("other", [str(a_built_module)]) is None
