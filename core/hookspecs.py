"""Hook specifications: every point where a variant or a house rule shapes the game.

A variant is an ordered list of plugins implementing these hooks (see
:mod:`core.registry`); a house rule's plugins are registered after the variant's,
house rule after house rule in the order the match names them, so a later one
overrides or wraps the earlier ones (that order is part of the contract). Hooks
are grouped by the phases of a match. Every hook takes keyword arguments; an
implementation may accept fewer arguments than the spec lists, so specs can
grow without breaking plugins. ``options`` holds the variant's options by name
and each house rule's as ``"<house rule>.<option>"``.

Each docstring says what an answer must be. The engine checks it where the
plugin returns it (:mod:`core.registry.guards`): a malformed answer, or an
exception raised by the implementation or by a rule function it returned, is a
:class:`~core.errors.PluginError` naming the plugin and the hook (the API's 500
``plugin_error``), never a failure later in another plugin.

Calling conventions, chosen per hook:

- ``firstresult`` hooks have exactly one answer ("deal this hand"): the
  first non-None result wins, so a plugin registered later (a house rule)
  overrides one registered earlier, and a ``wrapper=True`` implementation
  can adjust the answer of the others.
- list-returning hooks collect a contribution from every plugin ("score
  lines of this hand").

The hooks of the play phase are *rule factories*: they are called once when
the engine assembles the rules of a variant with given options, and return
the plain function the engine then calls on every play. A pluggy call costs
about as much as a whole play, so the engine never makes one per play.
Rule functions must be pure: same arguments, same answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

import pluggy

from core.model import ScoreLine, State
from core.rules import CaptureEffect, Deal, FirstDealer, Options, PlayRule

PROJECT = "foraccio"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


# -------------------------------------------------------------------------------------
# Match set-up
# -------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def foraccio_build_deck(options: Options) -> Sequence[str] | None:
    """Return the cards of the deck, in their order before the shuffle.

    Called once when the rules of a variant with given options are assembled.
    The engine shuffles a copy with the match's seeded generator for the draw
    of the first dealer and for every deal.

    :param options: The match's options, every default filled in.

    Stops at the first non-None result.
    """


@hookspec(firstresult=True)
def foraccio_first_dealer(deck: Sequence[str], rng: Random, options: Options) -> FirstDealer | None:
    """Choose the dealer of the first hand.

    Called once, when a match starts.

    :param deck: A freshly shuffled deck to draw from.
    :param rng: The match's seeded generator for this draw; use it for any
        further randomness (a reshuffle), never another source.
    :param options: The match's options.

    Return a :class:`~core.rules.FirstDealer` with the dealer's seat and the
    draws that decided it. Stops at the first non-None result.
    """


@hookspec(firstresult=True)
def foraccio_match_target(options: Options) -> int | None:
    """Return the score a team must reach to win the match (71 in Foraccio): an int
    from 1.

    Called when the rules of a variant with given options are assembled.

    :param options: The match's options.

    Stops at the first non-None result.
    """


# -------------------------------------------------------------------------------------
# Deal
# -------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def foraccio_next_dealer(dealer: int, options: Options) -> int | None:
    """Return the seat that deals the next hand, 0 to 3.

    Called when a hand after the first is dealt.

    :param dealer: The seat that dealt the hand just finished.
    :param options: The match's options.

    Stops at the first non-None result.
    """


@hookspec(firstresult=True)
def foraccio_deal(deck: Sequence[str], dealer: int, options: Options) -> Deal | None:
    """Deal a hand from a shuffled, cut deck.

    Called at the start of every hand, and again for each hand when a match
    is replayed from its record.

    :param deck: The deck as it will be dealt, top card first.
    :param dealer: The dealer's seat; dealing starts with ``dealer + 1``.
    :param options: The match's options.

    Return a :class:`~core.rules.Deal`: four hands (index = seat) and the
    cards laid face up on the table. Every card of ``deck`` must end up in
    exactly one of them. Stops at the first non-None result.
    """


# -------------------------------------------------------------------------------------
# Play (rule factories: called once per rule set, see the module docstring)
# -------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def foraccio_play_rule(options: Options) -> PlayRule | None:
    """Return the function listing the moves of a hand: what each card captures, and
    which cards may be laid on the table.

    The function is called as ``play_rule(hand, table)`` and returns a pair
    ``(captures, lays)`` of sequences of :class:`~core.model.Move`:

    - ``captures``: for every card of ``hand``, every capture it can make on
      ``table`` (``take`` lists the table cards it takes, ``jolly`` the jolly
      use), without duplicates. An ace meeting an empty table captures
      nothing but itself: a capturing move with an empty ``take``.
    - ``lays``: a move ``Move(card)`` for every card that may be laid on the
      table instead (use :data:`core.rules.LAY`). In Foraccio these are the
      cards that cannot capture, because capture is compulsory.

    Every card of the hand must be played by at least one move, and no move
    may be in both lists. The function gets the whole hand at once so that it
    analyses the table once per play, not once per card.

    A house rule that changes what cards capture implements this hook with
    ``wrapper=True``: ``rule = yield`` gives the rule of the plugins below it,
    and it returns a function that calls ``rule`` and adjusts its answer.

    :param options: The match's options.

    Stops at the first non-None result.
    """


@hookspec
def foraccio_capture_effects(options: Options) -> CaptureEffect | None:
    """Return a function giving the bonus events of a capture (scopa, colore, ...).

    Every plugin may contribute one function, called as ``effect(context)``
    with a :class:`~core.rules.CaptureContext` after each capture; it returns
    the :class:`~core.model.Bonus` events the capture earns (usually none).
    Bonus points are scored at the end of the hand by their ``name``.

    A house rule that changes another plugin's bonuses implements this hook
    with ``wrapper=True``: ``effects = yield`` gives the other plugins'
    functions (last registered first), and it returns the list with some
    of them wrapped, dropped or added.

    :param options: The match's options.

    Returns a function, or None to contribute nothing. All results are used,
    in plugin order. Each :class:`~core.model.Bonus` an effect returns is for a
    seat 0 to 3 and that seat's team, worth an int from 0 points.
    """


# -------------------------------------------------------------------------------------
# End of the hand
# -------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def foraccio_collect_table(state: State, options: Options) -> int | None:
    """Return the seat (0 to 3) whose team takes the cards left on the table when a
    hand ends.

    Called once per hand, after its last play, only when the table is not
    empty. Taking these cards is never a scopa.

    :param state: The match after the hand's last play: ``state.table`` holds
        the cards left, ``state.last_capturer`` the seat that captured last,
        ``state.events`` every capture of the hand.
    :param options: The match's options.

    Stops at the first non-None result.
    """


@hookspec
def foraccio_score_lines(state: State, options: Options) -> Sequence[ScoreLine] | None:
    """Return the score lines one scoring rule gives a hand.

    Called at the end of every hand, and whenever a client asks for the
    score of a hand in progress. Every scoring rule (onori, spade, carte,
    napoli, bonuses, ...) contributes its own named lines, for either team.
    A rule that depends on the others' lines, such as la 24, implements this
    hook with ``wrapper=True``: ``results = yield`` gives the lists returned
    by the other plugins, and it returns them with its own added.

    :param state: The match, with the hand's cards in ``state.piles`` and its
        bonus events in ``state.events``; ``state.dealer`` dealt the hand.
    :param options: The match's options.

    Returns a sequence of :class:`~core.model.ScoreLine`, each for team 0 or 1
    and worth an int from 0 points, or None. All results are used, in plugin
    order. The built-in lines' names are listed in docs/plugins.md.
    """


# -------------------------------------------------------------------------------------
# End of the match
# -------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def foraccio_match_winner(scores: tuple[int, int], target: int, options: Options) -> int | None:
    """Decide whether the match is won after a hand, and by which team.

    Called after every hand, once its points are added to the match scores.

    :param scores: The two teams' match scores.
    :param target: The match target (see :func:`foraccio_match_target`).
    :param options: The match's options.

    Return the winning team (0 or 1), or None to play another hand. Every
    plugin may return None, so a variant must provide a fallback (some plugin
    of a variant must implement this hook).
    """
