"""What the terminal table shows, as ``rich`` renderables: the table, the person's hand
and the score sheet. Cards keep their wire codes (``7c``, ``13s``), the very codes the
person may type, coloured by suit."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table as Grid
from rich.text import Text

from foraccio.cli.table.base import Json
from foraccio.cli.table.places import FORACCIO, Places, places_of
from foraccio.cli.table.words import line_name, seat_name

SUIT_STYLES = {"c": "bold red", "d": "bold yellow", "b": "bold green", "s": "bold blue"}
LEGEND = Text.assemble(
    "Cards are rank and suit: ", ("c", SUIT_STYLES["c"]), " coppe, ", ("d", SUIT_STYLES["d"]),
    " denari, ", ("b", SUIT_STYLES["b"]), " bastoni, ", ("s", SUIT_STYLES["s"]),
    " spade; 1 asso, 11 fante, 12 cavallo, 13 re.")


def card(code: str, style: str = "") -> Text:
    """One card, coloured by its suit."""
    return Text(code, style=f"{SUIT_STYLES[code[-1]]} {style}".strip())


def card_row(codes: Iterable[str], empty: str = "empty") -> Text:
    codes = list(codes)
    if not codes:
        return Text(empty, style="dim")
    return Text(" ").join(card(code) for code in codes)


def marks(view: Json, team: int) -> Text:
    """The team's scopa and colore marks of this hand, e.g. ``scopa 7 (7c)``."""
    bonuses = [event for event in view["events"]
               if event["type"] == "bonus" and event["team"] == team]
    if not bonuses:
        return Text("")
    return Text(", ").join(
        Text.assemble((f"{line_name(b['name']).lower()} {b['points']} ", "bold magenta"), "(",
                      card(b["card"]), ")") for b in bonuses)


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
            notes.append(Text("dealer", style="cyan"))
        if view["turn"] == seat:
            notes.append(Text("to play", style="bold reverse"))
        if seat in away:
            notes.append(Text("away", style="dim"))
        seats.add_row(seat_name(seat, bots, where), plural(view["hand_sizes"][seat], "card"),
                      Text(" · ").join(notes))
    piles = Grid.grid(padding=(0, 2))
    piles.add_column()
    piles.add_column(justify="right")
    piles.add_column()
    for team, pile in enumerate(view["piles"]):
        piles.add_row(team_label(where, team), f"{len(pile)} in pile", marks(view, team))
    scores = Text(f"Match: {where.scores(view['scores'])}; first to {target} wins.",
                  style="bold")
    table = Text.assemble(("Table: ", "bold"), card_row(view["table"]))
    if view.get("stock"):
        table.append_text(Text(f"   (stock: {plural(view['stock'], 'card')} to deal)",
                               style="dim"))
    title = f"{view['variant'].capitalize()} · hand {view['hand']}"
    return Panel(Group(scores, seats, table, piles), title=title, title_align="left",
                 expand=False)


def team_label(where: Places, team: int) -> str:
    """A team and, when it has several, its seats: ``Us (you + partner)``, ``Right``."""
    members = where.members[team]
    if len(members) == 1 or where.me is None:  # a watcher's teams are named by their seats
        return where.teams[team]
    who = " + ".join(where.seats[seat].lower() for seat in members)
    return f"{where.teams[team]} ({who})"


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


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


def hand_line(cards: Sequence[str], playable: set[str]) -> Flow:
    """The person's hand, each card after its key (``1``, ``2``…), the two never on
    different lines; playable cards bright, the others dim."""
    parts = [Text("Your hand", style="bold")]
    for key, code in enumerate(cards, start=1):
        style = "" if code in playable else "dim"
        parts.append(Text.assemble((f"[{key}] ", "bold" if code in playable else "dim"),
                                   card(code, style if style else "reverse")))
    return Flow(parts)


def score_sheet(scored: Json, target: int, where: Places = FORACCIO) -> RenderableType:
    """The ``hand_scored`` event as a sheet: its lines in order, the hand's points and the
    match totals against the target, for the teams of ``where``."""
    sheet = Grid(title="Score sheet", title_justify="left", show_edge=False)
    sheet.add_column("Team")
    sheet.add_column("Score line")
    sheet.add_column("Points", justify="right")
    sheet.add_column("Cards")
    for line in scored["lines"]:
        sheet.add_row(where.teams[line["team"]], line_name(line["name"]), str(line["points"]),
                      card_row(line["cards"], empty=""))
    hand = Text(f"This hand: {where.scores(scored['points'])}.", style="bold")
    match = Text(f"Match: {where.scores(scored['scores'])} (first to {target}).", style="bold")
    return Group(sheet, hand, match)

