"""The terminal table's loop in a room: show each change of the room as it arrives (every
seat's plays, bots' and people's, the score sheets, who comes and goes), and ask the
person only what their link may decide: their seat's play, the next deal, and for the
host the start of the match.

Everything arrives through one :class:`~foraccio.cli.table.inbox.Inbox`: the room's versions
from its stream and the lines the person types. A question (a play, which way, the next
deal) is moot as soon as the room moves on (the turn clock played for the person, the
host handed the seat to a bot, someone else dealt): the new version is shown and the
question asked again from it. A change the server refuses because the room had moved on
first (409) shows the room as it is now, then asks again.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from rich.console import Console, RenderableType
from rich.rule import Rule

from foraccio.cli.table.base import Json, TableError
from foraccio.cli.table.choose import QUIT, Quit, read_move
from foraccio.cli.table.inbox import Inbox, News
from foraccio.cli.table.places import places_of
from foraccio.cli.table.render import game_title, hand_line, legend, score_sheet, table_panel
from foraccio.cli.table.room import FATAL, RoomConflict, RoomTable
from foraccio.cli.table.speech import _
from foraccio.cli.table.words import event_words, seat_name
from foraccio.lab.speech import N_, bot_title

NEXT = N_("Enter deals the next hand, q quits: ")
START = N_("Enter starts the match, q quits: ")
CATCH_UP = 5.0
"""Seconds to wait for the stream to bring the version a 409 answer named, before
showing that answer's room instead."""


class Changed(Exception):
    """The room moved on while the person was being asked."""


class RoomLoop:
    """One room at the terminal, through ``table``, as its link sees it (``view``, the
    room when the link joined), on ``console``, waiting on ``inbox``."""

    def __init__(self, table: RoomTable, view: Json, console: Console, inbox: Inbox) -> None:
        self.table = table
        self.view = view
        self.console = console
        self.inbox = inbox
        self.me: int | None = view["seat"]
        self.places = places_of(view["match"], self.me)
        self.target = table.target(view["match"])
        self.here = connected(view["seats"])
        self.spectators: int = view["spectators"]
        self.prompt: str | None = None
        """The question on the screen, waiting for its answer."""
        self.announced = 0
        """The last version what it waits for was said."""

    # --- the screen -------------------------------------------------------------------

    def show(self, renderable: RenderableType) -> None:
        self.leave_prompt()
        self.console.print(renderable, highlight=False)

    def leave_prompt(self) -> None:
        """End the line of the question on the screen, if one is: what arrives is shown
        below it, and the question asked again after."""
        if self.prompt is not None:
            self.console.print()
            self.prompt = None

    def say(self, text: str) -> None:
        self.show(text)

    def ask(self, prompt: str) -> str:
        """The person's answer to ``prompt``; meanwhile, show what arrives. Raise
        :class:`Changed` when the room moves on, :class:`Quit` on Ctrl-D."""
        while True:
            if self.prompt is None:
                self.console.print(prompt, end="", highlight=False)
                self.prompt = prompt
            news = self.inbox.get()
            if news.kind in ("line", "eof"):
                self.prompt = None
                if news.kind == "eof":
                    raise Quit
                return news.value
            if self.handle(news):
                self.leave_prompt()
                raise Changed

    @property
    def players(self) -> tuple[str, ...]:
        """Who plays each seat, as the seats' names show it: its bot, or ``person``."""
        return tuple(seat["bot"] or "person" for seat in self.view["seats"])

    def name(self, seat: int) -> str:
        return seat_name(seat, self.players, self.places)

    def tell(self, events: Sequence[Json]) -> None:
        """Each event as a sentence, a hand's score as its sheet."""
        for event in events:
            if event["type"] == "hand_scored":
                self.show(score_sheet(event, self.target, self.places))
                continue
            words = event_words(event, self.players, self.places)
            if words is not None:
                self.say(words)

    def show_table(self) -> None:
        """The table, and the person's hand with the cards they may play now."""
        away = {seat for seat, info in enumerate(self.view["seats"])
                if info["player"] == "person" and seat not in self.here and seat != self.me}
        self.show(table_panel(self.view["match"], self.players, self.target, self.places,
                              away))
        if self.me is not None:  # a watcher's link holds no hand
            self.show(hand_line(self.view["cards"], {move["card"] for move in self.view["moves"]},
                                self.places))

    # --- the loop ---------------------------------------------------------------------

    def run(self) -> int:
        """Follow the room until it is finished; raise :class:`Quit` when the person
        leaves, :class:`TableError` when the room or its server is gone."""
        self.welcome()
        while self.view["status"] != "finished":
            try:
                self.step()
            except Changed:
                continue
        self.say(_("The room is finished."))
        return 0

    def welcome(self) -> None:
        view, match = self.view, self.view["match"]
        self.console.print(Rule(_("{game} room, first to {target}").format(
            game=game_title(self.places), target=self.target)))
        self.console.print(legend(self.places))
        # People count seats from 1, as the web table does; the wire from 0.
        role = (_("You play seat {number}.").format(number=(self.me or 0) + 1)
                if view["role"] == "seat" else
                _("You host it: you start the match, then watch.") if view["role"] == "host"
                else _("You watch it (a spectator's link: no hand)."))
        self.say(_("Room {room} on {url}.").format(room=view["room"], url=self.table.url))
        self.say(role)
        self.say(_("At the table: {seats}.").format(seats="; ".join(
            self.seat_words(seat) for seat in self.places.shown)))
        if self.me is not None and view["seats"][self.me]["bot"]:
            self.say(_("The host has handed your seat to {bot}; type back to take it "
                       "back.").format(bot=bot_title(view["seats"][self.me]["bot"], _)))
        self.tell(match["events"])
        if view["status"] == "playing" and match["phase"] == "playing" and not view["moves"]:
            self.show_table()  # (the person's turn shows it anyway)

    def seat_words(self, seat: int) -> str:
        if seat == self.me or self.view["seats"][seat]["player"] == "bot":
            return self.name(seat)
        return _("{seat}, here").format(seat=self.name(seat)) if seat in self.here else _(
            "{seat}, not here yet").format(seat=self.name(seat))

    def step(self) -> None:
        """One question to the person, or one piece of news."""
        view = self.view
        if view["moves"]:
            self.play(view)
        elif (view["status"] == "playing" and view["match"]["phase"] == "hand_over"
              and view["role"] != "spectator"):
            if self.ask(_(NEXT)).strip().lower() in QUIT:
                raise Quit
            self.send(lambda: self.table.next_hand(view["version"]))
        elif view["status"] == "waiting" and view["role"] == "host":
            if self.ask(_(START)).strip().lower() in QUIT:
                raise Quit
            self.send(self.table.start)
        else:
            self.announce(view)
            self.handle(self.inbox.get())

    def play(self, view: Json) -> None:
        self.show_table()
        if view["deadline"] is not None:
            left = max(0, round(view["deadline"] - time.time()))
            self.say(_("You have {seconds} s; then the server plays for you.").format(
                seconds=min(left, view["turn_seconds"])))
        move = read_move(self.ask, self.say, view["cards"], view["moves"], self.places)
        self.send(lambda: self.table.play(move, view["version"]))

    def send(self, change: Callable[[], Json]) -> None:
        """Make ``change``, and show the room after it; when the room had moved on, show
        it as it is now."""
        try:
            self.receive(change(), ours=True)
        except RoomConflict as conflict:
            self.say(_("Too late: the room changed first. Here it is as it is now.")
                     if conflict.code == "stale_version" else conflict.message)
            self.catch_up(conflict.room)
            if not self.view["moves"]:
                self.show_table()
        except TableError as error:
            if error.code in FATAL:
                raise
            # Not sent, or refused: the stream tells whether anything changed.
            self.say(_(error.message))

    def catch_up(self, room: Json) -> None:
        """Show the room's versions up to ``room`` (a 409 answer's) as the stream brings
        them, in order; or ``room`` itself when the stream is slow to."""
        deadline = time.monotonic() + CATCH_UP
        while self.view["version"] < room["version"]:
            news = self.inbox.get(timeout=deadline - time.monotonic())
            if news is None:
                self.receive(room)
                return
            self.handle(news)

    def announce(self, view: Json) -> None:
        """Say, once a version, what the room waits for when it is not the person."""
        if self.announced == view["version"]:
            return
        self.announced = view["version"]
        match = view["match"]
        if view["status"] == "waiting":
            self.say(_("Waiting for the host to start the match; q leaves."))
        elif view["status"] == "playing" and match["phase"] == "playing":
            turn = match["turn"]
            if turn != self.me and view["seats"][turn]["player"] == "person":
                self.say(_("Waiting for {seat} to play…").format(seat=self.name(turn)))
        elif view["status"] == "playing" and view["role"] == "spectator":
            self.say(_("The next hand is dealt when a player asks, or by the server "
                       "shortly."))

    # --- what arrives -----------------------------------------------------------------

    def handle(self, news: News) -> bool:
        """Show ``news``; True when it is a new version of the room."""
        if news.kind == "room":
            return self.receive(news.value)
        if news.kind == "presence":
            self.note_presence(news.value["seats"], news.value["spectators"])
        elif news.kind == "lost":
            self.say(_("The connection to {url} dropped ({reason}); reconnecting…").format(
                url=self.table.url, reason=news.value))
        elif news.kind == "back":
            self.say(_("Connected again."))
        elif news.kind == "failed":
            self.leave_prompt()
            raise news.value
        elif news.kind == "line":
            self.command(news.value.strip().lower())
        elif news.kind == "eof":
            raise Quit
        return False

    def receive(self, view: Json, ours: bool = False) -> bool:
        """Show what ``view`` did, when it is newer than the room shown; True if so.
        ``ours``: it answers a change this table asked for."""
        before = self.view
        if view["version"] <= before["version"]:
            return False
        self.view = view
        kind = view["kind"]
        gap = view["version"] > before["version"] + 1
        if gap:
            self.say(_("(Some changes were missed: here is the room as it is now.)"))
        if kind == "played" and not ours and self.me is not None and (
                before["seats"][self.me]["bot"] is None) and any(
                event.get("seat") == self.me for event in view["events"]
                if event["type"] in ("laid", "captured")):
            self.say(_("Played for you (the turn clock ran out, or your link is open "
                       "elsewhere):"))
        if kind == "started":
            self.say(_("The match has started."))
        elif kind == "seat":
            self.tell_seats(before["seats"], view["seats"])
        elif kind == "closed":
            self.say(_("The host has closed the room."))
        self.tell(view["events"])
        if (gap or kind in ("started", "dealt")) and not view["moves"]:
            self.show_table()  # (the person's turn shows it anyway)
        self.note_presence(view["seats"], view["spectators"])
        return True

    def tell_seats(self, before: Sequence[Json], after: Sequence[Json]) -> None:
        """Which seat was joined, given a new invite, handed to a bot, or back to its
        person."""
        for seat, (was, now) in enumerate(zip(before, after, strict=True)):
            if was.get("joined") != now.get("joined") and seat != self.me:
                self.say((_("{seat} has been taken by its person.") if now.get("joined") else
                          _("The host has invited someone new to {seat}.")).format(
                    seat=self.places.seats[seat]))
            if was["bot"] == now["bot"]:
                continue
            if seat == self.me:
                self.say(_("Your seat is played by {bot} now; type back to take it back.").format(
                    bot=bot_title(now["bot"], _)) if now["bot"] else _("Your seat is yours again."))
            else:
                self.say(_("{seat} is played by {bot} now.").format(
                    seat=self.places.seats[seat], bot=bot_title(now["bot"], _)
                ) if now["bot"] else _(
                    "{seat} is played by its person now.").format(
                    seat=self.places.seats[seat]))

    def note_presence(self, seats: Sequence[Json], spectators: int) -> None:
        """Say who has come and gone since last noted (the person's own seat aside)."""
        here = connected(seats)
        for seat in sorted(here ^ self.here):
            if seat != self.me:
                self.say((_("{seat} has joined the room.") if seat in here else _(
                    "{seat} has left the room.")).format(seat=self.name(seat)))
        if spectators != self.spectators:
            self.say((_.plural("{count} spectator watching (you among them).",
                                 "{count} spectators watching (you among them).", spectators)
                      if self.view["role"] == "spectator" else _.plural(
                          "{count} spectator watching.", "{count} spectators watching.",
                          spectators)).format(count=spectators))
        self.here, self.spectators = here, spectators

    def command(self, text: str) -> None:
        """A line typed while the room waits for someone else."""
        view = self.view
        if text in QUIT:
            raise Quit
        if text in ("t", "table", "tavolo"):
            self.show_table()
        elif text in ("back", "riprendi") and self.me is not None and view["seats"][self.me]["bot"]:
            self.send(lambda: self.table.take_back(self.me))
        elif (text == "bot" and self.me is not None and view["status"] == "playing"
              and not view["seats"][self.me]["bot"]):
            self.send(lambda: self.table.hand_to_bot(self.me))
        elif text in ("?", "h", "help"):
            self.say(self.commands())
        elif text:
            self.say(f"{self.why_not(view)} {self.commands()}")

    def commands(self) -> str:
        """What the person may type while the room waits for someone else."""
        if self.me is not None and self.view["seats"][self.me]["bot"]:
            return _("Meanwhile: t shows the table, back takes your seat back from its bot, "
                     "q leaves.")
        if self.me is not None and self.view["status"] == "playing":
            return _("Meanwhile: t shows the table, bot has the heuristic bot play for you "
                     "until you type back, q leaves.")
        return _("Meanwhile: t shows the table, q leaves.")

    def why_not(self, view: Json) -> str:
        """Why the person cannot act now, in a sentence."""
        if view["role"] != "seat":
            return (_("The host's link watches: each seat plays from its own link.")
                    if view["role"] == "host" else _("You are watching: a spectator's link "
                                                     "cannot play."))
        if view["status"] == "waiting":
            return _("The match has not started: its host starts it.")
        if view["status"] == "finished":
            return _("The room is finished.")
        turn = view["match"]["turn"]
        if turn is None or turn == self.me:
            return _("Not now.")
        return _("It is not your turn: {seat} is to play.").format(seat=self.name(turn))


def connected(seats: Sequence[Json]) -> set[int]:
    """The seats whose person has the room open."""
    return {seat for seat, info in enumerate(seats) if info["connected"]}
