"""A room's refusals of a change decided on an older room (409) in the request's language:
the ``detail`` in Italian, the ``code`` and the room shown unchanged, and the answer says
its language (``Content-Language``, ``Vary: Accept-Language``)."""

from __future__ import annotations

import pytest

from tests.rooms.helpers import bearer, in_process_app, make_room, my_turn, started, view

ITALIAN = {"Accept-Language": "it-IT,it;q=0.9"}


@pytest.fixture(scope="module")
def client():
    with in_process_app() as client:
        yield client


def conflict(response, code: str, language: str = "it") -> dict:
    """The 409 ``code`` of ``response``, said in ``language``; its document."""
    assert response.status_code == 409, response.text
    assert response.headers["content-type"] == "application/problem+json"
    assert response.headers.get_list("content-language") == [language]
    assert response.headers.get_list("vary") == ["Accept-Language"]
    body = response.json()
    assert body["code"] == code and "room" in body, body
    return body


def test_a_room_not_started_or_started_already_is_explained_in_italian(client):
    made = make_room(client, ["person"] * 4)
    room, host = made["room"], {**bearer(made["host"]), **ITALIAN}
    version = view(client, made, 0)["version"]
    early = client.post(f"/rooms/{room}/play", headers={**bearer(made["seats"][0]), **ITALIAN},
                        json={"move": {"card": "1d"}, "version": version})
    assert conflict(early, "not_started")["detail"] == \
        "Chi ha creato la stanza non ha ancora avviato la partita."
    english = client.post(f"/rooms/{room}/play", headers=bearer(made["seats"][0]),
                          json={"move": {"card": "1d"}, "version": version})
    assert conflict(english, "not_started", "en")["detail"] == \
        "The host has not started the match yet."
    assert client.post(f"/rooms/{room}/start", headers=host).status_code == 200
    again = conflict(client.post(f"/rooms/{room}/start", headers=host), "already_started")
    assert again["detail"] == "La partita è già cominciata."


def test_a_play_out_of_turn_or_on_an_old_version_is_explained_in_italian(client):
    made = started(client, ["person"] * 4)
    seat = next(s for s in range(4) if my_turn(client, made, s))
    mine = view(client, made, seat)
    other = (seat + 1) % 4
    out_of_turn = client.post(
        f"/rooms/{made['room']}/play?lang=it", headers=bearer(made["seats"][other]),
        json={"move": {"card": view(client, made, other)["cards"][0]},
              "version": mine["version"]})
    assert conflict(out_of_turn, "not_your_turn")["detail"] == \
        f"Tocca al posto {seat}, non a te."
    stale = client.post(f"/rooms/{made['room']}/play",
                        headers={**bearer(made["seats"][seat]), **ITALIAN},
                        json={"move": mine["moves"][0], "version": mine["version"] - 1})
    refused = conflict(stale, "stale_version")
    assert refused["detail"] == (
        f"La stanza è alla versione {mine['version']}, non {mine['version'] - 1}: nel "
        f"frattempo è successo qualcosa; eccola com'è adesso.")
    assert refused["room"]["version"] == mine["version"]


def test_a_seat_whose_person_is_there_and_a_finished_room_are_explained_in_italian(client):
    made = started(client, ["person"] * 4)
    room, host = made["room"], {**bearer(made["host"]), **ITALIAN}
    present = conflict(client.post(f"/rooms/{room}/seats/1", headers=host,
                                   json={"bot": "random"}), "person_at_seat")
    assert present["detail"].startswith("La persona del posto 1 non se n'è andata (era "
                                        "collegata negli ultimi ")
    assert present["detail"].endswith(" s): solo lei, o il tempo per turno della stanza, può "
                                      "far giocare un bot al suo posto.")
    assert client.post(f"/rooms/{room}/close", headers=host).status_code == 200
    closed = conflict(client.post(f"/rooms/{room}/close", headers=host), "room_finished")
    assert closed["detail"] == "La stanza è già chiusa."
    mine = view(client, made, 0)
    over = client.post(f"/rooms/{room}/play", headers={**bearer(made["seats"][0]), **ITALIAN},
                       json={"move": {"card": mine["cards"][0]}, "version": mine["version"]})
    assert conflict(over, "room_finished")["detail"] == "La partita è finita; la stanza è chiusa."
