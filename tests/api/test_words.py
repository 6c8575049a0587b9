"""The API speaks the request's language: ``GET /variants`` and ``GET /house-rules`` answer
each variant's and house rule's words in it (``lang`` wins over ``Accept-Language``;
English by default), and problem documents their ``detail``, ``code`` unchanged."""

from __future__ import annotations

import pytest

from foraccio.core.registry import get_variant
from tests.api.conftest import wire
from tests.api.test_errors import CARD, MID_HAND, TABLE, TURN


def variant(answer, name: str) -> dict:
    return next(found for found in answer.json()["variants"] if found["name"] == name)


def test_the_variants_are_spoken_in_english_by_default(client):
    foraccio = variant(client.get("/variants"), "foraccio")
    words = foraccio["words"]
    assert words["language"] == "en"
    assert words["title"] == "Foraccio"
    assert words["description"] == get_variant("foraccio").description
    assert words["lines"]["scopa"] == {
        "name": "Scopa",
        "rewards": "Taking every card on the table (not with an ace): worth the value of the "
                   "card that made it, 2 to 13"}
    assert words["kinds"] == {"capture": "capture", "lay": "lay"}
    assert words["cards"]["ranks"]["13"] == "king"
    assert words["wild"] is None


@pytest.mark.parametrize(("query", "headers"), [
    ("", {"Accept-Language": "it-IT,it;q=0.9,en;q=0.8"}),
    ("?lang=it", {}),
    ("?lang=it", {"Accept-Language": "en"}),
])
def test_the_variants_are_spoken_in_the_language_asked_for(client, query, headers):
    answer = client.get(f"/variants{query}", headers=headers)
    zobelon = variant(answer, "zobelon")["words"]
    assert zobelon["language"] == "it"
    assert zobelon["description"].startswith("Il gioco veneto fratello del Foraccio")
    assert zobelon["lines"]["secondo_onore"]["rewards"] == \
        "Il fante di spade, la vecchia: 1 punto"
    assert zobelon["wild"].startswith("Il re è un jolly")
    assert zobelon["cards"]["suits"] == {"c": "coppe", "d": "denari", "b": "bastoni",
                                         "s": "spade"}
    deal = next(option for option in zobelon["options"] if option["name"] == "deal_scheme")
    assert deal["values"]["6-6"] == "In due giri di 6"
    # Each option under its own title, said in the language asked for.
    king = next(option for option in zobelon["options"] if option["name"] == "king_scopa_value")
    assert (deal["title"], king["title"]) == ("Distribuzione", "La scopa fatta dal re vale")


def test_the_query_wins_over_the_header(client):
    answer = client.get("/variants/foraccio?lang=en", headers={"Accept-Language": "it"})
    assert answer.json()["words"]["language"] == "en"
    answer = client.get("/variants/foraccio", headers={"Accept-Language": "it"})
    assert answer.json()["words"]["lines"]["spade"]["rewards"] == "7 spade o più: 1 punto"


def test_a_language_neither_english_nor_italian_is_english(client):
    answer = client.get("/variants?lang=fr", headers={"Accept-Language": "de"})
    assert variant(answer, "foraccio")["words"]["language"] == "en"


def test_the_house_rules_are_spoken_in_the_language_asked_for(client):
    rules = {rule["name"]: rule for rule in
             client.get("/house-rules", headers={"Accept-Language": "it"}).json()["house_rules"]}
    assert rules["no-last-play-scopa"]["words"]["title"] == "Niente scopa all'ultima giocata"
    assert rules["no-last-play-scopa"]["title"] == "No scopa on the last play"
    assert rules["colore"]["words"]["lines"]["colore"]["name"] == "Colore"


def test_an_installed_plugin_is_spoken_from_its_own_catalogue(client):
    scopa = variant(client.get("/variants?lang=it"), "scopa")["words"]
    assert scopa["lines"]["settebello"] == {"name": "Settebello",
                                            "rewards": "Il 7 di denari: 1 punto"}
    players = next(option for option in scopa["options"] if option["name"] == "players")
    assert players["values"]["4"] == "Quattro, in due coppie"


# --- problem documents ------------------------------------------------------------------


@pytest.fixture(scope="module")
def mid_hand():
    """A hand in play where the seat to play must capture (as tests/api/test_errors.py)."""
    return wire(MID_HAND)


def play(client, state, card, take=(), seat=None, headers=None, query=""):
    body = {"state": state, "move": {"card": card, "take": list(take)}}
    if seat is not None:
        body["seat"] = seat
    return client.post(f"/games/play{query}", json=body, headers=headers or {})


def test_a_refused_move_is_explained_in_italian_with_the_same_code(client, mid_hand):
    card = mid_hand["hands"][(TURN + 1) % 4][0]
    english = play(client, mid_hand, card)
    italian = play(client, mid_hand, card, headers={"Accept-Language": "it-IT,it;q=0.9"})
    assert english.json()["code"] == italian.json()["code"] == "card_not_in_hand"
    assert english.json()["detail"] == f"Seat {TURN}, the seat to play, does not hold {card}."
    assert italian.json()["detail"] == \
        f"Il posto {TURN}, a cui tocca giocare, non ha in mano {card}."
    assert italian.headers["content-type"] == "application/problem+json"


def test_an_illegal_capture_is_explained_in_italian_phrase_by_phrase(client, mid_hand):
    answer = play(client, mid_hand, CARD, TABLE[:1], query="?lang=it")
    assert answer.json()["code"] == "illegal_capture"
    detail = answer.json()["detail"]
    assert detail.startswith(f"Presa non valida: {CARD} non può prendere [{TABLE[0]}]; "
                             f"può prendere ")
    assert " or " not in detail


def test_not_your_turn_is_explained_in_italian(client, mid_hand):
    answer = play(client, mid_hand, CARD, TABLE, seat=(TURN + 2) % 4,
                  headers={"Accept-Language": "it"})
    assert answer.json()["code"] == "not_your_turn"
    assert answer.json()["detail"] == \
        f"Tocca al posto {TURN} giocare, non al posto {(TURN + 2) % 4}."


def test_a_body_refused_and_an_unknown_path_are_explained_in_italian(client):
    invalid = client.post("/games/play", content=b"[]", headers={
        "Content-Type": "application/json", "Accept-Language": "it"})
    assert invalid.json()["code"] == "invalid_body"
    assert invalid.json()["detail"].startswith("Il corpo della richiesta non è valido: ")
    missing = client.get("/no-such-path", headers={"Accept-Language": "it"})
    assert (missing.status_code, missing.json()["code"], missing.json()["detail"]) == (
        404, "not_found", "Non trovato.")
    assert client.get("/no-such-path").json()["detail"] == "Not Found."


def test_options_refused_are_explained_in_italian_phrase_within_phrase(client):
    answer = client.post("/games", json={"variant": "foraccio", "options": {"target": "71"}},
                         headers={"Accept-Language": "it"})
    assert answer.json()["code"] == "invalid_options"
    assert answer.json()["detail"] == ("L'opzione 'target' della variante 'foraccio' deve "
                                       "essere un numero intero, non '71'.")
    unknown = client.post("/games?lang=it", json={"variant": "briscola"})
    assert unknown.json()["code"] == "unknown_variant"
    assert unknown.json()["detail"].startswith("Non esiste la variante 'briscola'; varianti "
                                               "conosciute: ")


def test_a_state_refused_is_explained_in_italian(client, mid_hand):
    other = (TURN + 1) % 4
    missing = mid_hand["hands"][other][0]
    hands = [cards[1:] if seat == other else cards for seat, cards in enumerate(mid_hand["hands"])]
    answer = client.post("/games/play", json={"state": {**mid_hand, "hands": hands},
                                              "move": {"card": CARD, "take": list(TABLE)}},
                         headers={"Accept-Language": "it"})
    assert answer.json()["code"] == "invalid_state"
    assert answer.json()["detail"] == (
        f"Manca {missing}: ogni carta del mazzo deve stare in una mano, in un mazzetto o in "
        f"tavola.")
