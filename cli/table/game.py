"""The terminal table's loop: show the table, read the person's plays, let the bots
play at a readable pace, show each hand's score sheet, deal on until the match is won."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from rich.console import Console
from rich.rule import Rule

from foraccio.cli.table.base import PERSON, Json, Table, TableError
from foraccio.cli.table.choose import QUIT, Quit, read_move
from foraccio.cli.table.places import Places, places_of
from foraccio.cli.table.render import game_title, hand_line, legend, score_sheet, table_panel
from foraccio.cli.table.speech import _
from foraccio.cli.table.words import event_words, match_won
from foraccio.lab.speech import bot_title

FATAL = frozenset({"network", "http", "invalid_token", "forbidden_seat"})
"""Errors after which the match cannot go on: the server is gone, or no longer knows
the game (a new secret after a restart)."""


class TableLoop:
    """One match at the terminal, through ``table``, on ``console``."""

    def __init__(self, table: Table, console: Console, pace: float = 1.0,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.table = table
        self.console = console
        self.pace = pace
        self.sleep = sleep
        self.places: Places = places_of(table.view())

    def ask(self, prompt: str) -> str:
        try:
            return self.console.input(prompt)
        except EOFError:  # Ctrl-D, or the end of piped input
            raise Quit from None

    def say(self, text: str) -> None:
        self.console.print(text, highlight=False)

    def tell(self, events: Sequence[Json]) -> None:
        """Each event as a sentence (the score sheet is shown on its own)."""
        for event in events:
            words = event_words(event, self.table.bots, self.places)
            if words is not None:
                self.say(words)

    def run(self) -> int:
        """Play the match to its end; raise :class:`Quit` when the person leaves."""
        table = self.table
        view = table.view()
        self.console.print(Rule(_("{game}: {sides}, first to {target}").format(
            game=game_title(self.places), sides=sides(self.places), target=table.target)))
        self.console.print(legend(self.places))
        self.say(_("Played on {where}.").format(where=table.where))
        for bot, description in table.described.items():
            self.say(_("Bot {bot}: {description}").format(bot=bot_title(bot, _),
                                                          description=description))
        self.tell(view["events"])
        while True:
            view = table.view()
            if view["phase"] == "playing":
                self.step(view)
                continue
            self.show_score_sheet(view)
            if view["phase"] == "game_over":
                return 0
            if self.ask(_("Enter deals the next hand, q quits: ")).strip().lower() in QUIT:
                raise Quit
            table.next_hand()
            self.tell(table.view()["events"])

    def step(self, view: Json) -> None:
        """One play: the person's, or a bot's followed by a pause to read it."""
        table = self.table
        if view["turn"] != PERSON:
            self.tell(table.bot_play())
            self.sleep(self.pace)
            return
        moves = table.legal_moves()
        self.console.print(table_panel(view, table.bots, table.target, self.places))
        self.console.print(hand_line(view["cards"], {move["card"] for move in moves},
                                     self.places))
        move = read_move(self.ask, self.say, view["cards"], moves, self.places)
        try:
            self.tell(table.play(move))
        except TableError as error:
            if error.code in FATAL:
                raise
            self.say(_(error.message))

    def show_score_sheet(self, view: Json) -> None:
        scored = [event for event in view["events"] if event["type"] == "hand_scored"]
        self.console.print(score_sheet(scored[-1], self.table.target, self.places))
        if view["phase"] == "game_over":
            self.say(match_won(view["winner"], view["scores"], self.places))


def sides(where: Places) -> str:
    """Who plays against whom: "you and your partner against two bots", "you against
    two bots, each for themselves"."""
    mine = next(team for team in where.members if PERSON in team)
    partners = len(mine) - 1
    opponents = len(where.seats) - len(mine)
    alone = len(where.members) > 2 and all(len(team) == 1 for team in where.members)
    if not partners:
        said = (_.plural("you against {count} bot, each for themselves",
                           "you against {count} bots, each for themselves", opponents)
                if alone else _.plural("you against {count} bot", "you against {count} bots",
                                         opponents))
    else:
        said = _.plural("you and your partner against {count} bot",
                          "you and your partner against {count} bots", opponents) if (
            partners == 1) else _.plural("you and your {partners} partners against "
                                           "{count} bot", "you and your {partners} partners "
                                           "against {count} bots", opponents)
    return said.format(count=opponents, partners=partners)
