"""Helpers for a room's web table played from several browsers: making the room through
the form, playing a turn by clicking, asking the server what a link sees, and reading
what each page received, to check that it never held a card another seat held.

A room's page says where it is in ``body[data-state]`` (``joining``, ``room-waiting``,
``waiting``, ``your-turn``, ``choosing``, ``hand-over``, ``game-over``, ``room-closed``,
``error``), which version of the room it has drawn in ``body[data-version]``, and
whether its event stream is up in ``body[data-connection]``.
"""

from __future__ import annotations

import asyncio
import json
import re
import urllib.request
from collections import defaultdict
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import msgspec
from playwright.sync_api import BrowserContext, Page

from foraccio.api.sealing import Sealer
from foraccio.rooms.sqlite_store import SqliteStore
from tests.browser.table import more_choices, wait_for

ROOM = "JSON.parse(localStorage.getItem('foraccio.table.room'))"
"""What the page keeps of its room: ``room``, ``invite`` and, the host's, ``host`` and
``links``."""

CARD = re.compile(r'"((?:1[0-3]|[1-9])[cdbs])"')
"""A card's code as a JSON string: ``"7c"``, ``"13s"``."""

# Every fetch() of the page goes through this: the body it answers is split in two, one
# branch for the page, one read here as it arrives (a stream chunk by chunk) and sent
# to the test through the `__received` binding, each chunk numbered. An init script
# runs whatever the page's Content-Security-Policy says, before any script of the page.
RECORDER = """
(() => {
  const fetched = window.fetch.bind(window);
  let count = 0;
  window.fetch = async (resource, init) => {
    const response = await fetched(resource, init);
    if (!response.body) return response;
    const key = `${Date.now()}-${Math.random()}-${count++}`;
    const url = String(resource instanceof Request ? resource.url : resource);
    const [kept, given] = response.body.tee();
    (async () => {
      const reader = kept.getReader();
      const decoder = new TextDecoder();
      let chunk = 0;
      try {
        for (;;) {
          const {value, done} = await reader.read();
          if (done) break;
          // Not awaited: the test hears of it when it next talks to the browser, and
          // this branch must keep up with the page's.
          window.__received(key, url, chunk++, decoder.decode(value, {stream: true}));
        }
      } catch {
        // the page dropped the request (a stream it closed, a reload)
      }
    })();
    return new Response(given, {status: response.status, statusText: response.statusText,
                                headers: response.headers});
  };
})();
"""


@dataclass
class Received:
    """What the pages of one browser context received through fetch() (each answer's
    text, streams included, by request) and sent (each request's body)."""

    bodies: dict[str, list[tuple[int, str]]] = field(default_factory=lambda: defaultdict(list))
    urls: dict[str, str] = field(default_factory=dict)
    sent: list[tuple[str, str]] = field(default_factory=list)
    streams_opened: list[str | None] = field(default_factory=list)
    """The ``Last-Event-ID`` of each request for the room's events (None: none)."""

    def add(self, key: str, url: str, chunk: int, text: str) -> None:
        self.urls[key] = url
        self.bodies[key].append((chunk, text))

    def texts(self) -> Iterator[tuple[str, str]]:
        """Each answer's URL and text (as much of it as came)."""
        for key, chunks in self.bodies.items():
            yield self.urls[key], "".join(text for _, text in sorted(chunks))


def record(context: BrowserContext) -> Received:
    """Record what every page of ``context`` receives and sends, from now on."""
    received = Received()
    context.expose_binding("__received", lambda source, *chunk: received.add(*chunk))
    context.add_init_script(RECORDER)

    def sent(request) -> None:
        if request.url.endswith("/events"):
            received.streams_opened.append(request.headers.get("last-event-id"))
        if request.post_data:
            received.sent.append((request.url, request.post_data))

    context.on("request", sent)
    return received


def make_room(page: Page, url: str, players: list[str], my_seat: int | None = 0,
              pace: str = "0.2", turn_seconds: int | None = None, target: int = 500) -> dict:
    """Make a room of Foraccio through the form, ``players`` at its seats ("person" or a
    bot's name), the host at ``my_seat`` (None: at none), a match to ``target`` points
    (by default more than a hand ever scores); return what the page keeps of it."""
    page.goto(url + "/")
    wait_for(page, "setup")
    page.check("input[name=mode][value=friends]")
    page.select_option("#variant", "foraccio")
    more_choices(page)
    page.fill("#option-target", str(target))
    for seat, player in enumerate(players):
        page.select_option(f"#player-{seat}", player)
    page.select_option("#my-seat", "none" if my_seat is None else str(my_seat))
    page.fill("#room-pace", pace)
    if turn_seconds is not None:
        page.check("#turn-clock")
        page.fill("#turn-seconds", str(turn_seconds))
    page.click("#start")
    wait_for(page, "room-waiting")
    return page.evaluate(ROOM)


def play_a_card(page: Page) -> str:
    """Play the first card the page offers (and the first way, when it asks); return it."""
    card = page.locator("#hand .card.legal").first
    code = card.get_attribute("data-card")
    card.click()
    page.wait_for_selector("#choice[open], body:not([data-state=choosing])")
    if page.locator("#choice[open]").count():
        page.locator("#choice-options .choice").first.click()
    return code


def server_view(url: str, invite: str) -> dict:
    """The room as ``invite`` sees it now, asked of the server."""
    request = urllib.request.Request(f"{url}/rooms/{invite.split('.')[0]}",
                                     headers={"Authorization": f"Bearer {invite}"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


def cards_shown(page: Page, where: str) -> list[str]:
    return page.locator(f"{where} .card").evaluate_all("cards => cards.map(c => c.dataset.card)")


# --- what each seat held, version by version --------------------------------------------


@dataclass(frozen=True)
class Holding:
    """Each seat's hand and the stock at one version of a room, and the cards the hand's
    events showed face up (the draw for the first deal shows cards that are then dealt
    to the seats: everyone saw them)."""

    hands: tuple[frozenset[str], ...]
    stock: frozenset[str]
    shown: frozenset[str]

    def unseen_by(self, seat: int | None) -> frozenset[str]:
        """The cards ``seat`` (None: someone at no seat) may not know of: the other seats'
        hands and the stock, but for those shown face up."""
        others = (hand for other, hand in enumerate(self.hands) if other != seat)
        return self.stock.union(*others) - self.shown


def holdings(data_dir: Path, room: str, secret: str) -> dict[int, Holding]:
    """Every version of ``room`` the server's store keeps, with what each seat held: the
    match's tokens opened with the server's ``secret``, as the server opens them."""
    sealer = Sealer(secret.encode())

    async def entries():
        store = SqliteStore(str(data_dir / "rooms.sqlite3"))
        try:
            return await store.entries(room, 0)
        finally:
            await store.close()

    # In a thread of its own: Playwright's sync API runs an event loop in this one.
    with ThreadPoolExecutor(1) as thread:
        kept = thread.submit(asyncio.run, entries()).result()
    found = {}
    for entry in kept:
        state = sealer.open(entry.token).engine_state()
        shown = frozenset(CARD.findall(msgspec.json.encode(state.events).decode()))
        found[entry.version] = Holding(tuple(frozenset(hand) for hand in state.hands),
                                       frozenset(state.stock), shown)
    return found


def rooms_seen(received: Received) -> Iterator[tuple[int | None, str]]:
    """Each room view the pages received, as ``(version, its text)``, from answers and
    streams alike; any other text received, with None."""
    for url, text in received.texts():
        if url.endswith("/events"):
            yield from _stream_events(text)
            continue
        try:
            body = json.loads(text)
        except ValueError:
            yield None, text
            continue
        view = body.get("view") or body.get("room") if isinstance(body, dict) else None
        if isinstance(body, dict) and "match" in body:
            view = body
        if isinstance(view, dict) and "version" in view:
            yield view["version"], text
        else:
            yield None, text


def _stream_events(text: str) -> Iterator[tuple[int | None, str]]:
    """The events of a stream's text: a room's with the version it shows (a last one cut
    short too, the page having dropped the stream), any other (who is connected, a
    heartbeat) with None."""
    for block in re.split(r"\r\n\r\n|\n\n|\r\r", text):
        found = re.search(r'"version":(\d+)', block)
        yield (int(found[1]) if found else None), block


def cards_of_others_received(received: Received, seat: int | None,
                             held: dict[int, Holding]) -> list[tuple[int | None, set[str]]]:
    """Every card a page at ``seat`` received (or sent) while another seat held it or it
    was in the stock: the room views checked against the version they show, anything
    else against every version (it should name no card at all)."""
    leaks = []
    everything = frozenset().union(*(holding.unseen_by(seat) for holding in held.values()))
    for version, text in rooms_seen(received):
        unseen = held[version].unseen_by(seat) if version is not None else everything
        found = set(CARD.findall(text)) & unseen
        if found:
            leaks.append((version, found))
    for _, body in received.sent:
        version = json.loads(body).get("version") if body.startswith("{") else None
        unseen = held[version].unseen_by(seat) if version in held else everything
        found = set(CARD.findall(body)) & unseen
        if found:
            leaks.append((version, found))
    return leaks
