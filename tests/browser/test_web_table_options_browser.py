"""The new-match form follows what the server lists, in a real browser against a real
server: the seats follow the option that changes them (Scopa's players, from
``seatings`` of ``GET /variants``), a house rule is offered only for the variants it
applies to, and a house rule's options are shown, bounded and sent
(``tests/table_rules.py``'s ``double-scopa``, installed in the server as a
distribution's would be). In English and in Italian."""

from __future__ import annotations

import pytest

from tests.browser.conftest import api_server
from tests.browser.table import more_choices, say, screenshot, seat_view, wait_for
from tests.table_rules import table_rules_environment

pytestmark = pytest.mark.xdist_group("browser-options")


def scopa_bots(language: str) -> dict[str, list[str]]:
    """The bots' seats of the form at Scopa, by number of players."""
    def opponent(where: str) -> str:
        return say(language, "setup.bot.opponent", where=say(language, f"where.{where}"))
    partner = say(language, "setup.bot.partner", where=say(language, "where.opposite"))
    return {"2": [opponent("opposite")],
            "3": [opponent("right"), opponent("left")],
            "4": [partner, opponent("right"), opponent("left")]}


def intro(language: str, company: str, against: str, count: int) -> str:
    """How the form's introduction starts: who sits with the person, against whom."""
    number = say(language, f"number.{count}") if count > 1 else ""
    return say(language, "setup.intro", company=company, goal="",
               against=say(language, against, count=count, number=number)).strip()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with api_server(tmp_path_factory.mktemp("table") / "log",
                    FORACCIO_DATA_DIR=str(tmp_path_factory.mktemp("rooms")),
                    **table_rules_environment(tmp_path_factory.mktemp("rules"))) as url:
        yield url


@pytest.fixture
def page(watched, server):
    """A fresh page at the form, its choices unfolded; afterwards, no error was logged."""
    watched.page.goto(server + "/")
    wait_for(watched.page, "setup")
    more_choices(watched.page)
    return watched.page


def texts(page, selector: str) -> list[str]:
    return [text.strip() for text in page.locator(selector).all_text_contents()]


def test_the_bots_follow_the_number_of_players_chosen(page, language):
    page.select_option("#variant", "scopa")
    page.wait_for_selector("#bots[data-seats='2']")
    assert texts(page, "#bots label") == scopa_bots(language)["2"]

    for players in ("3", "4", "2", "3"):
        page.select_option("#option-players", players)
        page.wait_for_selector(f"#bots[data-seats='{players}']")
        assert texts(page, "#bots label") == scopa_bots(language)[players]
    assert page.text_content("#setup-intro").startswith(
        intro(language, "", "setup.intro.against_each", 2))
    page.select_option("#option-players", "4")
    assert page.text_content("#setup-intro").startswith(intro(
        language, say(language, "setup.intro.partner.opposite"), "setup.intro.against", 2))


def test_a_three_player_match_seats_the_bots_chosen(page, server, language):
    page.select_option("#pace", "instant")
    page.select_option("#variant", "scopa")
    page.select_option("#option-players", "3")
    page.wait_for_selector("#bots[data-seats='3']")
    page.select_option("#bot-1", "random")
    page.select_option("#bot-2", "ismcts")
    page.click("#start")
    assert wait_for(page) == "your-turn"

    view = seat_view(page, server)
    assert view["options"]["players"] == 3 and len(view["hand_sizes"]) == 3
    assert texts(page, ".seat .who") == [say(language, f"seat.{where}")
                                         for where in ("left", "right", "you")]
    # Each bot beside its seat as the log names it: "Sinistra (ISMCTS)", "Destra (casuale)".
    assert texts(page, ".seat .bot") == [
        say(language, "seat.bot", bot=say(language, f"bot.{bot}.short"))
        for bot in ("ismcts", "random")] + [""]
    assert page.evaluate("JSON.parse(localStorage.getItem('foraccio.table.match')).bots") == [
        None, "random", "ismcts"]
    screenshot(page, f"scopa-three-players-{language}")


def test_the_seats_of_a_room_follow_the_number_of_players_chosen(page, language):
    """The form's seats, and the room made of them."""
    page.check("input[name=mode][value=friends]")
    page.select_option("#variant", "scopa")
    assert texts(page, "#seats label")[:-1] == [say(language, "seat.number", number=number)
                                                for number in (1, 2)]

    page.select_option("#option-players", "4")

    page.wait_for_selector("#player-3")
    assert texts(page, "#seats label")[:-1] == [
        say(language, "friends.seat_partner", number=number, partners=partner)
        for number, partner in ((1, 3), (2, 4), (3, 1), (4, 2))]
    for seat in (1, 2, 3):
        page.select_option(f"#player-{seat}", "random")
    page.click("#start")

    page.wait_for_selector("#room-seats li >> nth=3")
    assert page.locator("#room-seats li").count() == 4


def test_a_house_rule_is_offered_only_for_the_variants_it_applies_to(page):
    offered = {}
    for variant in ("foraccio", "zobelon", "scopa"):
        page.select_option("#variant", variant)
        offered[variant] = page.locator("input[name=house_rule]").evaluate_all(
            "boxes => boxes.map(box => box.value)")

    assert "napoli-to-ten" in offered["foraccio"] and "napoli-to-ten" not in offered["scopa"]
    assert "colore" in offered["foraccio"] and "colore" not in offered["zobelon"]
    assert all("double-scopa" in names for names in offered.values())


def test_a_house_rules_options_are_shown_bounded_and_sent(page, server):
    page.select_option("#pace", "instant")
    page.select_option("#variant", "foraccio")
    assert page.is_hidden("#option-double-scopa-factor")

    page.check("#house-rule-double-scopa")

    factor = page.locator("#option-double-scopa-factor")
    assert factor.is_visible() and page.is_visible("#option-double-scopa-on")
    assert (factor.get_attribute("min"), factor.get_attribute("max"), factor.input_value()) == (
        "1", "4", "2")
    assert texts(page, "#option-double-scopa-on option") == ["Every", "Last"]
    assert "multiplied" in page.text_content("#option-double-scopa-factor-hint")
    factor.fill("9")
    page.click("#start")
    assert page.evaluate("document.querySelector('#option-double-scopa-factor').validity."
                         "rangeOverflow") and page.is_visible("#setup")
    factor.fill("3")
    page.select_option("#option-double-scopa-on", "last")
    screenshot(page, "house-rule-options")
    page.click("#start")
    assert wait_for(page) == "your-turn"

    view = seat_view(page, server)
    assert view["house_rules"] == ["double-scopa"]
    assert {name: value for name, value in view["options"].items()
            if name.startswith("double-scopa.")} == {"double-scopa.factor": 3,
                                                     "double-scopa.on": "last"}


def test_a_house_rule_left_out_sends_none_of_its_options(page, server):
    page.select_option("#pace", "instant")
    page.check("#house-rule-double-scopa")
    page.locator("#option-double-scopa-factor").fill("9")  # out of bounds, but not sent
    page.uncheck("#house-rule-double-scopa")
    assert page.is_hidden("#option-double-scopa-factor")

    page.click("#start")
    assert wait_for(page) == "your-turn"

    view = seat_view(page, server)
    assert view["house_rules"] == [] and not any("." in name for name in view["options"])
