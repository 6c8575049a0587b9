"""The terminal table on a running server: ``foraccio play --url URL``.

The match is a sealed game (docs/api.md, "Sealed games"), played through the public
API only. This client created it, so it holds every seat's key; it uses seat 0's
for the person, and each other seat's key only to let that seat's bot play its turn
(``POST /games/autoplay``, which in a sealed game plays the key's seat alone and stops
when another seat is to play: one request, one bot move). A sealed game takes no
seed: the server deals.

HTTP is the standard library's: one JSON request at a time needs nothing more.
"""

from __future__ import annotations

import json
import secrets
import urllib.error
import urllib.request
from collections.abc import Sequence
from typing import Any

from foraccio.cli.table.base import PERSON, Json, TableError, seat_bots
from foraccio.cli.table.speech import _

TIMEOUT = 30.0
"""Seconds to wait for an answer; an ismcts bot move takes a few tenths."""

MAX_BOT_SEED = 2**53 - 1


class RemoteTable:
    """A sealed match on the server at ``url``."""

    def __init__(self, url: str, variant: str, options: dict[str, Any],
                 house_rules: Sequence[str], bots: Sequence[str]) -> None:
        self.url = url.rstrip("/")
        # The bots' choices: a seed of this client's, so matches differ.
        self.bot_seed = secrets.randbelow(MAX_BOT_SEED + 1)
        info = self._call("GET", f"/variants/{variant}")
        # Checked before the match is made, by the seats the options chosen give.
        seat_bots(bots, listed_seats(info, options))
        created = self._call("POST", "/games", {"variant": variant, "options": options,
                                                "house_rules": list(house_rules),
                                                "sealed": True})
        self.keys: list[str] = created["seat_keys"]
        self.bots = seat_bots(bots, len(created["view"]["hand_sizes"]))
        self._token: str = created["token"]
        self._view: Json | None = None  # seat 0's view, fetched when needed
        # A house rule might move the target; the options say it when they set one.
        self.target = int(options.get("target", info["target"]))
        self.where = _("a sealed game on {url} (dealt by the server)").format(url=self.url)
        # The server's bots, as it describes them in the table's language.
        listed = {bot["name"]: bot["description"] for bot in self._call("GET", "/bots")["bots"]}
        self.described = {name: listed[name] for name in self.bots[PERSON + 1:]
                          if name in listed}

    def view(self) -> Json:
        if self._view is None:
            self._view = self._call("POST", "/games/view", self._body(PERSON))
        return self._view

    def legal_moves(self) -> list[Json]:
        view = self.view()
        if view["phase"] != "playing" or view["turn"] != PERSON:
            return []
        return self._call("POST", "/games/legal-moves", self._body(PERSON))["moves"]

    def play(self, move: Json) -> list[Json]:
        answer = self._call("POST", "/games/play", {**self._body(PERSON), "move": move})
        self._answered(answer, PERSON)
        return answer["events"]

    def bot_play(self) -> list[Json]:
        seat = self.view()["turn"]
        assert seat is not None and seat != PERSON, "a bot plays only another seat's turn"
        answer = self._call("POST", "/games/autoplay", {
            # Seat 0's entry is unused (the person plays it) but must name a bot.
            **self._body(seat), "bots": ["random", *self.bots[1:]], "until": "hand_over",
            "seed": self.bot_seed})
        self._answered(answer, seat)
        return answer["events"]

    def next_hand(self) -> None:
        self._answered(self._call("POST", "/games/next-hand", self._body(PERSON)), PERSON)

    # --- the wire ---------------------------------------------------------------------

    def _body(self, seat: int) -> Json:
        return {"token": self._token, "seat_key": self.keys[seat]}

    def _answered(self, answer: Json, seat: int) -> None:
        """Keep the answer's token, and its view when it is seat 0's."""
        self._token = answer["token"]
        self._view = answer["view"] if seat == PERSON else None

    def _call(self, method: str, path: str, body: Json | None = None) -> Any:
        """Send one request; return the answer's JSON, or raise :class:`TableError` with
        the server's plain-words ``detail`` (or why it could not be reached)."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers={"Content-Type": "application/json",
                                                  "Accept": "application/json",
                                                  "Accept-Language": _.language})
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
                return json.load(response)
        except urllib.error.HTTPError as error:
            raise problem(error) from None
        except (urllib.error.URLError, OSError) as error:
            reason = getattr(error, "reason", error)
            raise TableError(_("The server at {url} cannot be reached ({reason}). Is it "
                               "running?").format(url=self.url, reason=reason),
                             "network") from None


def listed_seats(info: Json, options: dict[str, Any]) -> int:
    """How many seats a match of the variant ``info`` describes (``GET /variants/{name}``)
    with ``options``: the seating its ``seatings`` lists for the values chosen (an option
    left out has its default), else its default options' teams."""
    defaults = {option["name"]: option["default"] for option in info["options"]}
    chosen = {**defaults, **options}
    teams = next((listed["teams"] for listed in info.get("seatings", ())
                  if all(chosen.get(name) == value for name, value in listed["options"].items())),
                 info["teams"])
    return sum(map(len, teams))


def problem(error: urllib.error.HTTPError) -> TableError:
    """The error of a problem document, in the server's words (never the raw body)."""
    try:
        document = json.load(error)
        return TableError(str(document["detail"]), str(document.get("code", "")))
    except (ValueError, KeyError, TypeError):
        return TableError(_("The server answered {status}.").format(
            status=f"{error.code} {error.reason}"), "http")
