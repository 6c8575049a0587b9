"""The last problem details said in the request's language (``unknown_bot``,
``preflight_refused``, ``plugin_error``; the rooms' 409s are in
tests/rooms/test_rooms_http.py), ``code`` unchanged; and every answer whose text depends on
the language says which it is in (``Content-Language``) and that it varies with
``Accept-Language`` (one ``Vary``, merged with CORS's ``Origin``)."""

from __future__ import annotations

import pytest

from foraccio.bots.autoplay import check_autoplay
from foraccio.core.errors import UnknownBot
from foraccio.core.words import gettext
from tests.api.conftest import wire
from tests.api.test_cors import OTHER, PAGE, client_with, preflight
from tests.api.test_errors import MID_HAND, assert_problem
from tests.api.test_plugins import ScoreFails, TeamTwo, rule

ITALIAN = {"Accept-Language": "it-IT,it;q=0.9,en;q=0.8"}


# --- unknown_bot ----------------------------------------------------------------------


def test_an_unknown_bot_is_explained_in_italian_with_the_same_code(client):
    body = {"state": wire(MID_HAND), "bot": "minimax"}
    english = assert_problem(client.post("/games/bot-move", json=body), 422, "unknown_bot")
    italian = assert_problem(client.post("/games/bot-move", json=body, headers=ITALIAN), 422,
                             "unknown_bot")
    assert english["detail"].startswith("There is no bot 'minimax'; known bots: ")
    assert italian["detail"].startswith("Non esiste il bot 'minimax'; bot conosciuti: ")
    assert "heuristic" in italian["detail"] and "random" in italian["detail"]


def test_a_seat_without_a_bot_is_explained_in_italian_with_the_same_code():
    # The API refuses too few bots as a body (bots_per_seat) before the engine sees them;
    # a library caller of autoplay gets this, which a surface says in its language.
    with pytest.raises(UnknownBot) as raised:
        check_autoplay(MID_HAND, ["random", "random"])
    assert raised.value.code == "unknown_bot"
    assert gettext("it", raised.value.message) == (
        "Non c'è un bot per il posto 2: bots nomina un bot per posto, 4 in questa partita.")


# --- plugin_error -----------------------------------------------------------------------


def test_a_plugin_that_raised_is_explained_in_italian_without_its_exception(client,
                                                                            registered):
    registered(rule("score-fails", ScoreFails()))
    state = wire(MID_HAND) | {"house_rules": ["score-fails"]}
    answer = client.post("/games/score", json={"state": state}, headers=ITALIAN)
    problem = assert_problem(answer, 500, "plugin_error")
    assert problem["detail"] == ("Il codice della regola della casa 'score-fails' ha dato un "
                                 "errore in foraccio_score_lines; l'errore è stato registrato.")
    assert problem["plugin"]["name"] == "score-fails"
    assert "secret" not in answer.text


def test_a_plugins_malformed_answer_is_explained_in_italian_around_what_was_wrong(client,
                                                                                  registered):
    registered(rule("team-two", TeamTwo()))
    state = wire(MID_HAND) | {"house_rules": ["team-two"]}
    problem = assert_problem(client.post("/games/score?lang=it", json={"state": state}), 500,
                             "plugin_error")
    # The framework's sentence is Italian; what the plugin did wrong is said as it is.
    assert problem["detail"] == ("Errore della regola della casa 'team-two' in "
                                 "foraccio_score_lines: it returned a score line for team 2 "
                                 "(teams are 0 and 1).")


# --- preflight_refused ------------------------------------------------------------------


@pytest.fixture(scope="module")
def listed_client():
    with pytest.MonkeyPatch.context() as monkeypatch, \
            client_with(monkeypatch, PAGE) as client:
        yield client


def test_a_refused_preflight_is_explained_in_italian_with_the_same_code(listed_client):
    origin = assert_problem(preflight(listed_client, OTHER, **ITALIAN), 403,
                            "preflight_refused")
    assert origin["detail"] == (f"Le pagine dell'origine '{OTHER}' non possono chiamare questa "
                                f"API da un browser; chi gestisce il server può permetterlo "
                                f"(FORACCIO_CORS_ORIGINS).")
    method = assert_problem(preflight(listed_client, PAGE, **ITALIAN, **{
        "Access-Control-Request-Method": "DELETE"}), 403, "preflight_refused")
    assert method["detail"] == ("Una pagina può chiamare questa API solo con i metodi GET, POST; "
                                "il preflight ha chiesto 'DELETE'.")
    headers = assert_problem(preflight(listed_client, PAGE, **ITALIAN, **{
        "Access-Control-Request-Headers": "x-secret"}), 403, "preflight_refused")
    assert headers["detail"].startswith("Una pagina può mandare a questa API solo le "
                                        "intestazioni ")
    assert headers["detail"].endswith("; il preflight ha chiesto 'x-secret'.")


# --- Content-Language and Vary ----------------------------------------------------------


def said_in(answer, language: str) -> None:
    """``answer`` says it is in ``language`` and varies with Accept-Language, once."""
    assert answer.headers.get_list("content-language") == [language]
    assert answer.headers.get_list("vary") == ["Accept-Language"]


@pytest.mark.parametrize(("headers", "query", "language"), [
    ({}, "", "en"), (ITALIAN, "", "it"), ({}, "?lang=it", "it"),
    ({"Accept-Language": "it"}, "?lang=en", "en"), ({"Accept-Language": "fr"}, "", "en")])
def test_the_variants_say_their_language(client, headers, query, language):
    answer = client.get(f"/variants{query}", headers=headers)
    assert answer.status_code == 200
    said_in(answer, language)
    assert {variant["words"]["language"] for variant in answer.json()["variants"]} == {language}
    said_in(client.get(f"/variants/zobelon{query}", headers=headers), language)
    said_in(client.get(f"/house-rules{query}", headers=headers), language)


@pytest.mark.parametrize(("headers", "language", "detail"), [
    ({}, "en", "Not Found."), (ITALIAN, "it", "Non trovato.")])
def test_a_problem_document_says_its_language(client, headers, language, detail):
    missing = client.get("/no-such-path", headers=headers)
    assert (missing.status_code, missing.json()["detail"]) == (404, detail)
    said_in(missing, language)
    refused = client.post("/games", json={"variant": "briscola"}, headers=headers)
    assert refused.json()["code"] == "unknown_variant"
    said_in(refused, language)


def test_an_answer_in_no_language_says_none(client):
    answer = client.post("/games", json={"variant": "foraccio", "seed": 1}, headers=ITALIAN)
    assert answer.status_code == 200
    assert "content-language" not in answer.headers and "vary" not in answer.headers


@pytest.mark.parametrize("headers", [{}, ITALIAN])
def test_the_language_joins_the_vary_of_cors_once(listed_client, headers):
    language = "it" if headers else "en"
    answer = listed_client.get("/variants", headers={"Origin": PAGE, **headers})
    assert answer.headers.get_list("vary") == ["Origin, Accept-Language"]
    assert answer.headers.get_list("content-language") == [language]
    refused = preflight(listed_client, OTHER, **headers)
    assert refused.status_code == 403
    assert refused.headers.get_list("content-language") == [language]
    assert refused.headers.get_list("vary") == ["Accept-Language"]
    approved = preflight(listed_client, PAGE, **headers)
    assert approved.status_code == 204
    assert "content-language" not in approved.headers
    assert approved.headers.get_list("vary") == ["Origin"]
