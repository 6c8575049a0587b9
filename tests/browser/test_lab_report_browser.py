"""``foraccio compare --html``: the report page in a real browser (headless Chromium). It
asks nothing from anywhere, draws its three plots, and shows the figures of the JSON
report it was made from; every word of its plots, in either language, lies inside them."""

from __future__ import annotations

import json

import pytest

from foraccio.cli.main import main
from foraccio.lab.html import page
from tests.browser.conftest import static_server
from tests.lab.test_report import colore_report

pytestmark = pytest.mark.xdist_group("lab_report_browser")


def test_the_report_page_is_self_contained_and_shows_its_figures(browser, tmp_path, capsys):
    page_file = tmp_path / "site" / "report.html"
    page_file.parent.mkdir()
    assert main(["compare", "foraccio", "--options", '{"target": 11}', "--with-house-rules",
                 "colore", "--matches", "20", "--workers", "1", "--quiet", "--json",
                 "--results", str(tmp_path / "r.jsonl"), "--html", str(page_file)]) == 0
    report = json.loads(capsys.readouterr().out)

    with static_server(page_file.parent) as port:
        page = browser.new_page()
        asked, errors = [], []
        page.on("request", lambda request: asked.append(request.url))
        page.on("console", lambda message: errors.append(message.text)
                if message.type == "error" else None)
        page.goto(f"http://127.0.0.1:{port}/report.html")

        assert asked == [f"http://127.0.0.1:{port}/report.html"]  # nothing else, ever
        assert errors == []
        for plot in ("match-length", "hand-points", "score-lines"):
            svg = page.locator(f"#{plot} svg")
            assert svg.is_visible()
            box = svg.bounding_box()
            assert box["width"] > 300 and box["height"] > 100
            # A bar per setup for every value drawn, in both setups' colours.
            assert page.locator(f"#{plot} rect[data-setup='baseline']").count() > 0
            assert page.locator(f"#{plot} rect[data-setup='+colore']").count() > 0
        # The score-line plot has a whisker (95 % interval) per bar.
        bars = page.locator("#score-lines rect[data-setup]").count()
        assert page.locator("#score-lines path.whisker").count() == bars

        rows = page.locator("#figures tr[data-metric]")
        assert rows.count() == len(report["metrics"])
        hands = report["setups"][0]["figures"]["hands"]["value"]
        assert page.locator("#figures tr[data-metric='hands'] td").first.inner_text(
            ).startswith(f"{hands:.3f}")
        significant = [d["metric"] for d in report["differences"] if d["significant"]]
        assert page.locator("#figures td.significant").count() == len(significant) > 0
        assert page.locator("#findings li").all_inner_texts() == report["findings"]
        page.close()


@pytest.mark.parametrize("language", ["en", "it"])
def test_every_word_of_every_plot_lies_inside_its_plot(browser, tmp_path, language):
    # Italian titles run longer than English ones ("Durata della partita, configurazione
    # meno riferimento: percentuale delle partite"): an SVG text neither wraps nor
    # shrinks, so each must be laid out to fit, as the browser draws it.
    page_file = tmp_path / "report.html"
    page_file.write_text(page(colore_report(language=language)), encoding="utf-8")

    with static_server(tmp_path) as port:
        shown = browser.new_page()
        shown.goto(f"http://127.0.0.1:{port}/report.html")
        outside = shown.evaluate("""() => [...document.querySelectorAll("svg")].flatMap((svg) => {
            const [, , width, height] = svg.getAttribute("viewBox").split(" ").map(Number);
            return [...svg.querySelectorAll("text")]
              .map((text) => [text.textContent, text.getBBox()])
              .filter(([, box]) => box.x < 0 || box.y < 0 || box.x + box.width > width
                                   || box.y + box.height > height)
              .map(([words, box]) => `${words}: ${box.x}..${box.x + box.width} of ${width}`);
        })""")
        titles = shown.locator("svg text.title").count()
        shown.close()

    assert titles == 6
    assert outside == []
