"""The recipe's nginx settings agree with the server's numbers (the live test,
test_proxy.py, cannot wait out a quiet stream or an idle connection)."""

from __future__ import annotations

import re

from foraccio.api.decoding import MAX_BODY_SIZE
from foraccio.api.timeouts import Timeouts
from foraccio.rooms.hub import HEARTBEAT
from tests.deploy.proxy import TEMPLATE


def setting(name: str, block: str = "") -> str:
    """The value of the first directive ``name`` of the template from ``block`` on."""
    text = TEMPLATE.read_text()
    text = text[text.index(block):] if block else text
    return re.search(rf"^\s*{name}\s+([^;]+);", text, re.MULTILINE).group(1)


def test_a_quiet_event_stream_outlasts_the_heartbeat():
    assert re.fullmatch(r"\d+s", timeout := setting("proxy_read_timeout", "location ~"))
    assert int(timeout[:-1]) >= 2 * HEARTBEAT


def test_nginx_closes_an_idle_connection_to_a_server_before_the_server_does():
    assert re.fullmatch(r"\d+s", idle := setting("keepalive_timeout", "upstream"))
    assert int(idle[:-1]) < Timeouts().header_seconds


def test_a_body_the_api_takes_passes_the_proxy():
    assert re.fullmatch(r"\d+m", size := setting("client_max_body_size"))
    assert int(size[:-1]) * 1024 ** 2 > MAX_BODY_SIZE
