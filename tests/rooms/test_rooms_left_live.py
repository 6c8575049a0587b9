"""A person's leaving, on a real server: while their seat's stream is open they are at
the table however long, and the host may not hand their seat to a bot; once it has been
closed for ``FORACCIO_ROOMS_LEFT_SECONDS`` (1 s here), the host may."""

from __future__ import annotations

import time

import httpx

from foraccio.api.examples import EXAMPLE_SECRET
from foraccio.api.sealing import SECRET_VARIABLE
from tests.api.live import live_server
from tests.rooms.helpers import bearer, started, wait_for
from tests.rooms.test_streams import following, rooms_of


def test_the_host_may_hand_a_seat_to_a_bot_only_once_its_person_has_left():
    with live_server(**{SECRET_VARIABLE: EXAMPLE_SECRET, "FORACCIO_ROOMS_LEFT_SECONDS": "1"}
                     ) as server, httpx.Client(base_url=server.url, timeout=30) as client:
        made = started(client, ["person", "person", "random", "random"])
        room, host = made["room"], bearer(made["host"])

        def hand_over() -> httpx.Response:
            return client.post(f"/rooms/{room}/seats/0", headers=host, json={"bot": "random"})

        with following(client, made, made["seats"][0]) as stream:
            rooms_of(stream, 1)  # connected
            time.sleep(2.0)  # twice the time to leave: a connected person never leaves
            refused = hand_over()
            assert refused.status_code == 409 and refused.json()["code"] == "person_at_seat"
        # Closed just now: gone for less than a second, then for more.
        handed = wait_for(lambda: (answer := hand_over()).status_code == 200 and answer)
        assert handed.json()["seats"][0] == {"player": "bot", "bot": "random",
                                             "connected": False, "joined": True}
