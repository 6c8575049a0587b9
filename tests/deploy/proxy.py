"""The recipe's proxy for the tests: Debian's nginx (``make test`` installs it) with
``deploy/foraccio.conf.template`` filled in as deploy/README.md says, on a free loopback
port, stopped afterwards.

The recipe's file is what a deployer puts in ``/etc/nginx/conf.d/``; the rest of the
configuration (:data:`MAIN`, Debian's ``/etc/nginx/nginx.conf`` on a real machine) keeps
this nginx's files in the test's directory and runs one worker process.
"""

from __future__ import annotations

import getpass
import os
import secrets
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import NamedTuple

from bench.redis_server import redis_server
from bench.server import HOST, ROOT, Server, free_port, serving
from foraccio.api.data_dir import DATA_DIR_VARIABLE
from foraccio.api.sealing import SECRET_VARIABLE
from foraccio.rooms.store import STORE_VARIABLE

TEMPLATE = ROOT / "deploy" / "foraccio.conf.template"
VALUES = ("FORACCIO_LISTEN", "FORACCIO_SERVERS")
"""The template's values, as envsubst is told to fill them."""
UP_WITHIN = 10.0

# One worker: nginx takes the servers in turn per worker, so with one, consecutive
# requests go to the servers alternately. The app's own "X-Accel-Buffering: no" is
# ignored, so that the recipe's settings alone keep event streams flowing. The temporary
# files and logs stay here (as root, nginx would run its worker as nobody, who may not
# write here: so as the same user).
MAIN = """\
daemon off;
worker_processes 1;
pid {directory}/nginx.pid;
error_log {directory}/error.log;
{user}
events {{
    worker_connections 256;
}}
http {{
    access_log {directory}/access.log;
    proxy_ignore_headers X-Accel-Buffering;
    client_body_temp_path {directory}/body;
    proxy_temp_path {directory}/proxy;
    fastcgi_temp_path {directory}/fastcgi;
    uwsgi_temp_path {directory}/uwsgi;
    scgi_temp_path {directory}/scgi;
    include {directory}/foraccio.conf;
}}
"""


class NginxMissing(RuntimeError):
    """nginx is not installed."""


def fill(template: str, values: dict[str, str]) -> str:
    """``template`` with each of :data:`VALUES` set as envsubst sets it (nothing else)."""
    for name in VALUES:
        template = template.replace(f"${{{name}}}", values[name])
    assert "$FORACCIO" not in template and "${FORACCIO" not in template, (
        "the template has a value envsubst is not told to fill")
    return template


@contextmanager
def nginx(servers: Sequence[str], directory: Path) -> Iterator[str]:
    """Start nginx in front of ``servers`` (their URLs), its files in ``directory``; yield
    its URL. Raise :class:`NginxMissing` without nginx, RuntimeError (with its error log)
    when it does not come up."""
    program = shutil.which("nginx", path=f"{os.environ.get('PATH', '')}:/usr/sbin")
    if program is None:
        raise NginxMissing("nginx is missing: run `make test`, or `apt-get install nginx`")
    port = free_port()
    upstreams = " ".join(f"server {url.removeprefix('http://')} max_fails=0;" for url in servers)
    (directory / "foraccio.conf").write_text(fill(TEMPLATE.read_text(), {
        "FORACCIO_LISTEN": f"{HOST}:{port}", "FORACCIO_SERVERS": upstreams}))
    user = f"user {getpass.getuser()};" if os.geteuid() == 0 else ""
    (directory / "nginx.conf").write_text(MAIN.format(directory=directory, user=user))
    with (directory / "nginx.out").open("wb") as output:
        process = subprocess.Popen(
            [program, "-p", str(directory), "-c", str(directory / "nginx.conf")],
            stdin=subprocess.DEVNULL, stdout=output, stderr=subprocess.STDOUT,
            start_new_session=True)
    try:
        _wait_until_up(port, process, directory)
        yield f"http://{HOST}:{port}"
    finally:
        _stop(process)


class Deployment(NamedTuple):
    """The deployment recipe running: nginx in front of two server processes."""

    url: str
    """The proxy's."""
    servers: list[Server]


@contextmanager
def deployed(directory: Path) -> Iterator[Deployment]:
    """Redis, two server processes (each with a data directory of its own in
    ``directory``, the secret shared) and nginx in front of them, as on two machines."""
    secret = secrets.token_hex(32)
    with ExitStack() as stack:
        redis_url = stack.enter_context(redis_server())
        servers = []
        for name in ("one", "two"):
            (directory / name).mkdir()
            servers.append(stack.enter_context(serving(
                directory / f"{name}.log", environment={
                    STORE_VARIABLE: redis_url, SECRET_VARIABLE: secret,
                    DATA_DIR_VARIABLE: str(directory / name)})))
        yield Deployment(stack.enter_context(nginx([server.url for server in servers],
                                                   directory)), servers)


def _wait_until_up(port: int, process: subprocess.Popen, directory: Path) -> None:
    deadline = time.monotonic() + UP_WITHIN
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"nginx exited:\n{_logs(directory)}")
        try:
            socket.create_connection((HOST, port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nginx did not listen within {UP_WITHIN:g} s:\n{_logs(directory)}")


def _stop(process: subprocess.Popen) -> None:
    # TERM: nginx's fast shutdown (QUIT would wait for the event streams to end).
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=10)
    except ProcessLookupError:
        process.wait()
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def _logs(directory: Path) -> str:
    return "\n".join(path.read_text() for path in (directory / "nginx.out",
                                                     directory / "error.log")
                     if path.exists())
