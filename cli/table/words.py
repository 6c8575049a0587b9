"""The table in plain words: who did what, what a play did, what a score line is, in the
table's language (:mod:`foraccio.cli.table.speech`).

Seats and teams are named from the person's chair (:mod:`foraccio.cli.table.places`): at
Foraccio's table seat 0 is "you", seat 2 (opposite) your partner, seat 1 the opponent
on your right (play passes to the right, docs/rules.md §2.1) and seat 3 the one on
your left; team 0 is "us". Every function naming a seat or a team takes the match's
:class:`~foraccio.cli.table.places.Places`, Foraccio's (the person at seat 0) by default; a
room may seat the person elsewhere.

Cards are named in words ("re di spade", "king of swords"), score lines and move kinds
by the game's own words (its variant's and house rules', :func:`foraccio.core.words.speak`):
nothing here names a line or a rule of one game.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from foraccio.cli.table.base import Json
from foraccio.cli.table.places import FORACCIO, Places
from foraccio.cli.table.speech import _
from foraccio.core.registry import get_house_rule, get_variant
from foraccio.core.words import speak
from foraccio.lab.speech import N_, bot_title, record_of


def seat_name(seat: int, bots: tuple[str, ...], places: Places = FORACCIO) -> str:
    """``You``, or another seat with who plays it (its bot, or in a room ``person``):
    ``Right (heuristic)``."""
    name = places.seats[seat]
    if seat == places.me:
        return name
    player = _("person") if bots[seat] == "person" else bot_title(bots[seat], _)
    return f"{name} ({player})"


def _said(seat: int, bots: tuple[str, ...], places: Places, mine: str, theirs: str,
          **words: object) -> str:
    """The sentence ``mine`` when ``seat`` is the person's, else ``theirs`` with the seat
    named; both filled with ``words``."""
    if seat == places.me:
        return _(mine).format(**words)
    return _(theirs).format(seat=seat_name(seat, bots, places), **words)


def match_won(team: int, scores: Sequence[int], places: Places = FORACCIO) -> str:
    """"We win the match, 72 to 60.", "Right wins the match, 11 to 9 to 4.": the
    winner's score first, then the others' from the highest, as the web table says it."""
    others = sorted((score for other, score in enumerate(scores) if other != team),
                    reverse=True)
    scores = score_run([scores[team], *others])
    if places.mine(team):
        return (_("We win the match, {scores}.") if places.plural(team)
                else _("You win the match, {scores}.")).format(scores=scores)
    return (_("{team} win the match, {scores}.") if places.plural(team)
            else _("{team} wins the match, {scores}.")).format(team=places.teams[team],
                                                               scores=scores)


def score_run(scores: Sequence[int]) -> str:
    """Scores one after the other: "72 to 60", "11 to 9 to 4"."""
    said = str(scores[0])
    for score in scores[1:]:
        said = _("{first} to {second}").format(first=said, second=score)
    return said


def line_name(name: str, places: Places = FORACCIO) -> str:
    """A score line's (or bonus's) name in the words of the game ``places`` plays."""
    return _.line(places.variant, places.house_rules, name)


def card_name(card: str, places: Places = FORACCIO) -> str:
    """A card in words: ``7c`` is "7 of cups" ("7 di coppe"), ``13s`` "king of swords"
    ("re di spade"), with the game's own card names."""
    return _.card(card, places.variant)


THE = N_("the {card}")
THE_BEFORE_A_VOWEL = N_("the {card}, its name starting with a vowel")
"""A card with its article, where a language elides it before a vowel ("l'asso",
"l'8"); English says both "the {card}"."""

VOWEL = re.compile(r"([aeiou]|8|11\b|18\b)", re.IGNORECASE)
"""A name that starts with a vowel sound ("ace", "asso", "8", "11"), as the web table
tells it (web/static/js/words.js)."""


def the_card(card: str, places: Places = FORACCIO) -> str:
    """A card in words with its article, inside a sentence: "the king of swords" ("il re
    di spade", "l'asso di coppe")."""
    name = card_name(card, places)
    return _(THE_BEFORE_A_VOWEL if VOWEL.match(name) else THE).format(card=name)


def the_cards(codes: Sequence[str], places: Places = FORACCIO) -> str:
    """Cards in words, each with its article: "the 2 of swords and the 4 of cups"
    ("il 2 di spade e il 4 di coppe"); "nothing" for none."""
    return listed([the_card(code, places) for code in codes or ()])


def cards(codes: Sequence[str], places: Places = FORACCIO) -> str:
    """Cards in words, as a list without articles (a column of the score sheet): "2 of
    swords and 4 of cups"; "nothing" for none."""
    return listed([card_name(code, places) for code in codes or ()])


def listed(names: Sequence[str]) -> str:
    """Names as a list: "a, b and c"; "nothing" for none."""
    if not names:
        return _("nothing")
    if len(names) == 1:
        return names[0]
    return _("{cards} and {last}").format(cards=", ".join(names[:-1]), last=names[-1])


def rank_name(rank: int, places: Places = FORACCIO) -> str:
    """A rank in the game's words ("jack", "fante"); a rank it does not name is its
    number."""
    record = record_of(get_variant, places.variant)
    ranks = speak(record, _.language)["cards"]["ranks"] if record is not None else {}
    return ranks.get(str(rank), str(rank))


def is_lay(move: Json) -> bool:
    """A legal move that lays its card, as its ``kind`` says: the variant's play rule
    decided it (a Foraccio asso on an empty table takes only itself, a Scopa asso is
    laid). A ``captured`` event, which has no kind, is a capture."""
    return move.get("kind") == "lay"


def way_words(way: str, places: Places = FORACCIO) -> str:
    """A kind of capture in the game's own words (its variant's, or a house rule's that
    adds it); a way no one names is said from its name."""
    for record in (record_of(get_variant, places.variant),
                   *(record_of(get_house_rule, rule) for rule in places.house_rules)):
        if record is not None and way in (kinds := speak(record, _.language)["kinds"]):
            return kinds[way]
    return way.replace("_", " ")


def move_words(move: Json, places: Places = FORACCIO) -> str:
    """What a legal move (or a ``captured`` event) does, said after its card: "takes the
    3 of coins and the 4 of batons", "as a sweep, takes …", "takes only itself", "lays
    it on the table"; the kind of capture the game names (its ``way``) is said after, in
    the game's words: "takes the 7 of coins (takes what makes eleven with it)"."""
    if is_lay(move):
        return _("lays it on the table")
    take = move.get("take") or ()
    said = _("takes {cards}").format(cards=the_cards(take, places)) if take else _(
        "takes only itself")
    jolly = move.get("jolly")
    if jolly == "sweep":
        said = _("as a sweep, {move}").format(move=said)
    elif jolly is not None:
        # A value in words, as a card is said: "as a jack", "as an 8" ("come un fante").
        value = rank_name(int(jolly), places)
        said = (_("as an {value}, {move}") if VOWEL.match(value)
                else _("as a {value}, {move}")).format(value=value, move=said)
    way = move.get("way")
    if way is not None:
        said = _("{move} ({way})").format(move=said, way=way_words(way, places))
    return said


def event_words(event: Json, bots: tuple[str, ...], places: Places = FORACCIO) -> str | None:
    """One event as a sentence; None for the ones told otherwise (the score sheet)."""
    kind = event["type"]
    if kind == "laid":
        return _said(event["seat"], bots, places, N_("You lay {card}."), N_("{seat} lays {card}."),
                     card=the_card(event["card"], places))
    if kind == "captured":
        return _said(event["seat"], bots, places, N_("You play {card}: {move}."),
                     N_("{seat} plays {card}: {move}."), card=the_card(event["card"], places),
                     move=move_words(event, places))
    if kind == "bonus":
        points = event["points"]
        bonus = event.get("card")
        words = {"line": line_name(event["name"], places), "points": points,
                 "team": places.team_words(event["team"])}
        if bonus is None:
            return _.plural("{line}! {points} point for {team}.",
                              "{line}! {points} points for {team}.", points).format(**words)
        return _.plural("{line}! {points} point for {team} ({card}).",
                          "{line}! {points} points for {team} ({card}).", points).format(
            card=card_name(bonus, places), **words)
    if kind == "declared":
        points = _.plural("{points} point for {team}", "{points} points for {team}",
                          event["points"]).format(points=event["points"],
                                                  team=places.team_words(event["team"]))
        return _said(event["seat"], bots, places, N_("You declare {line} and show {cards}: "
                                                     "{points}."),
                     N_("{seat} declares {line} and shows {cards}: {points}."),
                     line=line_name(event["name"], places), cards=cards(event["cards"], places),
                     points=points)
    if kind == "table_collected":
        return _("The cards left on the table ({cards}) go to {team}: {seat} captured "
                 "last.").format(cards=the_cards(event["cards"], places),
                                 team=places.team_words(event["team"]),
                                 seat=seat_name(event["seat"], bots, places))
    if kind == "dealt":
        return _said(event["dealer"], bots, places, N_("Hand {hand}: you deal."),
                     N_("Hand {hand}: {seat} deals."), hand=event["hand"])
    if kind == "dealt_more":
        if event.get("table"):
            return _("The hands are empty: more cards are dealt from the stock, and "
                     "{cards} face up on the table.").format(
                cards=the_cards(event["table"], places))
        return _("The hands are empty: more cards are dealt from the stock.")
    if kind == "deal_captured":
        return _said(event["seat"], bots, places,
                     N_("You take {cards} from the table as the cards are dealt."),
                     N_("{seat} takes {cards} from the table as the cards are dealt."),
                     cards=the_cards(event["cards"], places))
    if kind == "first_dealer_chosen":
        return _said(event["dealer"], bots, places,
                     N_("You deal first (the highest card drawn)."),
                     N_("{seat} deals first (the highest card drawn)."))
    if kind == "match_won":
        return match_won(event["team"], event["scores"], places)
    return None
