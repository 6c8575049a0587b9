"""The web table as a new user tried it (issue #33), at a desktop's size and a phone's:
nothing is previewed of a card that cannot be played (not while the bots play, not
after a tap on a touch screen), a wild card's choice shows the cards of each value and
Back goes back one step, its preview is not cut, and no score shows before a match."""

from __future__ import annotations

import time

import pytest

from tests.browser.conftest import api_server
from tests.browser.table import say, start_match, state, wait_for, watched_page

pytestmark = pytest.mark.xdist_group("browser-tried")

SIZES = {"desktop": {"viewport": {"width": 1280, "height": 800}},
         "phone": {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
                   "is_mobile": True, "has_touch": True}}

# A Zobelon re on a table of 2d 3b 4c 5c 9c: the sweep, a value with one capture each,
# and a 9 that takes in two ways.
RE = "13s"
RE_MOVES = [
    {"card": RE, "take": ["2d", "3b", "4c", "5c", "9c"], "jolly": "sweep", "kind": "capture"},
    {"card": RE, "take": ["2d"], "jolly": 2, "kind": "capture"},
    {"card": RE, "take": ["3b"], "jolly": 3, "kind": "capture"},
    {"card": RE, "take": ["4c"], "jolly": 4, "kind": "capture"},
    {"card": RE, "take": ["5c"], "jolly": 5, "kind": "capture"},
    {"card": RE, "take": ["9c"], "jolly": 9, "kind": "capture"},
    {"card": RE, "take": ["4c", "5c"], "jolly": 9, "kind": "capture"},
]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with api_server(tmp_path_factory.mktemp("tried") / "log") as url:
        yield url


@pytest.fixture(params=list(SIZES))
def size(request) -> str:
    return request.param


@pytest.fixture
def watched(browser, server, size):
    with watched_page(browser, **SIZES[size]) as watch:
        yield watch


def test_no_card_is_previewed_while_the_bots_play(watched, server, size):
    page = watched.page
    start_match(page, server, pace="slow", bots="random")
    seen = set()
    for _ in range(3):
        assert wait_for(page) == "your-turn"
        card = page.locator("#hand .card.legal").first
        if size == "phone":
            card.tap()  # the spot tapped stays "hovered" on a touch screen
        else:
            card.click()  # and the pointer stays where it clicked
        if page.locator("#choice[open]").count():
            page.locator("#choice-options .choice").first.click()
        # The bots play, one by one, at the slow pace; the pointer rests on the hand.
        deadline = time.monotonic() + 8
        while state(page) != "your-turn" and time.monotonic() < deadline:
            if size == "desktop":
                # Onto a card of the hand (drawn anew at each play: it may be going).
                box = page.eval_on_selector("#hand", "hand => { const r = hand.querySelector("
                                            "'.card')?.getBoundingClientRect(); return r && "
                                            "{x: r.x + r.width / 2, y: r.y + r.height / 2}; }")
                if box:
                    page.mouse.move(box["x"] + len(seen) % 3, box["y"])
            now, words = page.evaluate("[document.body.dataset.state,"
                                       " document.querySelector('#preview').textContent]")
            if now == "waiting":
                seen.add(words)
            time.sleep(0.1)
    assert seen == {""}, seen


def open_a_table(page, server) -> None:
    """A Zobelon match at the person's turn: the table drawn, its hand waiting."""
    start_match(page, server, "zobelon", bots="random")
    assert wait_for(page) == "your-turn"


def choose(page, moves: list[dict]) -> None:
    """Ask which of ``moves`` the person means, as picking their card does; the answer
    goes to ``window.__chosen`` ("back" when the person went back)."""
    page.evaluate("""async (moves) => {
        const {chooseMove} = await import('/table/js/prompt.js');
        window.__chosen = undefined;
        chooseMove(moves).then((move) => { window.__chosen = move ?? "back"; });
    }""", moves)
    page.wait_for_selector("#choice[open]")


def answered(page):
    """The answer of the choice asked by :func:`choose`, once given."""
    for _ in range(100):
        chosen = page.evaluate("window.__chosen")
        if chosen is not None:
            return chosen
        time.sleep(0.05)
    pytest.fail("the choice never answered")


def names(page, card: str) -> tuple[str, str]:
    """The page's names of ``card``: alone ("king of swords") and with its article."""
    return tuple(page.evaluate("""async (card) => {
        const {cardName, theCard} = await import('/table/js/words.js');
        return [cardName(card), theCard(card)];
    }""", card))


def asked(page, title: str) -> None:
    """Wait until the choice asks a question starting with ``title``."""
    for _ in range(100):
        if (page.text_content("#choice-title") or "").startswith(title):
            return
        time.sleep(0.05)
    pytest.fail(f"the choice never asked {title!r}: {page.text_content('#choice-title')!r}")


def options(page) -> list[str]:
    return [text.strip() for text in page.locator(
        "#choice-options .choice > span:first-child").all_text_contents()]


def test_a_wild_card_shows_each_value_s_cards_and_back_goes_back_one_step(watched, server,
                                                                         size):
    page = watched.page
    open_a_table(page, server)
    _, the_re = names(page, RE)
    how, which = (say("en", key, card=the_re) for key in ("choice.how", "choice.which"))
    choose(page, RE_MOVES)
    assert page.text_content("#choice-title").startswith(how)
    words = options(page)
    assert words[0] == say("en", "choice.sweep")
    nine = next(index for index, text in enumerate(words) if text.startswith("As a 9"))
    # "As a 9" takes in two ways: it shows every card it may take.
    shown = page.locator(f"#choice-options .choice >> nth={nine} >> .card").evaluate_all(
        "cards => cards.map(c => c.dataset.card)")
    assert sorted(shown) == ["4c", "5c", "9c"], shown
    page.locator("#choice-options .choice").nth(nine).click()
    asked(page, which)
    assert page.locator("#choice-options .choice").count() == 2
    page.click("#choice-back")  # back to the re's question, not out of the dialog
    asked(page, how)
    assert page.locator("#choice[open]").count() == 1
    assert page.evaluate("window.__chosen") is None
    page.locator("#choice-options .choice").nth(nine).click()
    page.locator("#choice-options .choice").nth(1).click()
    chosen = answered(page)
    assert chosen == RE_MOVES[6]
    # Back at the first question goes back to the hand.
    choose(page, RE_MOVES)
    page.click("#choice-back")
    chosen = answered(page)
    assert chosen == "back"
    assert not page.locator("#choice[open]").count()


def test_a_wild_card_s_preview_is_said_whole(watched, server, size):
    page = watched.page
    open_a_table(page, server)
    page.evaluate("""async (moves) => {
        const {renderHand} = await import('/table/js/render.js');
        renderHand(['13s', '7c'], moves, () => {});
    }""", RE_MOVES)
    page.locator("#hand button[data-card='13s']").focus()
    words = page.text_content("#preview")
    the_re, _ = names(page, RE)
    assert words == f"{the_re}: 7 ways: a sweep, or as a 2, a 3, a 4, a 5, or a 9.", words
    cut = page.eval_on_selector("#preview", "p => p.scrollWidth > p.clientWidth"
                                            " || p.scrollHeight > p.clientHeight")
    assert not cut, words
    # A card that cannot be played previews nothing (it was "7 of cups: undefined.").
    page.locator("#hand button[data-card='13s']").blur()
    page.eval_on_selector("#hand button[data-card='7c']", "b => b.dispatchEvent("
                                                          "new MouseEvent('mouseenter'))")
    assert page.text_content("#preview") == ""


def test_no_score_shows_before_a_match(watched, server, size):
    page = watched.page
    page.goto(server + "/")
    wait_for(page, "setup")
    assert page.is_hidden(".scoreboard")  # no "first to" a target yet
    page.select_option("#variant", "foraccio")
    page.click("#start")
    wait_for(page)
    assert page.is_visible(".scoreboard")
    assert page.text_content("#goal") == "71"
