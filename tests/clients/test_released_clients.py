"""Old clients play the new server: the compatibility gate that counts.

Clients generated from the contract document play against the current server, as their
users would, and every answer they get is held to that document; a break fails, naming
the operation, the answer and the release whose clients it breaks. The contract document
is the newest release of the current compatibility line,
``releases.line_release(foraccio.__version__)``, or, while the line has no release yet,
the committed ``openapi/openapi.json``: a new line's clients are its own document's
(tests/clients/released_contract.py). Generation reads that file at test time.

Three clients, each generated once for the module in a temporary folder:

- openapi-python-client's package, whose httpx client passes every answer through a
  JSON Schema 2020-12 validation against the document's schema for its operation, status
  and media type (an httpx event hook);
- datamodel-code-generator's pydantic v2 models, strict as the document says (an object
  closed by ``additionalProperties: false`` forbids extra fields: a field the server adds
  to it breaks them), used with httpx: every request body built and every answer parsed
  by them, after the same schema validation;
- openapi-typescript's types with openapi-fetch (``clients/released/play.mts``, compiled
  with ``tsc --strict``), ajv validating every answer against the document.

Each plays a whole open match, a sealed match and a room (two people, two bots) to their
ends, ``target`` 1 (one hand) to keep them short. The contract is of the current line by
construction, so no break is ever allowed here (``releases.may_break`` is False, which a
test checks).
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import shutil
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import httpx
import pydantic
import pytest

import foraccio
from tests.api.releases import line, may_break
from tests.clients.conftest import NODE_TOOLS, ROOT, node_tool, output, run
from tests.clients.released_contract import (
    Contract,
    ContractBreak,
    contract_document,
    schema_name,
)

pytestmark = pytest.mark.xdist_group("released-clients")

PACKAGE = "released_client"
MODELS = "released_models"
OPTIONS = {"target": 1}
"""One hand: a match is over when its first hand is (unless it ends in a tie)."""
ROOM_SEATS = ["person", "random", "person", "random"]
MOST_REQUESTS = 2000
"""Bound on one match's requests: a one-hand match takes about a hundred."""
ROOM_SECONDS = 120
CLIENT = ROOT / "clients" / "released"


@pytest.fixture(scope="module")
def contract() -> Contract:
    return Contract(contract_document())


def hooks(contract: Contract) -> dict[str, Any]:
    """httpx arguments that hold every answer to the contract."""
    return {"event_hooks": {"response": [contract.check_response]}}


def plain(value: Any) -> Any:
    """A generated wrapper's value: an enum member's, a root model's (datamodel-code-generator
    makes one of a bounded nullable integer, ``Turn``); anything else as it is."""
    if isinstance(value, pydantic.RootModel):
        value = value.root
    return value.value if isinstance(value, Enum) else value


def test_the_contract_is_of_the_current_line(contract):
    assert line(contract.version) == line(foraccio.__version__)
    assert not may_break(contract.version, foraccio.__version__)


# --- a room, whichever client plays it ----------------------------------------------------


@dataclass
class RoomTable:
    """What a client does at a room's table, for each person seat it holds the key of:
    ``look(seat)`` answers the seat's view, ``play(seat, move, version)`` and
    ``deal(seat, version)`` whether the change landed (False: 409, the room moved on)."""

    look: Callable[[int], Any]
    play: Callable[[int, Any, int], bool]
    deal: Callable[[int, int], bool]


def play_the_room(table: RoomTable, seats: list[int]) -> tuple[Any, int]:
    """Each person seat plays its first move when its view lists moves, and deals a hand
    that is over, until the room is finished (the server plays the bots); the last view
    and the plays made."""
    plays, end = 0, time.monotonic() + ROOM_SECONDS
    while time.monotonic() < end:
        acted = False
        for seat in seats:
            view = table.look(seat)
            if plain(view.status) == "finished":
                return view, plays
            if view.moves:
                plays += table.play(seat, view.moves[0], view.version)
                acted = True
            elif plain(view.match.phase) == "hand_over":
                acted = table.deal(seat, view.version) or acted
        if not acted:
            time.sleep(0.05)  # the bots' turns
    raise AssertionError(f"the room did not finish within {ROOM_SECONDS} s")


def assert_finished(view: Any, plays: int) -> None:
    assert plain(view.status) == "finished" and plain(view.match.phase) == "game_over"
    assert view.match.winner is not None and plays > 0


# --- openapi-python-client ----------------------------------------------------------------


@pytest.fixture(scope="module")
def python_client(contract, tmp_path_factory) -> Iterator[SimpleNamespace]:
    """openapi-python-client's package of the contract document: ``package``, ``models``
    and each operation's module by name (``new_game``, ``join_seat``, ...)."""
    folder = tmp_path_factory.mktemp("released-python-client") / PACKAGE
    generator = Path(sys.executable).with_name("openapi-python-client")
    process = run([generator, "generate", "--path", contract.path, "--output-path", folder,
                   "--meta", "none"], cwd=folder.parent)
    assert process.returncode == 0, output(process)
    assert "Warning" not in process.stdout + process.stderr, output(process)
    sys.path.insert(0, str(folder.parent))
    try:
        package = importlib.import_module(PACKAGE)
        modules = {path.stem: importlib.import_module(f"{PACKAGE}.api.{path.parent.name}."
                                                      f"{path.stem}")
                   for path in (folder / "api").glob("*/*.py") if path.stem != "__init__"}
        yield SimpleNamespace(package=package, models=importlib.import_module(
            f"{PACKAGE}.models"), **modules)
    finally:
        sys.path.remove(str(folder.parent))
        for name in [name for name in sys.modules if name.split(".")[0] == PACKAGE]:
            del sys.modules[name]


@pytest.fixture(scope="module")
def python_http(python_client, contract, server_url):
    with python_client.package.Client(base_url=server_url, raise_on_unexpected_status=True,
                                      httpx_args=hooks(contract)) as client:
        yield client


def answered(answer: Any, kind: type, what: str) -> Any:
    """``answer`` when it is a ``kind``; a problem answered instead fails, saying so."""
    assert isinstance(answer, kind), f"{what} answered {answer!r}, not a {kind.__name__}"
    return answer


def test_openapi_python_client_plays_an_open_match(python_client, python_http):
    api, models = python_client, python_client.models
    state = answered(api.new_game.sync(client=python_http, body=models.NewGame(
        variant="foraccio", seed=11, options=models.Options.from_dict(OPTIONS))),
        models.StateBody, "POST /games").state
    plays = 0
    for _ in range(MOST_REQUESTS):
        if state.phase == "game_over":
            break
        if state.phase == "hand_over":
            answered(api.score_hand.sync(client=python_http, body=models.OpenGameRequest(
                state=state)), models.HandScore, "POST /games/score")
            state = answered(api.next_hand.sync(client=python_http, body=models.OpenNextHandRequest(
                state=state)), models.StateBody, "POST /games/next-hand").state
            continue
        legal = answered(api.legal_moves.sync(client=python_http, body=models.OpenGameRequest(
            state=state)), models.LegalMoves, "POST /games/legal-moves")
        state = answered(api.play.sync(client=python_http, body=models.OpenPlayRequest(
            state=state, move=legal.moves[0], seat=legal.seat)), models.Played,
            "POST /games/play").state
        plays += 1
    assert state.phase == "game_over" and state.winner is not None and plays > 0


def test_openapi_python_client_plays_a_sealed_match(python_client, python_http):
    api, models = python_client, python_client.models
    created = answered(api.new_game.sync(client=python_http, body=models.NewGame(
        variant="foraccio", sealed=True, options=models.Options.from_dict(OPTIONS))),
        models.NewSealedGame, "POST /games")
    token, keys, view, plays = created.token, created.seat_keys, created.view, 0
    for _ in range(MOST_REQUESTS):
        if view.phase == "game_over":
            break
        key = keys[view.turn or 0]  # once a hand is over, any seat deals
        if view.phase == "hand_over":
            dealt = answered(api.next_hand.sync(
                client=python_http, body=models.SealedNextHandRequest(token=token, seat_key=key)),
                models.SealedState, "POST /games/next-hand")
            token, view = dealt.token, dealt.view
            continue
        legal = answered(api.legal_moves.sync(client=python_http, body=models.SealedGameRequest(
            token=token, seat_key=key)), models.LegalMoves, "POST /games/legal-moves")
        played = answered(api.play.sync(client=python_http, body=models.SealedPlayRequest(
            token=token, seat_key=key, move=legal.moves[0])), models.SealedPlayed,
            "POST /games/play")
        token, view, plays = played.token, played.view, plays + 1
    seen = answered(api.view_game.sync(client=python_http, body=models.ViewRequest(
        token=token, seat_key=keys[1])), models.SeatView, "POST /games/view")
    assert view.phase == "game_over" and view.winner is not None and plays > 0
    assert seen.seat == 1 and seen.phase == "game_over"


def test_openapi_python_client_plays_a_room(python_client, python_http, contract, server_url):
    api, models = python_client, python_client.models
    made = answered(api.new_room.sync(client=python_http, body=models.NewRoom(
        variant="foraccio", seats=ROOM_SEATS, options=models.Options.from_dict(OPTIONS),
        pace=0)), models.RoomCreated, "POST /rooms")
    with ExitStack() as stack:
        def linked(link: str):
            return stack.enter_context(api.package.AuthenticatedClient(
                base_url=server_url, token=link, raise_on_unexpected_status=True,
                httpx_args=hooks(contract)))

        keys = {seat: answered(api.join_seat.sync(made.room, client=linked(invite)),
                               models.SeatLink, "POST /rooms/{room}/join").key
                for seat, invite in enumerate(made.seats) if invite}
        clients = {seat: linked(key) for seat, key in keys.items()}
        answered(api.start_room.sync(made.room, client=linked(made.host)), models.RoomView,
                 "POST /rooms/{room}/start")

        def landed(answer: Any, what: str) -> bool:
            return not isinstance(answered(answer, models.RoomView | models.RoomProblem, what),
                                  models.RoomProblem)

        table = RoomTable(
            look=lambda seat: answered(api.get_room.sync(made.room, client=clients[seat]),
                                       models.RoomView, "GET /rooms/{room}"),
            play=lambda seat, move, version: landed(api.play_in_room.sync(
                made.room, client=clients[seat], body=models.PlayInRoom(
                    move=move, version=version)), "POST /rooms/{room}/play"),
            deal=lambda seat, version: landed(api.next_hand_in_room.sync(
                made.room, client=clients[seat], body=models.AtVersion(version=version)),
                "POST /rooms/{room}/next-hand"))
        assert_finished(*play_the_room(table, sorted(keys)))


# --- datamodel-code-generator ------------------------------------------------------------


@pytest.fixture(scope="module")
def strict_models(contract, tmp_path_factory) -> Iterator[ModuleType]:
    """datamodel-code-generator's pydantic v2 models of the contract document. Objects the
    document closes (``additionalProperties: false``) get ``extra="forbid"``, the
    generator's own reading, so they are as strict as the document says and no stricter
    (``--extra-fields`` is left alone); ``--use-annotated --field-constraints`` keep each
    field's bounds and patterns."""
    module = tmp_path_factory.mktemp("released-models") / f"{MODELS}.py"
    generator = Path(sys.executable).with_name("datamodel-codegen")
    process = run([generator, "--input", contract.path, "--input-file-type", "openapi",
                   "--output", module, "--output-model-type", "pydantic_v2.BaseModel",
                   "--target-python-version", "3.11", "--use-annotated",
                   "--field-constraints", "--formatters", "builtin"])
    assert process.returncode == 0, output(process)
    spec = importlib.util.spec_from_file_location(MODELS, module)
    models = importlib.util.module_from_spec(spec)
    sys.modules[MODELS] = models  # pydantic resolves the models' references through it
    try:
        spec.loader.exec_module(models)
        yield models
    finally:
        del sys.modules[MODELS]


@dataclass
class StrictClient:
    """httpx and the strict models: a body is built by its model, an answer parsed by the
    model of the schema the contract gives it (after the hook's schema validation)."""

    http: httpx.Client
    models: ModuleType
    contract: Contract

    def body(self, name: str, **fields: Any) -> pydantic.BaseModel:
        return getattr(self.models, name).model_validate(fields)

    def call(self, method: str, path: str, body: pydantic.BaseModel | None = None,
             link: str | None = None, expect: tuple[int, ...] = (200,)) -> Any:
        """The answer to ``method path``, parsed; a status not in ``expect`` is a break."""
        response = self.http.request(
            method, path, headers={"Authorization": f"Bearer {plain(link)}"} if link else {},
            json=None if body is None else body.model_dump(mode="json", by_alias=True,
                                                           exclude_unset=True))
        if response.status_code not in expect:
            raise ContractBreak(self.contract.broke(
                f"{method} {self.contract.template(path)} answered {response.status_code}, "
                f"where its client expects {expect}: {response.text[:500]}"))
        return self.parse(response)

    def parse(self, response: httpx.Response) -> Any:
        request = response.request
        media_type = response.headers["content-type"].partition(";")[0]
        schema = self.contract.answer_schema(request.method, request.url.path,
                                             response.status_code, media_type)
        model = getattr(self.models, schema_name(schema))
        try:
            parsed = model.model_validate_json(response.content)
        except pydantic.ValidationError as error:
            raise ContractBreak(self.contract.broke(
                f"{request.method} {self.contract.template(request.url.path)} answered "
                f"{response.status_code}, which its model {model.__name__} refuses: "
                f"{error}")) from None
        return parsed.root if isinstance(parsed, pydantic.RootModel) else parsed


@pytest.fixture(scope="module")
def strict(strict_models, contract, server_url) -> Iterator[StrictClient]:
    with httpx.Client(base_url=server_url, **hooks(contract)) as http:
        yield StrictClient(http, strict_models, contract)


def test_strict_models_play_an_open_match(strict):
    state = strict.call("POST", "/games", strict.body(
        "NewGame", variant="foraccio", seed=11, options=OPTIONS)).state
    plays = 0
    for _ in range(MOST_REQUESTS):
        if plain(state.phase) == "game_over":
            break
        if plain(state.phase) == "hand_over":
            strict.call("POST", "/games/score", strict.body("OpenGameRequest", state=state))
            state = strict.call("POST", "/games/next-hand",
                                strict.body("OpenNextHandRequest", state=state)).state
            continue
        legal = strict.call("POST", "/games/legal-moves",
                            strict.body("OpenGameRequest", state=state))
        state = strict.call("POST", "/games/play", strict.body(
            "OpenPlayRequest", state=state, move=legal.moves[0], seat=legal.seat)).state
        plays += 1
    assert plain(state.phase) == "game_over" and state.winner is not None and plays > 0


def test_strict_models_play_a_sealed_match(strict):
    created = strict.call("POST", "/games", strict.body(
        "NewGame", variant="foraccio", sealed=True, options=OPTIONS))
    token, keys, view, plays = created.token, created.seat_keys, created.view, 0
    for _ in range(MOST_REQUESTS):
        if plain(view.phase) == "game_over":
            break
        key = keys[plain(view.turn) or 0]  # once a hand is over, any seat deals
        if plain(view.phase) == "hand_over":
            dealt = strict.call("POST", "/games/next-hand", strict.body(
                "SealedNextHandRequest", token=token, seat_key=key))
            token, view = dealt.token, dealt.view
            continue
        legal = strict.call("POST", "/games/legal-moves", strict.body(
            "SealedGameRequest", token=token, seat_key=key))
        played = strict.call("POST", "/games/play", strict.body(
            "SealedPlayRequest", token=token, seat_key=key, move=legal.moves[0]))
        token, view, plays = played.token, played.view, plays + 1
    seen = strict.call("POST", "/games/view", strict.body(
        "ViewRequest", token=token, seat_key=keys[1]))
    assert plain(view.phase) == "game_over" and view.winner is not None and plays > 0
    assert seen.seat == 1


def test_strict_models_play_a_room(strict):
    made = strict.call("POST", "/rooms", strict.body(
        "NewRoom", variant="foraccio", seats=ROOM_SEATS, options=OPTIONS, pace=0),
        expect=(201,))
    room = f"/rooms/{made.room}"
    keys = {seat: strict.call("POST", f"{room}/join", link=invite).key
            for seat, invite in enumerate(made.seats) if invite}
    strict.call("POST", f"{room}/start", link=made.host)

    def landed(path: str, seat: int, body: pydantic.BaseModel) -> bool:
        answer = strict.call("POST", path, body, link=keys[seat], expect=(200, 409))
        return not isinstance(answer, strict.models.RoomProblem)

    table = RoomTable(
        look=lambda seat: strict.call("GET", room, link=keys[seat]),
        play=lambda seat, move, version: landed(f"{room}/play", seat, strict.body(
            "PlayInRoom", move=move, version=version)),
        deal=lambda seat, version: landed(f"{room}/next-hand", seat, strict.body(
            "AtVersion", version=version)))
    assert_finished(*play_the_room(table, sorted(keys)))


READ_ONLY = ["/variants", "/variants/foraccio", "/house-rules", "/bots", "/limits", "/health",
             "/ready"]


@pytest.mark.parametrize("path", READ_ONLY)
def test_a_strict_client_reads_what_the_server_answers(strict, path):
    """The answers of every GET operation but a room's, parsed by the strict models."""
    assert isinstance(strict.call("GET", path), pydantic.BaseModel)


@pytest.mark.parametrize("fields", [{"seed": 3}, {"sealed": True}], ids=["open", "sealed"])
def test_a_strict_client_reads_a_new_game(strict, fields):
    created = strict.call("POST", "/games", strict.body("NewGame", variant="foraccio", **fields))
    assert plain(created.kind) == ("sealed" if "sealed" in fields else "open")


# --- openapi-typescript, openapi-fetch and ajv -------------------------------------------


@pytest.fixture(scope="module")
def typescript_client(contract, tmp_path_factory) -> Path:
    """``clients/released/play.mts`` compiled under ``tsc --strict`` against the types
    openapi-typescript generates from the contract document, in a temporary folder beside
    a link to ``clients/node_modules``."""
    folder = tmp_path_factory.mktemp("released-typescript")
    for name in ("play.mts", "tsconfig.json"):
        shutil.copy(CLIENT / name, folder / name)
    (folder / "node_modules").symlink_to(NODE_TOOLS, target_is_directory=True)
    generated = run([node_tool("openapi-typescript"), contract.path, "--output", "schema.ts"],
                    cwd=folder)
    assert generated.returncode == 0, output(generated)
    compiled = run([node_tool("tsc"), "--project", folder, "--strict"], cwd=folder)
    assert compiled.returncode == 0, output(compiled)
    return folder / "build" / "play.mjs"


def test_openapi_fetch_and_ajv_play_a_match_a_sealed_match_and_a_room(
        typescript_client, contract, server_url):
    assert json.loads((CLIENT / "tsconfig.json").read_text())["compilerOptions"]["strict"]
    node = shutil.which("node")
    assert node, "node is missing: install Node.js 20 or newer"
    played = run([node, typescript_client, server_url, contract.path], timeout=180)
    # A break is a line of its own on stderr, naming the operation and the answer.
    assert played.returncode == 0, played.stderr or output(played)
    result = json.loads(played.stdout)
    assert result["version"] == contract.version
    assert result["open"]["phase"] == result["sealed"]["phase"] == "game_over"
    assert result["open"]["plays"] > 0 and result["sealed"]["plays"] > 0
    assert result["room"]["status"] == "finished" and result["room"]["plays"] > 0
    assert result["checked"] > 2 * (result["open"]["plays"] + result["sealed"]["plays"])
