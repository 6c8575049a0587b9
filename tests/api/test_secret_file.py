"""The server secret kept in the data directory (api/secret_file.py): made once, private,
shared by every process, refused when unsafe or damaged; and sealed games that outlive a
restart of a real server and work across its workers."""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from bench.server import serving
from foraccio.api.data_dir import DATA_DIR_VARIABLE
from foraccio.api.sealing import SECRET_VARIABLE
from foraccio.api.secret_file import SECRET_FILE, SecretFileError, stored_secret, write_once
from tests.api.live import live_server, request


def test_the_first_start_makes_a_private_secret_and_later_ones_read_it(tmp_path):
    made = stored_secret(tmp_path)
    again = stored_secret(tmp_path)

    assert made.created and not again.created
    assert made.secret == again.secret
    assert made.path == again.path == tmp_path / SECRET_FILE
    assert stat.S_IMODE(made.path.stat().st_mode) == 0o600
    assert len(made.secret) == 64 and int(made.secret, 16) >= 0
    assert made.path.read_bytes() == made.secret + b"\n"
    assert [path.name for path in tmp_path.iterdir()] == [SECRET_FILE]  # no file left over


def test_each_data_directory_has_its_own_secret(tmp_path):
    (tmp_path / "other").mkdir()
    assert stored_secret(tmp_path / "other").secret != stored_secret(tmp_path).secret


def test_a_process_that_comes_second_keeps_the_first_ones_secret(tmp_path):
    first = stored_secret(tmp_path)

    assert write_once(first.path) is False
    assert stored_secret(tmp_path).secret == first.secret
    assert [path.name for path in tmp_path.iterdir()] == [SECRET_FILE]


def test_processes_starting_together_agree_on_one_secret(tmp_path):
    # Each process imports the module, says it is ready and waits; then all are let go
    # at once, so that they race to make the file.
    script = ("import sys; from pathlib import Path\n"
              "from foraccio.api.secret_file import stored_secret\n"
              "print('ready', flush=True); sys.stdin.readline()\n"
              "stored = stored_secret(Path(sys.argv[1]))\n"
              "print(stored.secret.decode(), stored.created, flush=True)\n")
    processes = [subprocess.Popen([sys.executable, "-c", script, str(tmp_path)],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
                 for _ in range(6)]
    for process in processes:
        assert process.stdout.readline() == "ready\n"
    for process in processes:
        process.stdin.write("go\n")
        process.stdin.flush()
    answers = [process.communicate(timeout=60)[0].split() for process in processes]

    assert len({secret for secret, _ in answers}) == 1
    assert [created for _, created in answers].count("True") == 1
    assert [path.name for path in tmp_path.iterdir()] == [SECRET_FILE]


@pytest.mark.parametrize("mode", [0o640, 0o604, 0o660, 0o644])
def test_a_secret_others_may_read_stops_the_server(tmp_path, mode):
    path = stored_secret(tmp_path).path
    path.chmod(mode)

    with pytest.raises(SecretFileError, match=re.escape(f"chmod 600 {path}")):
        stored_secret(tmp_path)


@pytest.mark.parametrize("content", [b"", b"\n", b"0" * 63 + b"\n", b"0" * 65,
                                     b"0" * 64 + b"\n\n", b"G" * 64, b"0" * 1000])
def test_a_damaged_secret_stops_the_server(tmp_path, content):
    path = tmp_path / SECRET_FILE
    path.write_bytes(content)
    path.chmod(0o600)

    with pytest.raises(SecretFileError, match=r"does not hold a server secret.*delete it"):
        stored_secret(tmp_path)


def test_a_secret_without_its_newline_is_fine(tmp_path):
    path = tmp_path / SECRET_FILE
    path.write_bytes(b"ab" * 32)
    path.chmod(0o600)

    assert stored_secret(tmp_path).secret == b"ab" * 32


def test_a_directory_in_its_place_stops_the_server(tmp_path):
    (tmp_path / SECRET_FILE).mkdir()

    with pytest.raises(SecretFileError, match="cannot be read"):
        stored_secret(tmp_path)


# --- a real server ---------------------------------------------------------------------


def secret_sources(log: str) -> list[str]:
    """Where the secret came from, as each ``secret`` line of the server's ``log`` says."""
    lines = [json.loads(line) for line in log.splitlines() if line.startswith("{")]
    return [line["source"] for line in lines if line["event"] == "secret"]


def sealed_view(url: str, game: dict) -> int:
    """The status of ``POST /games/view`` of ``game`` as seat 0."""
    return request(url, "/games/view", {"token": game["token"],
                                        "seat_key": game["seat_keys"][0]}).status


def test_a_sealed_match_outlives_a_restart(tmp_path):
    environment = {SECRET_VARIABLE: None, DATA_DIR_VARIABLE: str(tmp_path / "data")}
    with live_server(**environment) as server:
        game = request(server.url, "/games", {"variant": "foraccio", "sealed": True}).body
        log = server.log.read_text()
    with live_server(**environment) as server:
        assert sealed_view(server.url, game) == 200
        log += server.log.read_text()

    secret = (tmp_path / "data" / SECRET_FILE).read_text().strip()
    assert stat.S_IMODE((tmp_path / "data").stat().st_mode) == 0o700
    # Where it came from, in the log's own JSON lines like every other: never what.
    assert secret_sources(log) == [str(tmp_path / "data" / SECRET_FILE)] * 2
    assert secret not in log


def test_the_variable_still_overrides_and_no_secret_file_is_made(tmp_path):
    data = tmp_path / "data"
    with live_server(**{SECRET_VARIABLE: "a secret", DATA_DIR_VARIABLE: str(data)}) as server:
        game = request(server.url, "/games", {"variant": "foraccio", "sealed": True}).body
        assert secret_sources(server.log.read_text()) == [SECRET_VARIABLE]
    with live_server(**{SECRET_VARIABLE: "a secret", DATA_DIR_VARIABLE: str(data)}) as server:
        assert sealed_view(server.url, game) == 200

    # The data directory holds the rooms (rooms.sqlite3), but no secret.
    assert not (data / "secret").exists()


def test_workers_of_one_machine_share_the_secret(tmp_path):
    environment = {SECRET_VARIABLE: None, DATA_DIR_VARIABLE: str(tmp_path / "data")}
    with serving(tmp_path / "log", workers=2, environment=environment) as server:

        def new_game(_) -> dict:
            return request(server.url, "/games", {"variant": "foraccio", "sealed": True}).body

        # Requests at once, each on a connection of its own: both workers take some (one
        # worker alone takes nearly every request that comes alone).
        with ThreadPoolExecutor(8) as pool:
            games = list(pool.map(new_game, range(16)))
            statuses = list(pool.map(lambda game: sealed_view(server.url, game), games * 4))

    assert statuses == [200] * 64


def test_an_unsafe_secret_stops_the_server_saying_what_to_do(tmp_path):
    path = stored_secret(tmp_path).path
    path.chmod(0o644)

    with pytest.raises(RuntimeError, match="the server exited early") as failed, \
            live_server(**{SECRET_VARIABLE: None, DATA_DIR_VARIABLE: str(tmp_path)}):
        pass
    assert f"chmod 600 {path}" in str(failed.value)


def test_the_tests_never_write_into_the_home_directory():
    # tests/conftest.py gives every app and server of the tests a data directory of theirs.
    assert Path(os.environ[DATA_DIR_VARIABLE]).is_relative_to(tempfile.gettempdir())
