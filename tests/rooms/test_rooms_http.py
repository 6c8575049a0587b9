"""Rooms through HTTP, in process: making one, its links, playing in it, and what each
link sees. The server's own moves (bots) run in the app's driver, as on a real server."""

from __future__ import annotations

import threading

import msgspec
import pytest
from litestar.testing import TestClient

from foraccio.api.app import create_app
from foraccio.api.examples import EXAMPLE_SECRET
from foraccio.api.sealing import SECRET_VARIABLE
from foraccio.core.cards import DECK
from foraccio.core.view import SeatView, view_legal_moves
from tests.api.sealed import without_draws
from tests.rooms.helpers import SEALER, bearer, make_room, my_turn, started, view, wait_for


@pytest.fixture(scope="module")
def client():
    with pytest.MonkeyPatch.context() as environment:
        environment.setenv(SECRET_VARIABLE, EXAMPLE_SECRET)
        environment.setenv("FORACCIO_ROOMS_DEAL_SECONDS", "0.1")
        with TestClient(create_app()) as client:
            yield client


def problem(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/problem+json"
    body = response.json()
    assert body["code"] == code, body
    return body


# --- making a room ----------------------------------------------------------------------


def test_a_new_room_has_an_invite_per_person_seat_and_waits_for_its_host(client):
    made = make_room(client)
    room = made["room"]
    assert made["host"].startswith(room + ".") and made["spectator"].startswith(room + ".")
    assert [invite is not None for invite in made["seats"]] == [True, False, True, False]
    assert len({made["host"], made["spectator"], made["seats"][0], made["seats"][2]}) == 4
    host = made["view"]
    assert (host["status"], host["role"], host["seat"], host["cards"]) == (
        "waiting", "host", None, [])
    assert [seat["player"] for seat in host["seats"]] == ["person", "bot", "person", "bot"]


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"variant": "foraccio", "seats": ["person"] * 3}, 422, "seats_per_table"),
    ({"variant": "foraccio", "seats": ["random"] * 4}, 422, "no_person"),
    ({"variant": "foraccio", "seats": ["person", "minimax", "person", "random"]}, 422,
     "unknown_bot"),
    ({"variant": "briscola", "seats": ["person"] * 4}, 422, "unknown_variant"),
    ({"variant": "foraccio", "seats": ["person"] * 4, "pace": 60}, 400, "invalid_body"),
])
def test_a_bad_room_is_refused_with_a_code(client, body, status, code):
    problem(client.post("/rooms", json=body), status, code)


def test_the_server_keeps_no_secret_of_a_link(client):
    made = make_room(client)
    text = msgspec.json.encode(_stored(client, made["room"])).decode()
    for invite in (made["host"], made["spectator"], *made["seats"], *made["invites"]):
        assert invite is None or invite.split(".")[1] not in text


# --- links ------------------------------------------------------------------------------


def test_a_request_needs_a_link_of_its_own_room(client):
    made, other = make_room(client), make_room(client)
    room = made["room"]
    problem(client.get(f"/rooms/{room}"), 401, "missing_key")
    problem(client.get(f"/rooms/{room}", headers=bearer(other["host"])), 403, "wrong_key")
    forged = room + "." + other["host"].split(".")[1]
    problem(client.get(f"/rooms/{room}", headers=bearer(forged)), 403, "wrong_key")
    problem(client.get("/rooms/no-such-room", headers=bearer("no-such-room.x")), 404,
            "room_not_found")


def test_only_the_host_starts_and_nobody_plays_before(client):
    made = make_room(client)
    room, seat = made["room"], bearer(made["seats"][0])
    problem(client.post(f"/rooms/{room}/start", headers=seat), 403, "host_only")
    version = view(client, made, 0)["version"]
    refused = problem(client.post(f"/rooms/{room}/play", headers=seat,
                                  json={"move": {"card": "1d"}, "version": version}), 409,
                      "not_started")
    assert refused["room"]["status"] == "waiting" and refused["room"]["role"] == "seat"
    assert client.post(f"/rooms/{room}/start", headers=bearer(made["host"])).status_code == 200
    problem(client.post(f"/rooms/{room}/start", headers=bearer(made["host"])), 409,
            "already_started")


# --- playing ----------------------------------------------------------------------------


def test_people_and_bots_play_a_whole_hand(client):
    made = started(client)
    plays = 0
    while True:
        seen = view(client, made, 0)
        if seen["match"]["phase"] != "playing" or seen["match"]["hand"] > 1:
            break
        for seat in (0, 2):
            mine = my_turn(client, made, seat)
            if mine and mine["match"]["hand"] == 1:
                answer = client.post(f"/rooms/{made['room']}/play",
                                     headers=bearer(made["seats"][seat]),
                                     json={"move": mine["moves"][0], "version": mine["version"]})
                assert answer.status_code == 200, answer.text
                assert answer.json()["events"][0]["seat"] == seat
                plays += 1
    assert plays == 26  # thirteen rounds, two people: the bots played the other 26


def test_a_seats_moves_say_their_kinds_as_the_engine_does(client):
    made = started(client, ["person"] * 4)
    seat = next(s for s in range(4) if my_turn(client, made, s))
    mine = view(client, made, seat)
    seen = msgspec.convert({**mine["match"], "seat": seat, "cards": mine["cards"]}, SeatView)
    assert mine["moves"] == msgspec.json.decode(msgspec.json.encode(
        view_legal_moves(seen, kinds=True)))
    assert {move["kind"] for move in mine["moves"]} <= {"capture", "lay"}


def test_a_play_chosen_on_an_old_version_or_out_of_turn_is_refused_with_the_room(client):
    made = started(client, ["person"] * 4)
    seat = next(s for s in range(4) if my_turn(client, made, s))
    mine = view(client, made, seat)
    other = (seat + 1) % 4
    out_of_turn = client.post(f"/rooms/{made['room']}/play", headers=bearer(made["seats"][other]),
                              json={"move": {"card": view(client, made, other)["cards"][0]},
                                    "version": mine["version"]})
    assert problem(out_of_turn, 409, "not_your_turn")["room"]["seat"] == other
    stale = client.post(f"/rooms/{made['room']}/play", headers=bearer(made["seats"][seat]),
                        json={"move": mine["moves"][0], "version": mine["version"] - 1})
    now = problem(stale, 409, "stale_version")["room"]
    assert now["version"] == mine["version"] and now["cards"] == mine["cards"]


def test_two_plays_racing_for_one_turn_land_once(client):
    made = started(client, ["person"] * 4)
    seat = next(s for s in range(4) if my_turn(client, made, s))
    mine = view(client, made, seat)
    body = {"move": mine["moves"][0], "version": mine["version"]}
    answers = []

    def send():
        answers.append(client.post(f"/rooms/{made['room']}/play",
                                   headers=bearer(made["seats"][seat]), json=body))

    threads = [threading.Thread(target=send) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    statuses = sorted(answer.status_code for answer in answers)
    assert statuses == [200] + [409] * 5
    assert view(client, made, seat)["version"] == mine["version"] + 1


def test_a_seat_handed_to_a_bot_is_played_by_it_and_taken_back_by_its_person(client):
    made = started(client, ["person", "person", "random", "random"])
    room, host, person = made["room"], bearer(made["host"]), bearer(made["seats"][1])
    problem(client.post(f"/rooms/{room}/seats/0", headers=person, json={"bot": "random"}), 403,
            "host_only")
    # Seat 1's person is at the table: not the host's to hand over, but theirs.
    problem(client.post(f"/rooms/{room}/seats/1", headers=host, json={"bot": "random"}), 409,
            "person_at_seat")
    assert client.post(f"/rooms/{room}/seats/1", headers=person,
                       json={"bot": "heuristic"}).status_code == 200
    # With seat 0 the only person left, the bots play on until seat 0's turn.
    wait_for(lambda: my_turn(client, made, 0))
    assert view(client, made, 1)["moves"] == []  # a bot plays it: nothing for the person
    back = client.post(f"/rooms/{room}/seats/1", headers=person, json={"bot": None})
    assert back.status_code == 200 and back.json()["seats"][1]["player"] == "person"
    problem(client.post(f"/rooms/{room}/seats/2", headers=host, json={"bot": None}), 422,
            "bot_seat")


# --- joining a seat ---------------------------------------------------------------------


def test_an_invite_gives_no_hand_and_is_exchanged_once_for_the_seats_key(client):
    made = make_room(client, join=False)
    room, invite = made["room"], made["seats"][0]
    problem(client.get(f"/rooms/{room}", headers=bearer(invite)), 403, "join_first")
    problem(client.get(f"/rooms/{room}/events", headers=bearer(invite)), 403, "join_first")
    as_host = client.post(f"/rooms/{room}/join", headers=bearer(made["host"]))
    assert as_host.status_code == 200 and as_host.json()["key"] is None  # no invite: as it is
    answer = client.post(f"/rooms/{room}/join", headers=bearer(invite))
    assert answer.status_code == 200, answer.text
    key = answer.json()["key"]
    assert key.startswith(room + ".") and key != invite
    seen = view(client, {**made, "seats": [key]}, 0)
    assert (seen["role"], seen["seat"], seen["kind"], seen["by"]) == ("seat", 0, "seat", 0)
    assert seen["cards"] and seen["seats"][0]["joined"]
    # Whoever comes second with the invite (its person, if the host took the seat) is told.
    for again in (client.post(f"/rooms/{room}/join", headers=bearer(invite)),
                  client.get(f"/rooms/{room}", headers=bearer(invite))):
        assert "already" in problem(again, 403, "seat_taken")["detail"]
    host = client.get(f"/rooms/{room}", headers=bearer(made["host"])).json()
    assert host["seats"][0]["joined"] and not host["seats"][2]["joined"]
    assert host["cards"] == []


def test_the_host_sees_no_hand_of_a_joined_seat_and_cannot_play_it_or_take_it(client):
    made = started(client, ["person"] * 4)
    room, host = made["room"], bearer(made["host"])
    seat = next(s for s in range(4) if my_turn(client, made, s))
    mine = view(client, made, seat)
    seen = client.get(f"/rooms/{room}", headers=host).json()
    assert seen["cards"] == [] and seen["moves"] == []
    problem(client.post(f"/rooms/{room}/play", headers=host,
                        json={"move": mine["moves"][0], "version": mine["version"]}), 403,
            "not_a_seat")
    for used in made["invites"]:  # the host's copies of the invites: used, worthless
        problem(client.get(f"/rooms/{room}", headers=bearer(used)), 403, "seat_taken")
    problem(client.post(f"/rooms/{room}/seats/{seat}", headers=host, json={"bot": "random"}),
            409, "person_at_seat")
    problem(client.post(f"/rooms/{room}/seats/{seat}/invite", headers=host), 409,
            "person_at_seat")
    assert view(client, made, seat)["version"] == mine["version"]


def test_the_host_invites_someone_new_to_a_free_seat_and_the_table_sees_it(client):
    made = make_room(client, join=False)
    room, host, old = made["room"], bearer(made["host"]), made["seats"][2]
    answer = client.post(f"/rooms/{room}/seats/2/invite", headers=host)
    assert answer.status_code == 200, answer.text
    new = answer.json()["invite"]
    seen = client.get(f"/rooms/{room}", headers=host).json()
    assert (seen["kind"], seen["by"], seen["seats"][2]["joined"]) == ("seat", 2, False)
    problem(client.post(f"/rooms/{room}/join", headers=bearer(old)), 403, "wrong_key")
    assert client.post(f"/rooms/{room}/join", headers=bearer(new)).status_code == 200
    problem(client.post(f"/rooms/{room}/seats/1/invite", headers=host), 422, "bot_seat")


# --- what each link sees ----------------------------------------------------------------


def test_each_link_sees_its_own_hand_only_and_a_spectator_none(client):
    made = started(client, ["person"] * 4)
    state = SEALER.open(_token(client, made["room"])).engine_state()
    for seat in range(4):
        seen = view(client, made, seat)
        assert seen["cards"] == list(state.hands[seat])
        others = {card for other, hand in enumerate(state.hands) if other != seat
                  for card in hand}
        assert not _cards_in(seen) & others
    for invite in (made["spectator"], made["host"]):
        seen = client.get(f"/rooms/{made['room']}", headers=bearer(invite)).json()
        assert seen["cards"] == [] and seen["moves"] == []
        assert not _cards_in(seen) & {card for hand in state.hands for card in hand}


def _cards_in(value) -> set[str]:
    """The cards anywhere in ``value`` but the draws for the first dealer (shown to all,
    then shuffled back: they tell nothing of any hand)."""
    return _cards(without_draws(value))


def _cards(value) -> set[str]:
    if isinstance(value, str):
        return {value} & set(DECK)
    if isinstance(value, dict):
        return {card for item in value.values() for card in _cards(item)}
    if isinstance(value, list):
        return {card for item in value for card in _cards(item)}
    return set()


def _stored(client, room: str):
    """The room as the app's store holds it."""
    rooms_part = client.app.dependencies["rooms_part"].dependency()
    return client.blocking_portal.call(rooms_part.rooms.store.load, room)


def _token(client, room: str) -> str:
    return _stored(client, room).token
