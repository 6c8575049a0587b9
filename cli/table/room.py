"""The terminal table in a room on a running server: ``foraccio play --room LINK``.

A room (:mod:`rooms`) holds a sealed match on the server and plays its bots itself; its
host hands each person a link that acts for one seat, and keeps a host's and a
spectator's link. :class:`RoomTable` speaks to ``/rooms`` with one link: it reads the
room as the link sees it (a RoomView, the API's wire form), follows the room's event
stream (Server-Sent Events, reconnecting with ``Last-Event-ID`` when the connection
drops), and posts the person's plays, each with the version of the room it was chosen
on. Where :mod:`foraccio.cli.table.remote` drives a sealed game that it created, this table only
joins: the server decides who plays when.

The link is the web table's (``http://host:port/#join=<invite>``) or the invite alone
with the server's URL given apart. The invite goes in an ``Authorization`` header, as
the API asks, never in a URL. A seat's invite is first exchanged, once, for the seat's
key (:func:`joined_link`), which the table keeps in the data directory (``room-keys``,
readable by its owner only), so that opening the same invite again brings the person
back to their seat.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
import urllib.parse
from collections.abc import Iterator
from typing import Any, NamedTuple

import httpx

from foraccio.api.data_dir import data_dir_path
from foraccio.cli.table.base import Json, TableError
from foraccio.cli.table.inbox import News
from foraccio.cli.table.speech import _
from foraccio.cli.table.sse import messages

TIMEOUT = 30.0
"""Seconds to wait for an answer."""
READ_TIMEOUT = 45.0
"""Seconds a stream may stay silent before it counts as dropped: the server sends
something (a presence event) at least every 15."""
RETRY = (0.5, 1.0, 2.0, 4.0)
"""Seconds between two tries to reconnect a dropped stream (the last one repeats)."""
GIVE_UP = 60.0
"""Seconds without a stream after which the server counts as gone."""

INVITE = re.compile(r"[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+")
"""What a link carries: the room's id and a secret (``foraccio.rooms.bodies.Invite``)."""
LINK_FORM = "http://host:port/#join=<room>.<secret>"

FATAL = frozenset({"room_not_found", "wrong_key", "missing_key"})
"""Refusals after which the link is of no use: the room has expired, or the link is
not one of its own."""


class Link(NamedTuple):
    """Where a room is and which of its links this is."""

    url: str
    """The server's URL, e.g. ``http://127.0.0.1:8000``."""
    invite: str
    """``<room>.<secret>``."""

    @property
    def room(self) -> str:
        return self.invite.partition(".")[0]


def read_link(text: str, url: str | None = None) -> Link:
    """The :class:`Link` of ``text``: a web link (``http://host:port/#join=<invite>``),
    whose server is the page's, or the invite alone with the server's ``url``. Raise
    :class:`TableError` (code ``link``) saying what is wrong."""
    text = text.strip()
    if is_invite(text):
        if url is None:
            raise TableError(_("{invite}… is an invite without its server: give the whole "
                               "link ({form}), or the server with --url.").format(
                                   invite=text[:20], form=LINK_FORM), "link")
        return Link(_server(url, "--url"), text)
    parts = urllib.parse.urlsplit(text)
    joined = urllib.parse.parse_qs(parts.fragment).get("join", [""])[0]
    if not is_invite(joined):
        raise TableError(_("This is not a room's link: expected {form}, as the room's host "
                           "gives it.").format(form=LINK_FORM), "link")
    server = _server(urllib.parse.urlunsplit((parts.scheme, parts.netloc, parts.path, "", "")),
                     "The link")
    if url is not None and _server(url, "--url") != server:
        raise TableError(_("The link names its server ({server}): --url {url} says "
                           "another.").format(server=server, url=url), "link")
    return Link(server, joined)


def is_invite(text: str) -> bool:
    """Whether ``text`` has the form of an invite (as the API checks it)."""
    return len(text) <= 64 and INVITE.fullmatch(text) is not None


def _server(url: str, what: str) -> str:
    parts = urllib.parse.urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise TableError(_("{what} must name a server as http://host:port, not "
                           "{url}.").format(what=what, url=repr(url)), "link")
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/"), "",
                                    ""))


class RoomConflict(TableError):
    """A change refused because the room had moved on (409): ``room`` is the room as it is
    now, as the link sees it."""

    def __init__(self, message: str, code: str, room: Json) -> None:
        super().__init__(message, code)
        self.room = room


class _Dropped(Exception):
    """The stream failed on the server's side; it is tried again."""


class RoomTable:
    """A room on the server, through one of its links."""

    def __init__(self, link: Link) -> None:
        self.link = link
        self.url = link.url
        self.room = link.room
        # The server says its refusals in the table's language.
        self._headers = {"Authorization": f"Bearer {link.invite}",
                         "Accept-Language": _.language}
        self._client = httpx.Client(base_url=self.url, timeout=TIMEOUT,
                                    headers={**self._headers, "Accept": "application/json"})

    # --- what the link may do ---------------------------------------------------------

    def view(self) -> Json:
        """The room as the link sees it now (a RoomView)."""
        return self._call("GET", f"/rooms/{self.room}")

    def play(self, move: Json, version: int) -> Json:
        """Play ``move`` for the link's seat, chosen on ``version``; the room after it."""
        return self._call("POST", f"/rooms/{self.room}/play",
                          {"move": move, "version": version})

    def next_hand(self, version: int) -> Json:
        """Deal the next hand, asked on ``version``."""
        return self._call("POST", f"/rooms/{self.room}/next-hand", {"version": version})

    def start(self) -> Json:
        """Start the match (the host's link only)."""
        return self._call("POST", f"/rooms/{self.room}/start")

    def join(self) -> str | None:
        """Exchange the link's invite for its seat's key (``POST /rooms/{room}/join``);
        None when the link is no seat's invite (the host's, a spectator's, a seat's key).
        Raise :class:`TableError` ``seat_taken`` when someone joined with it already."""
        return self._call("POST", f"/rooms/{self.room}/join")["key"]

    def take_back(self, seat: int) -> Json:
        """Take the link's own seat back from the bot playing it."""
        return self._call("POST", f"/rooms/{self.room}/seats/{seat}", {"bot": None})

    def hand_to_bot(self, seat: int, bot: str = "heuristic") -> Json:
        """Have ``bot`` play the link's own seat, until the person takes it back."""
        return self._call("POST", f"/rooms/{self.room}/seats/{seat}", {"bot": bot})

    def target(self, match: Json) -> int:
        """The match score to reach: its options say it; else its variant's."""
        target = match["options"].get("target")
        if target is None:
            target = self._call("GET", f"/variants/{match['variant']}")["target"]
        return int(target)

    def close(self) -> None:
        self._client.close()

    def __enter__(self) -> RoomTable:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # --- the stream -------------------------------------------------------------------

    def follow(self, after: int) -> Iterator[News]:
        """The room's news from the version after ``after``, for ever: each new version
        (``room``), who has it open (``presence``), and when the stream drops (``lost``)
        and is back (``back``). A dropped stream is reconnected with the last version
        seen as ``Last-Event-ID``, so no version is missed; raise :class:`TableError`
        when the room is gone or the server has not answered for :data:`GIVE_UP`
        seconds."""
        timeout = httpx.Timeout(TIMEOUT, read=READ_TIMEOUT)
        with httpx.Client(base_url=self.url, timeout=timeout, headers=self._headers) as client:
            lost: float | None = None
            tries = 0
            while True:
                try:
                    for news in self._stream(client, after):
                        if news.kind == "connected":
                            if lost is not None:
                                lost, tries = None, 0
                                yield News("back")
                            continue
                        if news.kind == "room":
                            after = news.value["version"]
                        yield news
                    reason = "the server ended the stream"
                except (httpx.TransportError, _Dropped) as error:
                    reason = str(error) or type(error).__name__
                if lost is None:
                    lost = time.monotonic()
                    yield News("lost", reason)
                elif time.monotonic() - lost > GIVE_UP:
                    raise TableError(_("The server at {url} has not answered for {seconds} "
                                       "s ({reason}).").format(url=self.url,
                                                               seconds=f"{GIVE_UP:g}",
                                                               reason=reason), "network")
                time.sleep(RETRY[min(tries, len(RETRY) - 1)])
                tries += 1

    def _stream(self, client: httpx.Client, after: int) -> Iterator[News]:
        """One connection's news, after ``connected``; raise :class:`TableError` when the
        server refuses the link, :class:`_Dropped` when it fails."""
        headers = {"Accept": "text/event-stream", "Last-Event-ID": str(after)}
        with client.stream("GET", f"/rooms/{self.room}/events", headers=headers) as response:
            if response.status_code != 200:
                response.read()
                error = _problem(response)
                if response.status_code >= 500:  # a server stopping or overloaded: retry
                    raise _Dropped(error.message)
                raise error
            yield News("connected")
            for message in messages(response.iter_lines()):
                if message.event in ("room", "presence"):
                    yield News(message.event, json.loads(message.data))

    # --- the wire ---------------------------------------------------------------------

    def _call(self, method: str, path: str, body: Json | None = None) -> Any:
        """Send one request; return the answer's JSON, or raise :class:`TableError` with
        the server's plain-words ``detail`` (or why it could not be reached)."""
        try:
            response = self._client.request(method, path, json=body)
        except httpx.TransportError as error:
            raise TableError(_("The server at {url} cannot be reached ({reason}). Is it "
                               "running?").format(url=self.url, reason=error),
                             "network") from None
        if response.is_success:
            return response.json()
        raise _problem(response)


def joined_link(link: Link, keys_file: os.PathLike | str | None = None) -> tuple[Link, bool]:
    """The link to follow for ``link``: the seat's key kept for this invite, or a key it is
    exchanged for now (kept for next time), or ``link`` itself when it is no invite;
    and whether the seat was joined just now."""
    path = os.fspath(keys_file or data_dir_path() / "room-keys")
    name = hashlib.sha256(link.invite.encode()).hexdigest()
    kept = _read_keys(path)
    if name in kept:
        return Link(link.url, kept[name]), False
    with RoomTable(link) as table:
        key = table.join()
    if key is None:
        return link, False
    kept[name] = key
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as file:
        json.dump(kept, file)
    return Link(link.url, key), True


def _read_keys(path: str) -> dict[str, str]:
    try:
        with open(path) as file:
            kept = json.load(file)
    except (OSError, ValueError):
        return {}
    return kept if isinstance(kept, dict) else {}


def _problem(response: httpx.Response) -> TableError:
    """The error of a problem document, in the server's words (never the raw body)."""
    try:
        document = response.json()
        detail, code = str(document["detail"]), str(document.get("code", ""))
    except (ValueError, KeyError, TypeError):
        return TableError(_("The server answered {status}.").format(
            status=f"{response.status_code} {response.reason_phrase}"), "http")
    if response.status_code == 409 and isinstance(document.get("room"), dict):
        return RoomConflict(detail, code, document["room"])
    return TableError(detail, code)
