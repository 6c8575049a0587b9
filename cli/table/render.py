"""What the terminal table shows, as ``rich`` renderables: the table, the person's hand
and the score sheet, in the table's language. Cards are named in words; where the person
may type a card (their hand, the table) its wire code (``7c``, ``13s``) is shown beside
its name, coloured by suit."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table as Grid
from rich.text import Text

from foraccio.cli.table.base import Json
from foraccio.cli.table.places import FORACCIO, Places, places_of
from foraccio.cli.table.speech import _
from foraccio.cli.table.words import card_name, cards, line_name, seat_name
from foraccio.core.registry import get_variant
from foraccio.core.words import ITALIAN_DECK, speak
from foraccio.lab.speech import record_of

SUIT_STYLES = {"c": "bold red", "d": "bold yellow", "b": "bold green", "s": "bold blue"}
"""A colour per suit letter (another deck's suits are shown plain)."""


def legend(places: Places = FORACCIO) -> Text:
    """How to read a card's code, in the game's card names: "Cards are rank and suit:
    c cups, d coins, ...; 1 ace, 11 jack, 12 knight, 13 king."."""
    record = record_of(get_variant, places.variant)
    deck = speak(record, _.language)["cards"] if record is not None else {
        "suits": {letter: _(name) for letter, name in ITALIAN_DECK.suits.items()},
        "ranks": {rank: _(name) for rank, name in ITALIAN_DECK.ranks.items()}}
    suits = Text(", ").join(Text.assemble((letter, SUIT_STYLES.get(letter, "bold")), " ", name)
                            for letter, name in deck["suits"].items())
    ranks = ", ".join(f"{rank} {name}" for rank, name in deck["ranks"].items())
    return Text.assemble(_("Cards are rank and suit: "), suits, "; ", ranks, ".")


def card(code: str, style: str = "") -> Text:
    """One card's code, coloured by its suit."""
    return Text(code, style=f"{SUIT_STYLES.get(code[-1], 'bold')} {style}".strip())


def named_card(code: str, places: Places = FORACCIO, style: str = "") -> Text:
    """A card's code and, beside it, its name: where a person may type it."""
    return Text.assemble(card(code, style), " ", (card_name(code, places),
                                                  f"italic {style}".strip()))


def card_row(codes: Iterable[str], places: Places = FORACCIO) -> Text:
    """Cards with their codes and names, two spaces apart."""
    return Text("  ").join(named_card(code, places) for code in codes)


def marks(view: Json, team: int, places: Places = FORACCIO) -> Text:
    """The team's bonuses of this hand, e.g. ``scopa 7 (7 of cups)``."""
    bonuses = [event for event in view["events"]
               if event["type"] == "bonus" and event["team"] == team]
    if not bonuses:
        return Text("")
    return Text(", ").join(
        Text.assemble((f"{line_name(b['name'], places).lower()} {b['points']}",
                       "bold magenta"),
                      f" ({card_name(b['card'], places)})" if b.get("card") else "")
        for b in bonuses)


def cards_count(count: int) -> str:
    return _.plural("{count} card", "{count} cards", count).format(count=count)


def table_panel(view: Json, bots: tuple[str, ...], target: int, where: Places | None = None,
                away: Collection[int] = ()) -> Panel:
    """The match now: scores, seats with their card counts (who dealt, who is to play,
    whose person is ``away``: a room's person without the room open), the table, the
    stock when cards are kept back for a later deal, each team's pile with its marks.
    ``where`` names the seats (default: for the person at seat 0)."""
    where = places_of(view) if where is None else where
    seats = Grid.grid(padding=(0, 2))
    seats.add_column()
    seats.add_column(justify="right")
    seats.add_column()
    for seat in where.shown:  # opposite, then the left side, the right side and you
        notes = []
        if view["dealer"] == seat:
            notes.append(Text(_("dealer"), style="cyan"))
        if view["turn"] == seat:
            notes.append(Text(_("to play"), style="bold reverse"))
        if seat in away:
            notes.append(Text(_("away"), style="dim"))
        seats.add_row(seat_name(seat, bots, where), cards_count(view["hand_sizes"][seat]),
                      Text(" · ").join(notes))
    piles = Grid.grid(padding=(0, 2))
    piles.add_column()
    piles.add_column(justify="right")
    piles.add_column()
    for team, pile in enumerate(view["piles"]):
        piles.add_row(team_label(where, team), _("{count} in pile").format(count=len(pile)),
                      marks(view, team, where))
    scores = Text(_("Match: {scores}; first to {target} wins.").format(
        scores=where.scores(view["scores"]), target=target), style="bold")
    table = Text.assemble((_("Table: "), "bold"), card_row(view["table"], where)) if view[
        "table"] else Text(_("The table is empty."), style="dim")
    if view.get("stock"):
        table.append_text(Text("   " + _.plural(
            "(stock: {count} card to deal)", "(stock: {count} cards to deal)",
            view["stock"]).format(count=view["stock"]), style="dim"))
    title = _("{game} · hand {hand}").format(game=game_title(where), hand=view["hand"])
    return Panel(Group(scores, seats, table, piles), title=title, title_align="left",
                 expand=False)


def game_title(places: Places) -> str:
    """The game's title in its own words (its variant's name when it is not here)."""
    record = record_of(get_variant, places.variant)
    return places.variant.capitalize() if record is None else speak(record, _.language)[
        "title"]


def team_label(where: Places, team: int) -> str:
    """A team and, when it has several, its seats: ``Us (you + partner)``, ``Right``."""
    members = where.members[team]
    if len(members) == 1 or where.me is None:  # a watcher's teams are named by their seats
        return where.teams[team]
    who = " + ".join(where.seats[seat].lower() for seat in members)
    return f"{where.teams[team]} ({who})"


class Flow:
    """Pieces of text laid out left to right, two spaces apart, in lines as wide as the
    terminal, broken between pieces only. rich breaks a text at any whitespace (a
    non-breaking space included), which would leave a card's key at the end of one line
    and the card at the start of the next."""

    def __init__(self, pieces: Sequence[Text]):
        self.pieces = pieces

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        line = Text()
        for piece in self.pieces:
            if line and line.cell_len + 2 + piece.cell_len > options.max_width:
                yield line
                line = Text()
            line.append_text(Text("  ") + piece if line else piece)
        yield line


def hand_line(cards: Sequence[str], playable: set[str], places: Places = FORACCIO) -> Flow:
    """The person's hand, each card after its key (``1``, ``2``…) with its code and name,
    the three never on different lines; playable cards bright, the others dim."""
    parts = [Text(_("Your hand"), style="bold")]
    for key, code in enumerate(cards, start=1):
        style = "" if code in playable else "dim"
        parts.append(Text.assemble((f"[{key}] ", "bold" if code in playable else "dim"),
                                   named_card(code, places, style if style else "reverse")))
    return Flow(parts)


def score_sheet(scored: Json, target: int, where: Places = FORACCIO) -> RenderableType:
    """The ``hand_scored`` event as a sheet: its lines in order, the hand's points and the
    match totals against the target, for the teams of ``where``."""
    sheet = Grid(title=_("Score sheet"), title_justify="left", show_edge=False)
    sheet.add_column(_("Team"))
    sheet.add_column(_("Score line"))
    sheet.add_column(_("Points"), justify="right")
    sheet.add_column(_("Cards"))
    for line in scored["lines"]:
        sheet.add_row(where.teams[line["team"]], line_name(line["name"], where),
                      str(line["points"]), cards(line["cards"], where) if line["cards"] else "")
    hand = Text(_("This hand: {scores}.").format(scores=where.scores(scored["points"])),
                style="bold")
    match = Text(_("Match: {scores} (first to {target}).").format(
        scores=where.scores(scored["scores"]), target=target), style="bold")
    return Group(sheet, hand, match)
