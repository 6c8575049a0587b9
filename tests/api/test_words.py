"""The API speaks the request's language: ``GET /variants`` and ``GET /house-rules`` answer
each variant's and house rule's words in it (``lang`` wins over ``Accept-Language``;
English by default), and problem documents their ``detail``, ``code`` unchanged."""

from __future__ import annotations

import pytest

from foraccio.core.registry import get_variant


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
