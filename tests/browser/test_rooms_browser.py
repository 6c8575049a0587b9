"""Rooms at the web table, in real browsers against a real server: a host makes a room
from the form and sends links; two people, each in a browser of their own (a
browser context: its own storage and connections), and two bots play a whole hand of
Foraccio, with a spectator watching. Mid-hand one page is reloaded and another loses
its network; both resume where the room is. No page ever receives a card another seat
holds. A seat's link joins it once (whoever opens it next is told, and sees no hand);
a person hands their seat to a bot and takes it back, the host may not while they are
here (and is told why the server refuses until they have been away a while); the turn clock
counts down; the host closes the room; a link that opens no room says so. In English and
in Italian."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.conftest import api_server
from tests.browser.room import (
    ROOM,
    cards_of_others_received,
    cards_shown,
    holdings,
    make_room,
    play_a_card,
    record,
    rooms_seen,
    server_view,
)
from tests.browser.table import (
    LANGUAGES,
    Watched,
    origin,
    pattern,
    say,
    screenshot,
    state,
    wait_for,
)
from tests.browser.test_web_table_browser import NO_SUCH_RESOURCE

pytestmark = pytest.mark.xdist_group("browser-rooms")

SECRET = "browser-tests"  # conftest.api_server's
DESKTOP = {"width": 1100, "height": 900}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}
OVER = ("hand-over", "game-over")


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("rooms-data")


@pytest.fixture(scope="module")
def server(tmp_path_factory, data_dir):
    # The server deals the next hand a minute after one ends, unless a page deals it.
    with api_server(tmp_path_factory.mktemp("rooms") / "log", FORACCIO_DATA_DIR=str(data_dir),
                    FORACCIO_ROOMS_DEAL_SECONDS="60") as url:
        yield url


@pytest.fixture
def contexts(browser, server, language):
    """A maker of browser contexts, ``contexts(**options)``: each a person's own browser
    (its page watched, what it receives recorded), speaking ``language``. After the test,
    no page logged an error or sent a request to another origin."""
    made: list[tuple[object, Watched]] = []

    def open_context(**options):
        context = browser.new_context(**({"viewport": DESKTOP, "locale": LANGUAGES[language]}
                                         | options))
        received = record(context)
        watched = Watched(context.new_page())
        made.append((context, watched))
        return context, watched, received

    yield open_context
    for context, _ in made:
        context.close()
    for _, watched in made:
        errors = watched.unexpected_errors()
        assert not errors, f"console errors: {errors}"
        elsewhere = [url for url in watched.requests if origin(url) not in (server, None)]
        assert not elsewhere, f"requests left the server's origin: {elsewhere}"


def wait_for_version(page, url: str, invite: str, state_: str | None = None) -> dict:
    """Wait until the page has drawn the version the room is at (and is in ``state_``);
    return the room as the page's link sees it."""
    for _ in range(100):
        view = server_view(url, invite)
        found = f"body[data-version='{view['version']}']"
        if state_:
            found += f"[data-state={state_}]"
        try:
            page.wait_for_selector(found, timeout=500)
            return view
        except PlaywrightTimeout:  # the room moved on meanwhile: ask again
            continue
    drawn = page.get_attribute("body", "data-version")
    pytest.fail(f"the page never caught up with the room: it drew version {drawn}")


def test_two_people_and_two_bots_play_a_hand_in_one_room(contexts, server, data_dir, language):
    started = time.monotonic()
    host_context, host_watch, host_seen = contexts()
    host_context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    host = host_watch.page
    host_watch.allow(NO_SUCH_RESOURCE)  # its network is cut on purpose below
    kept = make_room(host, server, ["person", "heuristic", "person", "heuristic"], my_seat=0,
                     pace="0.2")
    room, links, invite = kept["room"], kept["links"], kept["links"]["seats"][2]
    # The host's page joined seat 0 itself: it keeps that seat's key, no invite of it.
    host_key = kept["invite"]
    assert host_key not in (kept["host"], invite) and server_view(server, host_key)["seat"] == 0
    assert links["seats"][0] is None and links["seats"][1] is None and links["seats"][3] is None

    # The host copies the link of seat 2 (the third) and sends it to a friend.
    host.click("[data-key=copy-2]")
    link = host.evaluate("navigator.clipboard.readText()")
    assert link == f"{server}/#join={invite}"
    screenshot(host, "room-host-waiting", full_page=True)

    _, friend_watch, friend_seen = contexts(**PHONE)
    friend = friend_watch.page
    friend.goto(link)
    wait_for(friend, "room-waiting")
    # The link is off the address bar at once, and exchanged for the seat's own key.
    assert friend.url == f"{server}/" and invite not in friend.url
    friend_key = friend.evaluate(ROOM)["invite"]
    assert friend.evaluate(ROOM) == {"room": room, "invite": friend_key, "joinedWith": invite}
    assert server_view(server, friend_key)["seat"] == 2
    assert friend.text_content("#status") == say(language, "status.room_waiting")
    # The host's page no longer offers (nor keeps) the invite somebody used.
    host.wait_for_selector("[data-key=copy-2]", state="detached")
    assert host.evaluate(ROOM)["links"]["seats"][2] is None
    # Whoever opens the same link after the friend is told, and sees no hand.
    _, late_watch, late_seen = contexts()
    late_watch.allow(NO_SUCH_RESOURCE)  # the refusal, on purpose
    late_watch.page.goto(link)
    assert wait_for(late_watch.page, "error") == "error"
    assert late_watch.page.text_content("#error-text") == say(language, "error.seat_taken")
    assert not any('"cards":["' in text for _, text in late_seen.texts())

    _, watcher_watch, watcher_seen = contexts()
    watcher = watcher_watch.page
    watcher.goto(f"{server}/#join={links['spectator']}")
    wait_for(watcher, "room-waiting")

    # The host sees who has joined: the friend at seat 2, a spectator; bots at 1 and 3.
    host.wait_for_selector("#room-seat-2[data-connected=true][data-player=person]")
    host.wait_for_selector(f"#room-watchers:text('{say(language, 'room.spectators', count=1)}')")
    assert host.get_attribute("#room-seat-1", "data-player") == "bot"
    assert host.get_attribute("#room-seat-0", "data-connected") == "true"
    host.click("[data-key=start]")

    plays = {"host": 0, "friend": 0}
    reloaded = cut = False
    played = 0  # the version of the host's play before the cut
    deadline = time.monotonic() + 90
    while not (state(host) in OVER and state(friend) in OVER):
        assert time.monotonic() < deadline, (state(host), state(friend))
        if state(friend) == "your-turn":
            if plays["friend"] == 3 and not reloaded:
                resumes_after_a_reload(friend, server, friend_key)
                reloaded = True
            play_a_card(friend)
            plays["friend"] += 1
        if cut and server_view(server, host_key)["match"]["turn"] == 0:
            # The host's turn again, the network still cut: it comes back.
            catches_up_after_a_network_cut(host_context, host, host_seen, server,
                                           host_key, played, cut)
            cut = None
        if state(host) == "your-turn":
            version = host.get_attribute("body", "data-version")
            play_a_card(host)
            plays["host"] += 1
            if plays["host"] == 4 and cut is False:
                # Once its play is drawn, the host's browser goes offline; the friend and
                # the bots play on meanwhile.
                host.wait_for_selector(f"body:not([data-version='{version}'])")
                # The page's last version before the cut: its play's, or a later one
                # when a bot played before the page drew it (a busy machine).
                played = int(version) + 1
                cut = int(host.get_attribute("body", "data-version"))
                host_context.set_offline(True)
                host.wait_for_selector("body[data-connection=reconnecting]")
        time.sleep(0.05)
    assert reloaded and cut is None
    assert plays == {"host": 13, "friend": 13}

    # Everyone sees the score sheet; the spectator saw no hand, and may not deal.
    for page in (host, friend, watcher):
        assert wait_for(page, *OVER) == "hand-over"
        assert page.is_visible("#sheet")
    assert watcher.is_hidden("#hand") and not cards_shown(watcher, "#hand")
    assert watcher.is_hidden("#next-hand") and host.is_visible("#next-hand")
    assert watcher.text_content("#room-seat-0 strong") == say(language, "seat.number", number=1)
    screenshot(host, "room-host-hand-over")
    screenshot(watcher, "room-spectator-hand-over")

    # The friend deals the next hand: every page shows it.
    friend.click("#next-hand")
    for page in (host, friend, watcher):
        page.wait_for_selector(f"#hand-number:text('{say(language, 'hand.number', hand=2)}')")
        assert state(page) not in OVER
    width = friend.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the room is {width} px wide on a 390 px screen"
    screenshot(friend, "room-phone", full_page=True)

    # No page received a card another seat held (or the stock), version by version.
    held = holdings(data_dir, room, SECRET)
    for seat, seen in ((0, host_seen), (2, friend_seen), (None, watcher_seen)):
        views = [version for version, _ in rooms_seen(seen) if version is not None]
        assert len(set(views)) >= 50, (seat, len(set(views)))  # the whole hand went by
        assert cards_of_others_received(seen, seat, held) == [], seat
    # ... and the check would have seen one: each person's page did receive its own cards.
    first = held[2]
    assert all(any(card in text for _, text in rooms_seen(seen)) for seen, card in (
        (host_seen, f'"{min(first.hands[0])}"'), (friend_seen, f'"{min(first.hands[2])}"')))
    print(f"a hand in a room: {time.monotonic() - started:.1f} s")


def resumes_after_a_reload(page, url: str, invite: str) -> None:
    """Reload the page at its person's turn: it draws the same room, hand and table."""
    before = {part: cards_shown(page, part) for part in ("#hand", "#table-cards")}
    version = page.get_attribute("body", "data-version")
    page.reload()
    wait_for(page, "your-turn")
    assert page.get_attribute("body", "data-version") == version
    assert {part: cards_shown(page, part) for part in ("#hand", "#table-cards")} == before
    view = server_view(url, invite)
    assert sorted(before["#hand"]) == sorted(view["cards"])


def catches_up_after_a_network_cut(context, page, seen, url: str, invite: str,
                                   played_at: int, cut_at: int) -> None:
    """The network comes back: the page reconnects, asks for what it missed since the
    last version it had (``cut_at``), and draws the room as it is, its person to play.
    ``played_at`` is the version its person's last play made."""
    missed = server_view(url, invite)["version"]
    assert missed >= played_at + 3  # a bot, the friend and a bot played since
    assert missed > cut_at  # and the page missed at least one of their plays
    context.set_offline(False)
    view = wait_for_version(page, url, invite, "your-turn")
    assert page.get_attribute("body", "data-connection") == "open"
    last_seen = int(seen.streams_opened[-1])
    assert cut_at <= last_seen < missed, (cut_at, last_seen, missed)
    assert sorted(cards_shown(page, "#hand")) == sorted(view["cards"])
    assert cards_shown(page, "#table-cards") == view["match"]["table"]


def test_a_person_hands_their_seat_to_a_bot_and_takes_it_back_the_host_may_not(contexts,
                                                                                server,
                                                                                language):
    _, host_watch, _ = contexts()
    host = host_watch.page
    host_watch.allow(NO_SUCH_RESOURCE)  # the host's refused hand-over, on purpose
    # The host plays no seat (they only host and watch); a turn clock of a minute.
    kept = make_room(host, server, ["person", "heuristic", "heuristic", "heuristic"],
                     my_seat=None, pace="0.5", turn_seconds=60)
    assert kept["invite"] == kept["host"]
    assert host.is_hidden("#hand")
    _, friend_watch, _ = contexts()
    friend = friend_watch.page
    friend.goto(f"{server}/#join={kept['links']['seats'][0]}")
    wait_for(friend, "room-waiting")
    host.click("[data-key=start]")

    # Seat 1 plays first (seat 0 dealt), then the bots, then the friend, against the clock.
    wait_for(friend, "your-turn")
    clock = re.fullmatch(pattern(language, "clock.you", count=r"(\d+)"),
                         friend.text_content("#room-clock"))
    assert clock and 45 <= int(clock[1]) <= 60, friend.text_content("#room-clock")
    seat_clock = pattern(language, "clock.seat", seat=say(language, "seat.number", number=1),
                         count="[0-9]+")
    host.wait_for_selector(f"#room-clock:text-matches('^{seat_clock}$')")
    screenshot(friend, "room-turn-clock")

    # The friend is at the table: the host is not offered to have a bot play for them.
    host.wait_for_selector("#room-seat-0[data-connected=true]")
    assert host.locator("[data-key=to-bot-0], [data-key=bot-0]").count() == 0
    friend.click("[data-key=to-bot-0]")  # but the friend may
    friend.wait_for_selector("#room-seat-0[data-player=bot]")
    friend.wait_for_selector("[data-key=take-back]")
    assert state(friend) != "your-turn"
    # The bot played for it.
    friend.wait_for_selector(f"#seat-0 .count:text('{say(language, 'cards', count=12)}')")
    host.wait_for_selector("[data-key=to-person-0]")

    friend.click("[data-key=take-back]")
    friend.wait_for_selector("#room-seat-0[data-player=person]")
    host.wait_for_selector("#room-seat-0[data-player=person]")
    assert host.locator("[data-key=to-bot-0]").count() == 0  # the friend is here
    wait_for(friend, "your-turn", timeout=10_000)

    host.click("[data-key=close]")
    host.click("[data-key=close-sure]")
    for page in (host, friend):
        wait_for(page, "room-closed")
        assert page.text_content("#status") == say(language, "status.room_closed")
    friend.click("[data-key=leave]")
    wait_for(friend, "setup")
    assert friend.evaluate(ROOM) is None


def test_a_link_that_opens_no_room_says_so(contexts, server, language):
    _, watch, _ = contexts()
    page = watch.page
    watch.allow(NO_SUCH_RESOURCE)  # the refusal, on purpose
    page.goto(f"{server}/#join=NoSuchRoom.NoSuchSecret")
    assert wait_for(page, "error") == "error"
    assert page.url == f"{server}/"
    assert page.text_content("#error-text") == say(language, "error.room_not_found")
    assert page.is_hidden("#error-retry")
    page.reload()  # the link is forgotten: the form, not the error again
    assert wait_for(page, "setup") == "setup"


def test_the_host_is_offered_a_bot_only_for_a_person_away_and_told_a_refusal(contexts, server,
                                                                              language):
    _, host_watch, _ = contexts()
    host = host_watch.page
    host_watch.allow(NO_SUCH_RESOURCE)  # the refused hand-over, on purpose
    kept = make_room(host, server, ["person", "heuristic", "heuristic", "heuristic"],
                     my_seat=None)
    _, friend_watch, _ = contexts()
    friend = friend_watch.page
    friend.goto(f"{server}/#join={kept['links']['seats'][0]}")
    wait_for(friend, "room-waiting")
    host.wait_for_selector("#room-seat-0[data-connected=true]")
    assert host.locator("[data-key=to-bot-0]").count() == 0  # they are here

    # The friend closes the page: away, so the host is offered a bot for the seat; but
    # the server counts them here for a while yet (FORACCIO_ROOMS_LEFT_SECONDS), and
    # says so. Before the match starts the status line is not shown: the panel says it.
    friend.close()
    host.wait_for_selector("#room-seat-0[data-connected=false]")
    assert state(host) == "room-waiting"
    host.click("[data-key=to-bot-0]")
    host.wait_for_selector("#room-notice:visible")
    refused = host.text_content("#room-notice")
    assert re.fullmatch(pattern(language, "error.refused", detail=".+"), refused), refused
    assert "60" in refused  # how long they must have been away
    assert host.get_attribute("#room-seat-0", "data-player") == "person"
