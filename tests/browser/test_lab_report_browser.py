"""``foraccio compare --html``: the report page in a real browser (headless Chromium). It
asks nothing from anywhere, draws its three plots, and shows the figures of the JSON
report it was made from."""

from __future__ import annotations

import json

import pytest

from foraccio.cli.main import main
from tests.browser.conftest import static_server

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
