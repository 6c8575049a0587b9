"""Hook specifications: every point where a variant or a house rule shapes the game.

A variant is an ordered list of plugins implementing these hooks (see
:mod:`foraccio.core.registry`); a house rule's plugins are registered after the variant's,
house rule after house rule in the order the match names them, so a later one
overrides or wraps the earlier ones (that order is part of the contract). Hooks
are grouped by the phases of a match. Every hook takes keyword arguments; an
implementation may accept fewer arguments than the spec lists, so specs can
grow without breaking plugins. ``options`` holds the variant's options by name
and each house rule's as ``"<house rule>.<option>"``; ``seating`` is the
match's :class:`~foraccio.core.rules.Seating` (seats, teams, turn order), which the
variant decides through :func:`foraccio_seating`.

Each docstring says what an answer must be. The engine checks it where the
plugin returns it (:mod:`foraccio.core.registry.guards`): a malformed answer, or an
exception raised by the implementation or by a rule function it returned, is a
:class:`~foraccio.core.errors.PluginError` naming the plugin and the hook (the API's 500
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

from foraccio.core.model import ScoreLine, State
from foraccio.core.rules import (
    CaptureEffect,
    CardValues,
    Deal,
    DealContext,
    DealEffects,
    Declaration,
    FirstDealer,
    Options,
    PlayRule,
    Seating,
)

PROJECT = "foraccio"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


# -------------------------------------------------------------------------------------
# Match set-up
# -------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def foraccio_seating(options: Options) -> Seating | None:
    """Return how the match seats its players: how many (2 to 6), in which teams, and
    in which order they play.

    Called once when the rules of a variant with given options are assembled.
    Build the answer with :func:`foraccio.core.rules.seating`: ``seating(4, ((0, 2), (1, 3)))``
    is Foraccio's table (:data:`foraccio.core.rules.PARTNERS_OPPOSITE`), ``seating(2)`` two
    players each for themselves. Seats are numbered ``0`` to ``seats - 1``; hands,
    seat keys and views follow the seats, piles and scores the teams.

    :param options: The match's options, every default filled in.

    Stops at the first non-None result.
    """


@hookspec(firstresult=True)
def foraccio_build_deck(options: Options) -> Sequence[str] | None:
    """Return the cards of the deck, in their order before the shuffle: any of the 52
    card codes of :data:`foraccio.core.cards.DECK`, each at most once (Scopa's 40 leave out the
    8s, 9s and 10s).

    Called once when the rules of a variant with given options are assembled.
    The engine shuffles a copy with the match's seeded generator for the draw
    of the first dealer and for every deal.

    :param options: The match's options, every default filled in.

    Stops at the first non-None result.
    """


@hookspec(firstresult=True)
def foraccio_card_values(options: Options) -> CardValues | None:
    """Return each card's value for capturing: a mapping from every card of the deck to
    an int from 1.

    Called once when the rules are assembled. The engine keeps the table in order
    of value (then suit), and the bots judge captures by value; the play rule and
    the scoring rules are the variant's own and may use these values or others.
    When no plugin implements it, a card's value is its rank (1 to 13).

    :param options: The match's options.

    Stops at the first non-None result.
    """


@hookspec(firstresult=True)
def foraccio_first_dealer(deck: Sequence[str], rng: Random, options: Options,
                          seating: Seating) -> FirstDealer | None:
    """Choose the dealer of the first hand.

    Called once, when a match starts.

    :param deck: A freshly shuffled deck to draw from.
    :param rng: The match's seeded generator for this draw; use it for any
        further randomness (a reshuffle), never another source.
    :param options: The match's options.
    :param seating: The match's seating.

    Return a :class:`~foraccio.core.rules.FirstDealer` with the dealer's seat and the
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
def foraccio_next_dealer(dealer: int, options: Options, seating: Seating) -> int | None:
    """Return the seat that deals the next hand.

    Called when a hand after the first is dealt.

    :param dealer: The seat that dealt the hand just finished.
    :param options: The match's options.
    :param seating: The match's seating.

    Stops at the first non-None result.
    """


@hookspec(firstresult=True)
def foraccio_deal(deck: Sequence[str], dealer: int, options: Options, seating: Seating,
                  stage: int, variant: str) -> Deal | None:
    """Deal one stage of a hand.

    Called at the start of every hand with ``stage`` 0 and the whole deck,
    shuffled and cut. When the answer keeps cards back (its ``stock``), it is
    called again, with ``stage`` 1, 2, ... and those cards, each time every
    hand is empty again: Scopa deals three cards each, four to the table, and
    three more each whenever the hands run out. Called again for each stage
    when a match is replayed from its record, so the answer must depend only on
    the arguments.

    :param deck: The cards to deal, top card first: the whole deck at stage 0,
        the stock kept back at the stages after.
    :param dealer: The dealer's seat; the seat after it in turn order plays first.
    :param options: The match's options.
    :param seating: The match's seating.
    :param stage: 0 for the deal that starts the hand, then 1, 2, ...
    :param variant: The variant's name.

    Return a :class:`~foraccio.core.rules.Deal`: one hand per seat (index = seat), the
    cards laid face up on the table, and the stock kept back (top card first).
    Every card of ``deck`` must end up in exactly one of them; a stage after the
    first must give some seat a card. Stops at the first non-None result.
    """


@hookspec(firstresult=True)
def foraccio_deal_effects(deal: DealContext, options: Options,
                          seating: Seating) -> DealEffects | None:
    """Say what one stage of a deal does besides placing the cards: a seat's team taking
    cards of the table, bonuses earned (Escoba's dealer takes the four table cards when
    they add up to 15, and scores an escoba).

    Called after every stage of every deal, once ``foraccio_deal`` has placed its
    cards: at the start of every hand (stage 0) and whenever more cards are dealt from
    the stock (stage 1, 2, ...); again for each stage when a match is replayed from
    its record, so the answer must depend only on the arguments. Not called when no
    plugin implements it: then a deal only places cards, as it always did.

    :param deal: The stage just dealt, as anyone at the table sees it (a
        :class:`~foraccio.core.rules.DealContext`): the hand and stage, the dealer, the cards
        ``laid`` face up by this stage, the whole ``table`` and the card ``values``.
        It holds no hand and no stock, so the answer can never depend on a hidden card.
    :param options: The match's options.
    :param seating: The match's seating: ``seating.team_of[seat]`` is a seat's team.

    Return a :class:`~foraccio.core.rules.DealEffects`: the ``seat`` whose team takes the table
    cards ``take`` (each on the table, each once; none to take nothing), and the
    :class:`~foraccio.core.model.Bonus` events earned, each for a seat and that seat's team,
    worth an int from 0 points, scored at the end of the hand by their ``name`` as
    a capture's bonuses are. Return None for a deal that does nothing more. The
    engine records a :class:`~foraccio.core.model.DealCaptured` event for the cards taken,
    then the bonuses. Stops at the first non-None result: a house rule overrides the
    variant's deal effects, or adjusts them with ``wrapper=True``.
    """


@hookspec
def foraccio_declarations(cards: tuple[str, ...], seat: int, deal: DealContext,
                          options: Options, seating: Seating) -> Sequence[Declaration] | None:
    """Say what a seat's hand, just dealt, declares: Cirulla's busso (a hand adding up to
    less than 10) or tris (three of a kind), shown to everyone and scored.

    Called after every stage of every deal (after ``foraccio_deal_effects``), once per
    seat that holds cards, in turn order from the seat after the dealer; again for each
    stage when a match is replayed from its record, so the answer must depend only on
    the arguments. Not called when no plugin implements it.

    :param cards: The seat's hand after this stage, and nothing of any other hand.
    :param seat: The seat whose hand it is; ``seating.team_of[seat]`` its team.
    :param deal: The stage just dealt as anyone at the table sees it (a
        :class:`~foraccio.core.rules.DealContext`: hand, stage, dealer, the cards laid,
        the table and the card values).
    :param options: The match's options.
    :param seating: The match's seating.

    Return a sequence of :class:`~foraccio.core.rules.Declaration` (``name``, the
    ``cards`` of the hand it shows, each once, and the ``points``, an int from 0), or
    None to declare nothing. Every plugin may contribute; all answers are used, in
    plugin order. For each, the engine records a :class:`~foraccio.core.model.Declared`
    event, which every seat and spectator sees (the cards shown and nothing else of the
    hand), and scores its points at the end of the hand as a score line named ``name``,
    after the scoring rules' lines. A house rule changes another plugin's declarations
    with ``wrapper=True``: ``results = yield`` gives the other plugins' answers (last
    registered first), and it returns that list changed.

    Example, a busso worth 3 points::

        @hookimpl
        def foraccio_declarations(cards, deal):
            if sum(deal.values[card] for card in cards) < 10:
                return [Declaration("busso", cards, 3)]
            return None
    """


# -------------------------------------------------------------------------------------
# Play (rule factories: called once per rule set, see the module docstring)
# -------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def foraccio_play_rule(options: Options, values: CardValues) -> PlayRule | None:
    """Return the function listing the moves of a hand: what each card captures, and
    which cards may be laid on the table.

    The function is called as ``play_rule(hand, table)`` and returns a pair
    ``(captures, lays)`` of sequences of :class:`~foraccio.core.model.Move`:

    - ``captures``: for every card of ``hand``, every capture it can make on
      ``table`` (``take`` lists the table cards it takes, ``jolly`` the jolly
      use), without duplicates. A capture may take nothing but the card
      itself, as a Foraccio ace meeting an empty table does: a capturing move
      with an empty ``take`` (where the card is simply laid, it is a lay).
    - ``lays``: a move ``Move(card)`` for every card that may be laid on the
      table instead (use :data:`foraccio.core.rules.LAY`). In Foraccio these are the
      cards that cannot capture, because capture is compulsory.

    Every card of the hand must be played by at least one move, and no move
    may be in both lists. The function gets the whole hand at once so that it
    analyses the table once per play, not once per card.

    The list a move is in is its kind (:data:`~foraccio.core.model.MoveKind`), which
    the engine says on each legal move when asked
    (``legal_moves(state, kinds=True)``) and the API on every move it
    answers: a move of ``captures`` is a ``"capture"``, also when its
    ``take`` is empty; a move of ``lays`` is a ``"lay"``. The rule's moves
    leave ``kind`` out (``None``): the engine says it from the two lists,
    whatever a move of the rule says.

    A house rule that changes what cards capture implements this hook with
    ``wrapper=True``: ``rule = yield`` gives the rule of the plugins below it,
    and it returns a function that calls ``rule`` and adjusts its answer. One that
    compares cards by value reads ``values``, never the ranks: a variant may value
    its cards otherwise (see :func:`foraccio_card_values`).

    :param options: The match's options.
    :param values: Each card of the deck to its value for capturing, as
        :func:`foraccio_card_values` gave it (its rank where no plugin did).

    Stops at the first non-None result.
    """


@hookspec
def foraccio_capture_effects(options: Options, seating: Seating) -> CaptureEffect | None:
    """Return a function giving the bonus events of a capture (scopa, colore, ...).

    Every plugin may contribute one function, called as ``effect(context)``
    with a :class:`~foraccio.core.rules.CaptureContext` after each capture; it returns
    the :class:`~foraccio.core.model.Bonus` events the capture earns (usually none).
    Bonus points are scored at the end of the hand by their ``name``.

    A house rule that changes another plugin's bonuses implements this hook
    with ``wrapper=True``: ``effects = yield`` gives the other plugins'
    functions (last registered first), and it returns the list with some
    of them wrapped, dropped or added.

    :param options: The match's options.
    :param seating: The match's seating: ``seating.team_of[seat]`` is a seat's team.

    Returns a function, or None to contribute nothing. All results are used,
    in plugin order. Each :class:`~foraccio.core.model.Bonus` an effect returns is for a
    seat of the match and that seat's team, worth an int from 0 points.
    """


# -------------------------------------------------------------------------------------
# End of the hand
# -------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def foraccio_collect_table(state: State, options: Options, seating: Seating) -> int | None:
    """Return the seat whose team takes the cards left on the table when a
    hand ends.

    Called once per hand, after its last play, only when the table is not
    empty. Taking these cards is never a scopa.

    :param state: The match after the hand's last play: ``state.table`` holds
        the cards left, ``state.last_capturer`` the seat that captured last,
        ``state.events`` every capture of the hand.
    :param options: The match's options.
    :param seating: The match's seating.

    Stops at the first non-None result.
    """


@hookspec
def foraccio_score_lines(state: State, options: Options,
                         seating: Seating) -> Sequence[ScoreLine] | None:
    """Return the score lines one scoring rule gives a hand.

    Called at the end of every hand, and whenever a client asks for the
    score of a hand in progress. Every scoring rule (onori, spade, carte,
    napoli, bonuses, ...) contributes its own named lines, for either team.
    A rule that depends on the others' lines, such as la 24, implements this
    hook with ``wrapper=True``: ``results = yield`` gives a list of the other
    plugins' answers (each a sequence of lines, already checked, or None), and it
    returns a list of them with its own added.

    :param state: The match, with the hand's cards in ``state.piles`` (one pile
        per team, the cards a deal took included) and its bonus events in
        ``state.events`` (a capture's and a deal's); ``state.dealer`` dealt the hand;
        ``state.record[-1].deck`` is the hand's deck as dealt. Its hands, table and
        stock are empty at the end of the hand, and hidden mid-hand: read the piles
        and the events.
    :param options: The match's options.
    :param seating: The match's seating.

    Returns a sequence of :class:`~foraccio.core.model.ScoreLine`, each for a team of the
    match and worth an int from 0 points, or None. All results are used, in plugin
    order. The built-in lines' names are listed in docs/plugins.md.
    """


# -------------------------------------------------------------------------------------
# End of the match
# -------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def foraccio_match_winner(scores: tuple[int, ...], target: int, options: Options,
                          seating: Seating) -> int | None:
    """Decide whether the match is won after a hand, and by which team.

    Called after every hand, once its points are added to the match scores.

    :param scores: The teams' match scores (index = team).
    :param target: The match target (see :func:`foraccio_match_target`).
    :param options: The match's options.
    :param seating: The match's seating.

    Return the winning team, or None to play another hand. Every
    plugin may return None, so a variant must provide a fallback (some plugin
    of a variant must implement this hook).
    """
