"""One log line per request, with a request id that the response carries too;
no log line ever shows a card of a hand."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from structlog.contextvars import merge_contextvars
from structlog.testing import capture_logs

from foraccio.api.logging import iso_utc
from tests.api.conftest import play_until, wire

CARD = re.compile(r"\b(1[0-3]|[1-9])[cdbs]\b")


@pytest.fixture
def logs():
    # The request id reaches a line through the bound context, as in production.
    with capture_logs(processors=[merge_contextvars]) as entries:
        yield entries


def request_lines(entries):
    return [entry for entry in entries if entry["event"] == "request"]


def test_each_request_is_logged_once_with_its_essentials(client, logs):
    response = client.get("/health", headers={"X-Request-ID": "abc-123"})
    (line,) = request_lines(logs)
    assert line["method"] == "GET" and line["path"] == "/health" and line["status"] == 200
    assert line["request_id"] == "abc-123" == response.headers["x-request-id"]
    assert isinstance(line["duration_ms"], float) and line["duration_ms"] >= 0


def test_a_request_id_is_made_when_the_client_sends_none(client, logs):
    first, second = client.get("/health"), client.get("/health")
    ids = [first.headers["x-request-id"], second.headers["x-request-id"]]
    assert all(re.fullmatch(r"[0-9a-f]{32}", request_id) for request_id in ids)
    assert ids[0] != ids[1]
    assert [line["request_id"] for line in request_lines(logs)] == ids


@pytest.mark.parametrize("sent", ["has spaces", "x" * 129, "line\tbreak", ""])
def test_a_request_id_that_is_not_a_plain_token_is_replaced(client, sent):
    response = client.get("/health", headers={"X-Request-ID": sent})
    assert re.fullmatch(r"[0-9a-f]{32}", response.headers["x-request-id"])


def test_errors_and_unknown_paths_are_logged_and_get_an_id(client, logs):
    responses = [client.get("/nowhere"),
                 client.post("/games", content=b"{", headers={"content-type": "application/json"}),
                 client.get("/variants/scopone")]
    lines = request_lines(logs)
    assert [line["status"] for line in lines] == [404, 400, 404]
    assert [line["request_id"] for line in lines] == [r.headers["x-request-id"]
                                                      for r in responses]


def test_no_log_line_shows_a_card(client, logs):
    state = wire(play_until("playing"))
    moves = client.post("/games/legal-moves", json={"state": state}).json()["moves"]
    client.post("/games/play", json={"state": state, "move": moves[0]})
    client.post("/games/play", json={"state": state, "move": {"card": "1d", "take": ["2d"]}})
    client.post("/games/score", json={"state": {**state, "hands": state["hands"][:3]}})
    client.post("/games/play", json={"state": state, "move": {"card": "99x"}})
    assert len(request_lines(logs)) == 5
    for entry in logs:
        for value in entry.values():
            assert not CARD.search(str(value)), entry


@pytest.mark.parametrize("nanoseconds", [
    0, 999, 1_000, 1_764_944_729_000_000_000, 1_764_944_729_131_973_999,
    1_764_944_729_999_999_999, 1_764_944_730_000_001_000, 4_102_444_800_000_000_000])
def test_the_timestamp_is_written_as_structlogs_iso_utc_stamper_writes_it(nanoseconds):
    # TimeStamper(fmt="iso", utc=True) writes datetime.now(UTC).isoformat() with Z.
    instant = datetime(1970, 1, 1, tzinfo=UTC) + timedelta(microseconds=nanoseconds // 1000)
    assert iso_utc(nanoseconds) == instant.isoformat().replace("+00:00", "Z")
    assert iso_utc(nanoseconds) == iso_utc(nanoseconds)  # the second's text, kept, again
