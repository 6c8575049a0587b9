"""The web table at ``/`` in a real browser against a real server, in English and in
Italian: whole hands of each variant played by clicking, a choice of captures, a
Zobelon re declared, the score sheet, errors in plain words, a reload that resumes, the
bots' pace, the keyboard and a phone's width. Every page is watched: no request may
leave the server's origin and no script may log an error."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest

from tests.browser.conftest import api_server
from tests.browser.table import (
    SAVED,
    more_choices,
    origin,
    pattern,
    play_hand,
    say,
    screenshot,
    seat_view,
    sheet,
    start_match,
    state,
    totals,
    value_words,
    wait_for,
    watched_page,
)

pytestmark = pytest.mark.xdist_group("browser-table")

NO_SUCH_RESOURCE = re.compile(r"^Failed to load resource: ")
"""How Chromium logs a request that failed or answered an error status: expected where
a test makes one fail on purpose, an error anywhere else."""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with api_server(tmp_path_factory.mktemp("table") / "log") as url:
        yield url


def variants(server: str, language: str) -> dict[str, dict]:
    """``GET /variants`` asked in ``language``, by variant name."""
    request = urllib.request.Request(server + "/variants", headers={"Accept-Language": language})
    with urllib.request.urlopen(request) as answer:
        return {variant["name"]: variant for variant in json.load(answer)["variants"]}


@pytest.fixture
def watched(browser, server, language):
    """A fresh page (its own localStorage) at a desktop size, speaking ``language``;
    afterwards, no request went to another origin and no error was logged."""
    with watched_page(browser, language) as watch:
        yield watch
    elsewhere = [url for url in watch.requests if origin(url) not in (server, None)]
    assert not elsewhere, f"requests left the server's origin: {elsewhere}"


def assert_sheet_is_the_hands(page, server, target, language):
    """The sheet shows the ``hand_scored`` lines grouped by team (in order within a
    team), each named in its variant's words, their sums as the hand's points, and the
    match totals against the target."""
    lines, hand, match = sheet(page)
    view = seat_view(page, server)
    scored = [event for event in view["events"] if event["type"] == "hand_scored"][-1]
    ordered = sorted(scored["lines"], key=lambda line: line["team"])
    assert [(team, points) for team, _, points in lines] == [
        (line["team"], line["points"]) for line in ordered]
    named = variants(server, language)[view["variant"]]["words"]["lines"]
    readable = {line["name"]: line["name"].replace("_", " ").capitalize() for line in ordered}
    assert [name for _, name, _ in lines] == [
        named[line["name"]]["name"] if line["name"] in named else readable[line["name"]]
        for line in ordered]
    assert totals(hand, language) == tuple(scored["points"]) == (
        sum(p for team, _, p in lines if team == 0),
        sum(p for team, _, p in lines if team == 1))
    assert totals(match, language) == tuple(scored["scores"])
    assert match.endswith(say(language, "sheet.match", scores="", goal=target).split(";")[-1])


def several_ways(cards, king: bool = False, at_least: int = 2):
    """The first legal card that can be played in ``at_least`` ways (a re, with ``king``)."""
    return next((i for i, (card, ways) in enumerate(cards)
                 if ways >= at_least and card.startswith("13") == king), None)


def start_of(language: str, key: str, **params: str) -> str:
    """The words the page's sentence ``key`` starts with, up to its first placeholder."""
    return say(language, key, **{name: "\0" for name in params}).split("\0")[0]


def test_a_whole_hand_of_foraccio_with_a_choice_of_captures(watched, server, language):
    page = watched.page
    takes, lays = start_of(language, "move.takes", cards=""), say(language, "move.lay")

    def lay_unless_several_captures(options: list[str]) -> str:
        """Take when a card offers several captures; otherwise lay, so that the table
        fills."""
        return takes if sum(o.startswith(takes) for o in options) > 1 else lays

    # Capture not compulsory: the person lays cards that could capture, so the table fills
    # and a card soon has several captures (in nineteen hands out of twenty, the first).
    start_match(page, server, "foraccio", bots="random", options={"capture_required": False})
    hands = []
    for _ in range(4):
        hand = play_hand(page, prefer=lambda cards: several_ways(cards, at_least=3),
                         answer=lay_unless_several_captures)
        hands.append(hand)
        assert hand.plays == 13
        if any(sum(o.startswith(takes) for o in options) > 1 for options in hand.options):
            break
        if state(page) == "game-over":
            break
        page.click("#next-hand")
    choice = next(options for hand in hands for options in hand.options
                  if sum(o.startswith(takes) for o in options) > 1)
    assert all(option.startswith((takes, lays)) for option in choice)
    assert not any(re.search(r"\b\d+[cdbs]\b", option) for option in choice), choice  # no codes
    assert any(title.startswith(start_of(language, "choice.which", card="")) for hand in hands
               for title in hand.choices)
    screenshot(page, f"foraccio-score-sheet-{language}")
    assert_sheet_is_the_hands(page, server, 71, language)

    if state(page) == "hand-over":  # the next hand is dealt and shown
        page.click("#next-hand")
        wait_for(page)
        shown = page.text_content("#hand-number")
        assert shown == say(language, "hand.number", hand=len(hands) + 1)


def test_a_whole_hand_of_zobelon_with_a_king_declared(watched, server, language):
    page = watched.page
    wild = variants(server, language)["zobelon"]["words"]["wild"]
    assert wild  # Zobelon's re is a jolly, in Zobelon's own words
    how = start_of(language, "choice.how", card="")
    as_value = start_of(language, "choice.as_value", value="")
    start_match(page, server, "zobelon", bots="random")
    for _ in range(8):
        hand = play_hand(page, prefer=lambda cards: several_ways(cards, king=True),
                         answer=lambda options: as_value)
        assert hand.plays == 12
        if any(title.startswith(how) for title in hand.choices):
            break
        if state(page) == "game-over":
            page.click("#sheet-new-match")
            page.click("#start")
        else:
            page.click("#next-hand")
    else:
        pytest.fail("no re to declare in eight hands")
    asked = next(i for i, title in enumerate(hand.choices) if title.startswith(how))
    # The variant's own wording of its wild card's choice.
    assert hand.choices[asked].endswith(wild), hand.choices[asked]
    assert hand.options[asked][0] == say(language, "choice.sweep")
    # Each value, saying how many ways when it takes in several.
    values = {say(language, "choice.as_value", value=value_words(language, value))
              for value in range(1, 14)}
    values |= {say(language, "choice.as_value_ways", value=value_words(language, value), count=ways)
               for value in range(1, 14) for ways in range(2, 9)}
    assert set(hand.options[asked][1:]) <= values, hand.options[asked]
    assert_sheet_is_the_hands(page, server, 121, language)
    screenshot(page, f"zobelon-score-sheet-{language}")


def test_the_form_is_built_from_the_variants_house_rules_and_bots(watched, server, language):
    page = watched.page
    with urllib.request.urlopen(server + "/variants") as answer:
        variants = {v["name"]: v for v in json.load(answer)["variants"]}
    asked = urllib.request.Request(server + "/house-rules", headers={"Accept-Language": language})
    with urllib.request.urlopen(asked) as answer:
        rules = json.load(answer)["house_rules"]
    asked = urllib.request.Request(server + "/bots", headers={"Accept-Language": language})
    with urllib.request.urlopen(asked) as answer:
        listed = {bot["name"]: bot for bot in json.load(answer)["bots"]}
    bots = list(listed)
    assert "greedy" in bots  # the Scopa example's, an installed distribution's bot
    page.goto(server + "/")
    wait_for(page, "setup")
    screenshot(page, "setup", full_page=True)
    for name, variant in variants.items():
        page.select_option("#variant", name)
        shown = page.locator("#options [name]").evaluate_all("fields => fields.map(f => f.name)")
        assert shown == [option["name"] for option in variant["options"]]
        offered = page.locator("input[name=house_rule]").evaluate_all(
            "boxes => boxes.map(b => b.value)")
        fitting = [rule for rule in rules if name in rule["variants"]]
        assert offered == [rule["name"] for rule in fitting]
        # Each house rule under the server's title and with its description, in words:
        # its name (which the terminal and the lab take) only as the title's tooltip.
        for rule in fitting:
            words = rule.get("words") or {}
            label = f"label[for='house-rule-{rule['name']}']"
            assert page.text_content(label) == words.get("title", rule["title"])
            assert page.get_attribute(label, "title") == rule["name"]
            assert page.text_content(f"#house-rule-{rule['name']}-hint") == words.get(
                "description", rule["description"])
        # The bots offered for this game: those that name it, or name no game; the
        # heuristic picked, as at the terminal and in the lab.
        fit = [bot for bot in bots if name in (listed[bot]["variants"] or [name])]
        assert page.locator("#bot-1 option").evaluate_all(
            "options => options.map(o => o.value)") == fit
        assert page.input_value("#bot-1") == "heuristic"
    page.select_option("#variant", "foraccio")
    offered = page.locator("#bot-1 option").evaluate_all("options => options.map(o => o.value)")
    # Their descriptions are about the settebello and Scopone.
    assert "greedy" not in offered and "chitarrella" not in offered
    page.select_option("#variant", "scopa")
    more_choices(page)
    page.select_option("#bot-1", "greedy")
    assert page.input_value("#bot-1") == "greedy"
    # An installed bot by its name and its description, in the page's language (its
    # distribution's catalogue).
    described = page.text_content("#bot-1 option[value=greedy]")
    assert described == f"greedy ({listed['greedy']['description'].removesuffix('.')})"
    assert described.startswith({"en": "greedy (Takes", "it": "greedy (Prende"}[language])

    # An option set in the form reaches the match: a target of 1, which the first hand
    # reaches (unless it ties, and another is played), so the match's end shows.
    page.select_option("#pace", "instant")
    page.select_option("#variant", "foraccio")
    more_choices(page)
    page.fill("#option-target", "1")
    page.click("#start")
    wait_for(page)
    assert page.text_content("#goal") == "1"
    assert seat_view(page, server)["options"]["target"] == 1
    while play_hand(page) and state(page) == "hand-over":
        page.click("#next-hand")
    assert_sheet_is_the_hands(page, server, 1, language)
    result = page.text_content("#sheet-result")
    score = rf"\d+{re.escape(say(language, 'score.to'))}\d+"
    assert re.fullmatch("|".join(pattern(language, key, score=score)
                                 for key in ("won.you_and_partner", "won.opponents")), result)
    assert page.locator("#log li").last.text_content() == result  # said the same way
    assert page.is_visible("#sheet-new-match") and not page.is_visible("#next-hand")
    screenshot(page, "match-over")
    page.click("#sheet-new-match")
    assert wait_for(page, "setup") == "setup"


def test_errors_are_said_in_plain_words(watched, server, language):
    page = watched.page
    watched.allow(NO_SUCH_RESOURCE)  # the failures made on purpose below
    start_match(page, server)
    assert wait_for(page) == "your-turn"

    # The server is out of reach: the page says so, and trying again goes on.
    page.route("**/games/**", lambda route: route.abort("connectionrefused"))
    page.locator("#hand .card.legal").first.click()
    if page.locator("#choice[open]").count():
        page.locator("#choice-options .choice").first.click()
    assert wait_for(page) == "error"
    assert page.text_content("#error-text") == say(language, "error.network")
    screenshot(page, f"error-unreachable-{language}")
    page.unroute("**/games/**")
    page.click("#error-retry")
    assert wait_for(page) in ("your-turn", "hand-over")

    # A token the server did not make (here, altered): the match cannot go on.
    page.evaluate(f"""() => {{
        const saved = {SAVED};
        saved.token = saved.token.slice(0, -4) + (saved.token.endsWith("AAAA") ? "BBBB" : "AAAA");
        localStorage.setItem("foraccio.table.match", JSON.stringify(saved));
    }}""")
    page.reload()
    assert wait_for(page) == "error"
    words = page.text_content("#error-text")
    assert words == say(language, "error.invalid_token")
    assert "{" not in words and "invalid_token" not in words
    assert not page.is_visible("#error-retry")
    page.click("#error-new")
    assert wait_for(page, "setup") == "setup"


def test_a_reload_resumes_the_match(watched, server):
    page = watched.page
    start_match(page, server)
    for _ in range(2):  # two plays, by keyboard: focus is on the hand, Tab to its first card
        assert wait_for(page) == "your-turn"
        page.keyboard.press("Tab")
        page.keyboard.press("Enter")
        if page.locator("#choice[open]").count():
            page.keyboard.press("Enter")
    assert wait_for(page) == "your-turn"
    before = {part: page.locator(f"{part} .card").evaluate_all(
        "cards => cards.map(c => c.dataset.card)") for part in ("#hand", "#table-cards")}
    counts = page.locator(".seat .count").all_text_contents()

    page.reload()

    assert wait_for(page) == "your-turn"
    after = {part: page.locator(f"{part} .card").evaluate_all(
        "cards => cards.map(c => c.dataset.card)") for part in ("#hand", "#table-cards")}
    assert after == before and len(after["#hand"]) == 11
    assert page.locator(".seat .count").all_text_contents() == counts
    page.locator("#hand .card.legal").first.click()  # and the match goes on
    if page.locator("#choice[open]").count():
        page.locator("#choice-options .choice").first.click()
    assert wait_for(page) == "your-turn"
    assert page.locator("#hand .card").count() == 10


def play_a_card_with_the_bots_slow(page, server) -> None:
    """Start a match, set the slow pace and play the first legal card: the bots then
    play, one at a time, with Skip shown."""
    start_match(page, server)
    assert wait_for(page) == "your-turn"
    page.select_option("#pace", "slow")
    page.locator("#hand .card.legal").first.click()
    if page.locator("#choice[open]").count():
        page.locator("#choice-options .choice").first.click()
    page.wait_for_selector("#skip:visible")


def test_the_bots_play_one_at_a_time_and_can_be_skipped(watched, server, language):
    page = watched.page
    # The page's own clock, which times the bots' pauses, is the test's: it runs as
    # usual until stopped below.
    page.clock.install()
    # Three bots play before the person's next turn, each shown for 1.8 s.
    play_a_card_with_the_bots_slow(page, server)
    # (Waits are on selectors: the page's policy forbids the eval behind wait_for_function.)
    right = say(language, "seat.with_bot", seat=say(language, "seat.right"),
                bot=say(language, "bot.heuristic.short"))
    page.wait_for_selector(f"#last-play:has-text('{say(language, 'seat.right')}')")
    shown = page.text_content("#last-play")
    plays = [pattern(language, "event.laid", seat=re.escape(right), card=".+"),
             pattern(language, "event.captured", seat=re.escape(right), card=".+", move=".+")]
    assert re.fullmatch("|".join(plays), shown), shown
    assert not re.search(r"\b\d+[cdbs]\b", shown), shown  # cards in words, not codes
    screenshot(page, "bots-playing")
    # With the page's clock stopped, no pause ends by itself: the person's turn comes
    # only if Skip ends them all (an order of events, whatever the machine's speed).
    # (A few seconds on: a busy machine's next call may come a second later, and the
    # clock only moves forward. The jump may end the pause in progress, not Skip's job.)
    page.clock.pause_at(page.evaluate("Date.now()") / 1000 + 5)
    page.click("#skip")
    assert wait_for(page) == "your-turn", "skipping shows the rest at once"
    assert not page.is_visible("#skip")


def test_the_table_is_usable_by_keyboard_with_a_visible_focus(watched, server):
    page = watched.page
    start_match(page, server)
    assert wait_for(page) == "your-turn"
    page.keyboard.press("Tab")  # from the hand to its first legal card
    focused = page.evaluate("""() => {
        const card = document.activeElement, style = getComputedStyle(card);
        return {card: card.dataset.card, legal: card.classList.contains('legal'),
                outline: style.outlineStyle, width: parseFloat(style.outlineWidth)};
    }""")
    assert focused["card"] and focused["legal"], focused
    assert focused["outline"] != "none" and focused["width"] >= 2, focused
    screenshot(page, "keyboard-focus")
    page.keyboard.press(" ")  # Space plays it
    if page.locator("#choice[open]").count():
        assert page.evaluate("document.activeElement.classList.contains('choice')")
        page.keyboard.press("Enter")
    page.locator(f"#hand button[data-card='{focused['card']}']").wait_for(state="detached")


def test_the_table_fits_a_phone(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844},
                                  device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        start_match(page, server)
        assert wait_for(page) == "your-turn"
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the page is {width} px wide on a 390 px screen"
        right = page.locator("#hand .card").evaluate_all(
            "cards => Math.max(...cards.map(c => c.getBoundingClientRect().right))")
        assert right <= 390
        screenshot(page, "phone", full_page=True)
    finally:
        context.close()


def test_a_new_match_asked_for_mid_play_stops_the_bots_of_the_old_one(watched, server):
    page = watched.page
    play_a_card_with_the_bots_slow(page, server)

    page.click("#new-match")

    assert wait_for(page, "setup") == "setup"
    page.wait_for_timeout(2_500)  # longer than a bot's turn at this pace
    assert state(page) == "setup" and page.is_visible("#setup") and page.is_hidden("#table")
    page.select_option("#pace", "instant")
    page.click("#setup-cancel")  # back to the match, where it stopped
    assert wait_for(page) == "your-turn"
