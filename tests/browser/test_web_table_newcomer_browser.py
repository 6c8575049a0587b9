"""The web table as a newcomer meets it, at a desktop's size (1280 x 800) and a phone's
(390 x 844): Deal in view, the form in words, each seat's last play kept in view, the
hand's bonuses announced and counted, a preview of what a card takes and no card
played by a stray Enter, Foraccio's 13 cards on one row, the choice dialog outlining one
option at a time, the score sheet saying why, no hover stuck on a touch screen, and no
serious or critical accessibility violation (axe-core) on the form, the table, a dialog
and the score sheet. In English and in Italian: the Italian page shows no English words
of the page's nor of the game's, and no key without words."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path

import pytest

from tests.browser.conftest import api_server
from tests.browser.table import (
    MISSING,
    SAVED,
    catalogue,
    more_choices,
    play_hand,
    say,
    screenshot,
    seat_view,
    start_match,
    state,
    value_words,
    wait_for,
    watched_page,
)

pytestmark = pytest.mark.xdist_group("browser-newcomer")

SIZES = {"desktop": {"viewport": {"width": 1280, "height": 800}},
         "phone": {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
                   "is_mobile": True, "has_touch": True}}
AXE = Path(__file__).resolve().parents[2] / "clients" / "node_modules" / "axe-core" / "axe.min.js"
PLAYS = ("laid", "captured")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with api_server(tmp_path_factory.mktemp("newcomer") / "log") as url:
        yield url


@pytest.fixture(params=list(SIZES))
def size(request) -> str:
    return request.param


@pytest.fixture
def watched(browser, server, size, language):
    """A fresh page at ``size`` speaking ``language``, whose console stays clean. The
    page's Content-Security-Policy is bypassed only so that axe-core can be added to it."""
    with watched_page(browser, language, bypass_csp=True, **SIZES[size]) as watch:
        yield watch


def variants(server: str, language: str) -> dict[str, dict]:
    """``GET /variants`` asked in ``language``, by variant name."""
    request = urllib.request.Request(server + "/variants", headers={"Accept-Language": language})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return {variant["name"]: variant for variant in json.load(answer)["variants"]}


def english_words(server: str) -> set[str]:
    """Words an Italian page must not show: the English of the page's catalogue and of
    the games' words, where Italian says it otherwise (sentences, not a short name)."""
    english, italian = catalogue("en"), catalogue("it")
    found = {text for key, text in english.items()
             if text != italian[key] and len(text) > 12 and "{" not in text}
    games = zip(variants(server, "en").values(), variants(server, "it").values(), strict=True)
    for en, it in games:
        pairs = [(en["words"]["description"], it["words"]["description"]),
                 *((option["description"], other["description"]) for option, other in zip(
                     en["words"]["options"], it["words"]["options"], strict=True))]
        found |= {text for text, other in pairs if text != other}
    return found


def assert_accessible(page, where: str) -> None:
    """No serious or critical violation of axe-core's rules on the page as it is; every
    word shown is in the page's language, none a key without words."""
    shown = page.evaluate("document.body.innerText")
    assert MISSING not in shown, f"{where}: a key without words: {shown}"
    if page.evaluate("document.documentElement.lang") == "it":
        leaked = [text for text in english_words(page.url.split("/#")[0].rstrip("/"))
                  if text in shown]
        assert not leaked, f"{where}: English on the Italian page: {leaked}"
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    violations = page.evaluate("async () => (await axe.run(document)).violations.map("
                               "v => ({id: v.id, impact: v.impact, nodes: v.nodes.map("
                               "n => n.target.join(' ')).slice(0, 3)}))")
    bad = [v for v in violations if v["impact"] in ("serious", "critical")]
    assert not bad, f"{where}: {bad}"


def post(url: str, path: str, body: dict) -> dict:
    request = urllib.request.Request(url + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


def legal_moves(page, url: str) -> list[dict]:
    saved = page.evaluate(SAVED)
    return post(url, "/games/legal-moves", {"token": saved["token"],
                                            "seat_key": saved["keys"][0]})["moves"]


def cards_of(page, selector: str) -> list[str]:
    return page.locator(selector).evaluate_all("cards => cards.map(c => c.dataset.card)")


def hand_events(view: dict) -> list[dict]:
    """The events of the hand in play (from its deal on)."""
    events = view["events"]
    dealt = max((i for i, event in enumerate(events) if event["type"] == "dealt"), default=0)
    return events[dealt:]


def test_deal_is_in_view_and_the_form_speaks_in_words(watched, server, size, language):
    page = watched.page
    page.goto(server + "/")
    wait_for(page, "setup")
    height = SIZES[size]["viewport"]["height"]
    deal = page.locator("#start").bounding_box()
    assert page.evaluate("scrollY") == 0 and deal["y"] + deal["height"] <= height, deal
    assert page.get_attribute("#more", "open") is None  # the advanced choices are folded
    description = page.text_content("#variant-description")
    assert description.count("71") == 1, description  # said once
    assert page.text_content("#bots-note") == say(language, "setup.bots_note")
    assert page.evaluate("document.documentElement.lang") == language
    assert_accessible(page, "the form")
    screenshot(page, f"newcomer-form-{size}-{language}")

    more_choices(page)
    words = {name: page.locator(f"#option-{name} option").all_text_contents()
             for name in ("deal_scheme", "deal_passes_to")}
    spoken = {option["name"]: option["values"]
              for option in variants(server, language)["foraccio"]["words"]["options"]}
    assert words == {"deal_scheme": [spoken["deal_scheme"][value]
                                     for value in ("one_at_a_time", "5-4-4")],
                     "deal_passes_to": [spoken["deal_passes_to"][value]
                                        for value in ("right", "left")]}
    values = page.locator("#option-deal_scheme option").evaluate_all(
        "options => options.map(o => o.value)")
    assert values == ["one_at_a_time", "5-4-4"]  # the codes are what is sent
    page.select_option("#variant", "zobelon")
    shown = page.locator("#options option").all_text_contents()
    assert shown and not any(re.search(r"_|^[a-z]", text) for text in shown), shown
    assert_accessible(page, "the form unfolded")


def test_the_table_keeps_each_play_and_announces_the_bonuses(watched, server, size, language):
    page = watched.page
    lines = variants(server, language)["zobelon"]["words"]["lines"]
    # Zobelon: a capture all in its card's suit is a colore, made in most hands.
    announced = []
    stale = 0  # turns where a bonus was made since the person's play, not by the latest
    # A match of random bots may end before the seat before the person has scored a
    # bonus: then another match is dealt, with the same choices (the deal is the
    # server's, not seeded).
    start_match(page, server, "zobelon", bots="random")
    for _ in range(3):
        for _ in range(12):
            while wait_for(page) == "your-turn":
                view = seat_view(page, server)
                events = hand_events(view)
                # Each seat's last play of the hand, in its bubble, until it plays again.
                last = {event["seat"]: event["card"] for event in events if event["type"] in PLAYS}
                for seat in range(4):
                    bubble = page.locator(f"#seat-{seat} .play")
                    if seat in last:
                        assert cards_of(page, f"#seat-{seat} .play .card")[0] == last[seat]
                    else:
                        assert bubble.is_hidden()
                # The bonuses the latest play made, announced on the table; an earlier play's
                # banner is gone, lest it read as if the latest play had scored.
                latest = max((i for i, event in enumerate(events) if event["type"] in PLAYS),
                             default=len(events))
                made = [event for event in events[latest + 1:] if event["type"] == "bonus"]
                mine = max((i for i, event in enumerate(events)
                            if event["type"] in PLAYS and event["seat"] == 0), default=-1)
                stale += any(event["type"] == "bonus" for event in events[mine + 1:latest])
                words = page.text_content("#announce")
                assert page.is_visible("#announce") == bool(made)
                for bonus in made:
                    said = say(language, "event.bonus", line=lines[bonus["name"]]["name"],
                               count=bonus["points"], team="\0", card="")
                    assert said.split("\0")[0] in words, words
                if made:
                    announced.append(words)
                # The header counts the hand's bonuses.
                bonuses = [sum(event["points"] for event in events
                               if event["type"] == "bonus" and event["team"] == team)
                           for team in (0, 1)]
                header = [int(text) for text in page.locator("#scores strong").all_text_contents()]
                assert header == [score + bonus for score, bonus in
                                  zip(view["scores"], bonuses, strict=True)]
                if announced and len(announced) == 1 and made:
                    screenshot(page, f"newcomer-announced-{size}-{language}")
                page.locator("#hand .card.legal").first.click()
                if page.locator("#choice[open]").count():
                    page.locator("#choice-options .choice").first.click()
            if (announced and stale) or state(page) == "game-over":
                break
            page.click("#next-hand")
        if (announced and stale) or state(page) != "game-over":
            break
        page.click("#sheet-new-match")
        page.click("#start")
    assert announced, "no scopa or colore announced in three matches"
    assert stale, "no bonus made before the latest play in three matches"


def test_a_card_shows_what_it_takes_and_no_stray_enter_plays_it(watched, server, size, language):
    page = watched.page
    start_match(page, server, options={"capture_required": False}, bots="random")
    for _ in range(40):
        assert wait_for(page) == "your-turn"
        # Focus is on the hand, not on a card: Enter plays nothing.
        assert page.evaluate("document.activeElement.id") == "hand"
        before = cards_of(page, "#hand .card")
        page.keyboard.press("Enter")
        assert state(page) == "your-turn" and cards_of(page, "#hand .card") == before
        moves = legal_moves(page, server)
        taking = next((move for move in moves if move.get("take")), None)
        if taking:
            break
        page.locator("#hand .card.legal").first.click()
        if page.locator("#choice[open]").count():
            page.locator("#choice-options .choice").first.click()
    else:
        pytest.fail("no capture offered in 40 turns")
    card = taking["card"]
    takes = {taken for move in moves if move["card"] == card for taken in move.get("take", [])}
    button = page.locator(f"#hand button[data-card='{card}']")
    # The pointer left where it clicked may rest on another card, whose hover shows its
    # own takes: this is the keyboard's preview.
    page.mouse.move(0, 0)
    button.focus()
    assert set(cards_of(page, "#table-cards .card.preview")) == takes
    named = button.locator(".sr-only").text_content().split(",")[0]  # "7 of coppe"
    assert page.text_content("#preview").startswith(f"{named}: ")
    button.blur()
    assert not cards_of(page, "#table-cards .card.preview")
    if size == "desktop":
        button.hover()
        assert set(cards_of(page, "#table-cards .card.preview")) == takes
        page.mouse.move(0, 0)
    assert_accessible(page, "the table")
    screenshot(page, f"newcomer-table-{size}-{language}")

    # A card with one way to play plays on a click, with nothing asked.
    one = page.locator("#hand .card.legal[data-ways='1']").first
    if one.count():
        played = one.get_attribute("data-card")
        one.click()
        page.locator(f"#hand button[data-card='{played}']").wait_for(state="detached")
        assert not page.locator("#choice[open]").count()


def test_the_choice_outlines_one_option_in_words(watched, server, size, language):
    page = watched.page
    # Capture not compulsory: a card that can take can also be laid, so it asks.
    start_match(page, server, options={"capture_required": False}, bots="random")
    for _ in range(40):
        assert wait_for(page) == "your-turn"
        ways = page.locator("#hand .card.legal").evaluate_all(
            "cards => cards.map(c => [c.dataset.card, +c.dataset.ways])")
        several = [card for card, count in ways if count >= 2]
        if several:
            break
        page.locator("#hand .card.legal").first.click()
    else:
        pytest.fail("no card with two ways in 40 turns")
    page.locator(f"#hand button[data-card='{several[0]}']").click()
    page.wait_for_selector("#choice[open]")
    options = page.locator("#choice-options .choice")
    words = page.locator("#choice-options .choice > span:first-child").all_text_contents()
    suits = "|".join(say(language, f"deck.suit.{suit}") for suit in "cdbs")
    takes = re.escape(say(language, "move.takes", cards="\0").split("\0")[0])
    of_suit = re.escape(say(language, "card.name", rank="\0", suit="").split("\0")[1])
    assert all(re.match(rf"{takes}.+{of_suit}({suits})", text)
               or text in (say(language, "move.lay"), say(language, "move.takes_itself"))
               for text in words), words
    assert not any(re.search(r"\b\d+[cdbs]\b", text) for text in words), words
    for index in range(options.count()):
        option = options.nth(index)
        if size == "desktop":
            option.hover()
        else:
            option.focus()
        mine = cards_of(page, f"#choice-options .choice >> nth={index} >> .card")
        assert sorted(cards_of(page, "#table-cards .card.option")) == sorted(mine)
    assert_accessible(page, "the choice dialog")
    screenshot(page, f"newcomer-choice-{size}-{language}")
    page.click("#choice-back")
    assert wait_for(page) == "your-turn"
    assert not cards_of(page, "#table-cards .card.option")

    articles = page.evaluate("""async () => {
        const {valueWords} = await import('/table/js/words.js');
        return [1, 7, 8, 11, 13].map(valueWords);
    }""")
    assert articles == [value_words(language, value) for value in (1, 7, 8, 11, 13)]


def test_the_score_sheet_says_why(watched, server, size, language):
    page = watched.page
    start_match(page, server, bots="random")
    play_hand(page)
    view = seat_view(page, server)
    scored = [event for event in view["events"] if event["type"] == "hand_scored"][-1]
    groups = page.locator("#sheet-lines tbody")
    assert groups.count() == 2
    teams = [groups.nth(team).locator("tr.team").text_content() for team in (0, 1)]
    assert teams == [say(language, "sheet.team", team=say(language, f"team.{side}"), count=points)
                     for side, points in zip(("us", "them"), scored["points"], strict=True)]
    # What each team took, suit by suit: what the lines rewarding the most count.
    for team, pile in enumerate(view["piles"]):
        suits = [say(language, "pile.suit", count=count, suit=say(language, f"deck.suit.{suit}"))
                 for suit in "cdbs" if (count := sum(card.endswith(suit) for card in pile))]
        taken = page.locator(f"#sheet-lines tbody >> nth={team}").locator("tr.pile-counts")
        assert taken.text_content() == say(language, "pile.taken", count=len(pile),
                                           suits=", ".join(suits))
    # Each line says what it rewards in its game's own words.
    rewards = variants(server, language)["foraccio"]["words"]["lines"]
    shown = page.locator("#sheet-lines tr.line").evaluate_all(
        "rows => rows.map(r => [r.dataset.line, r.querySelector('.line-name').title])")
    assert shown and all(title == rewards[line]["rewards"] for line, title in shown), shown
    # It opens at its top: "Hand N is over" and the team headers in view.
    assert in_view(page, "#sheet-title") and in_view(page, "#sheet-lines tr.team")
    assert page.eval_on_selector("#sheet-body", "body => body.scrollTop") == 0
    # Each line's cards within its cell (on a phone, long rows wrap, not into the points).
    outside = page.locator("#sheet-lines td.line-cards").evaluate_all("""cells => cells.flatMap(
        cell => { const box = cell.getBoundingClientRect();
                  return [...cell.querySelectorAll('.card')]
                    .map((card) => card.getBoundingClientRect())
                    .filter((c) => c.left < box.left - 1 || c.right > box.right + 1)
                    .map((c) => [Math.round(c.left), Math.round(box.left)]); })""")
    assert not outside, outside
    columns = "heads => heads.map(h => Math.round(h.getBoundingClientRect().width))"
    widths_before = page.locator("#sheet-lines thead th").evaluate_all(columns)
    name = page.locator("#sheet-lines .line-name").first
    meaning = page.locator(f"#{name.get_attribute('aria-describedby')}")
    assert name.get_attribute("title") == meaning.text_content() and meaning.is_hidden()
    name.click()  # a tap shows it
    assert meaning.is_visible() and name.get_attribute("aria-expanded") == "true"
    for other in page.locator("#sheet-lines .line-name").all()[1:]:
        other.click()
    # Every meaning unfolded: the columns keep their widths, and the next deal stays in view.
    assert page.locator("#sheet-lines thead th").evaluate_all(columns) == widths_before
    assert in_view(page, "#next-hand")
    widths = page.locator("#sheet-lines .card").evaluate_all(
        "cards => cards.map(c => c.getBoundingClientRect().width)")
    assert widths and min(widths) >= 36, widths  # large enough to read
    assert_accessible(page, "the score sheet")
    screenshot(page, f"newcomer-sheet-{size}-{language}")


def in_view(page, selector: str) -> bool:
    """Whether the element of ``selector`` is wholly within the viewport."""
    return page.eval_on_selector(selector, "e => { const r = e.getBoundingClientRect(); return "
                                           "r.top >= 0 && r.bottom <= innerHeight && r.left >= 0"
                                           " && r.right <= innerWidth; }")


def test_foracci_13_cards_sit_on_one_row(watched, server, size):
    page = watched.page
    start_match(page, server)
    assert wait_for(page) == "your-turn"
    # A card's place in the layout (offsetTop): a hovered card is raised, not on a new row.
    rows = "cards => new Set(cards.map(c => c.offsetTop)).size"
    assert page.locator("#hand .card").count() == 13
    if size == "desktop":
        for width in (1280, 1024):
            page.set_viewport_size({"width": width, "height": 800})
            assert page.locator("#hand .card").evaluate_all(rows) == 1, width
    else:
        # On a touch screen nothing hovers: a tapped card may not stay raised.
        assert not page.evaluate("matchMedia('(hover: hover)').matches")
        page.locator("#hand .card.legal").first.hover()
        raised = page.locator("#hand .card.legal").first.evaluate(
            "card => getComputedStyle(card).transform")
        assert raised == "none", raised
