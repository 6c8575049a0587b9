"""``foraccio serve``: the HTTP service (the API, the web table and the docs), as ``make run``
starts it.

It reads its settings (flags, else the environment's ``FORACCIO_WORKERS`` and
``FORACCIO_DATA_DIR``), checks that nothing listens on the address yet, says which
engine will play, and becomes granian with the service's options
(:func:`foraccio.api.serve.serve`, the one place that spells them out).

The address is checked because granian binds with ``SO_REUSEPORT``: a second server on a
port already served would start without a word and take half of the first one's
connections, sharing nothing with it. Several processes on one port are what
``--workers`` is for.
"""

from __future__ import annotations

import argparse
import errno
import os
import socket
import sys
from pathlib import Path

from foraccio.api.data_dir import DATA_DIR_VARIABLE
from foraccio.api.serve import MAX_WORKERS, WORKERS, serve, workers_from_environment
from foraccio.api.timeouts import timeouts_from_environment
from foraccio.core import compiled
from foraccio.lab.speech import Speech


def add_parser(commands: argparse._SubParsersAction, _: Speech) -> argparse.ArgumentParser:
    """Add ``serve`` to the ``foraccio`` command's subcommands, speaking the language of
    ``_``."""
    serve_parser = commands.add_parser(
        "serve", add_help=False, help=_("serve the API, the web table and the docs over HTTP"),
        description=_("Serve the API, the web table (at /) and the API's docs (at /schema) "
                      "with granian, until Ctrl-C or SIGTERM."),
        epilog=_("Example: {command}").format(command="foraccio serve --port 8123 --workers 4"))
    serve_parser.add_argument("--host", default="127.0.0.1",
                              help=_("the address to listen on (default: %(default)s; "
                                     "0.0.0.0 for every interface)"))
    serve_parser.add_argument("--port", type=port_number, default=8000,
                              help=_("the port to listen on (default: %(default)s)"))
    serve_parser.add_argument("--workers", type=int,
                              help=_("worker processes, 1 to {most} (default: {variable}, "
                                     "else 1)").format(most=MAX_WORKERS, variable=WORKERS))
    serve_parser.add_argument("--data-dir", type=Path, metavar="DIR",
                              help=_("where the server keeps its secret (default: "
                                     "{variable}, else $XDG_DATA_HOME/foraccio or "
                                     "~/.local/share/foraccio)").format(
                                         variable=DATA_DIR_VARIABLE))
    serve_parser.set_defaults(run=run)
    return serve_parser


def port_number(text: str) -> int:
    """``--port``'s value: a whole number from 1 to 65535."""
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"must be a whole number from 1 to 65535; got {text!r}")
    return int(text)


def run(args: argparse.Namespace) -> int:
    """Run ``foraccio serve`` with its parsed arguments: return 2 for a bad setting, 1 when
    the address cannot be listened on; otherwise the process becomes the server."""
    try:
        workers = workers_from_environment() if args.workers is None else args.workers
        timeouts = timeouts_from_environment()
    except ValueError as error:
        print(f"foraccio serve: {error}", file=sys.stderr)
        return 2
    if not 1 <= workers <= MAX_WORKERS:
        print(f"foraccio serve: --workers must be from 1 to {MAX_WORKERS}", file=sys.stderr)
        return 2
    if problem := address_problem(args.host, args.port):
        print(f"foraccio serve: {problem}", file=sys.stderr)
        return 1
    if args.data_dir is not None:
        # The server's processes read the variable, as they do when it is set outside.
        os.environ[DATA_DIR_VARIABLE] = str(args.data_dir.expanduser().absolute())
    print(f"foraccio serve: engine: {engine_description()}", file=sys.stderr, flush=True)
    serve(args.host, args.port, workers, timeouts)


def address_problem(host: str, port: int) -> str | None:
    """Why the server could not listen on ``host``:``port`` alone (one line that says what
    to do), or None when it can.

    A plain socket is bound there, without ``SO_REUSEPORT``, so a listener already there
    (granian's, which has it) makes the bind fail. ``SO_REUSEADDR`` is set because on
    Linux it lets a bind pass over the connections a stopped server left in TIME_WAIT,
    never over a socket that listens.
    """
    address = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    try:
        family, kind, proto, _, where = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    except socket.gaierror as error:
        return f"cannot listen on {address}: {error.strerror or error}"
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(where)
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                return (f"{address} is already in use (another server?): stop it or choose "
                        f"another --port")
            return f"cannot listen on {address}: {error.strerror or error}"
    return None


def engine_description() -> str:
    """Which engine the server's processes will import (:mod:`foraccio.core.compiled`), and
    how to get the compiled one when it is not that."""
    built, every = len(compiled.built()), len(compiled.MODULES)
    if built == every:
        return "compiled"
    if compiled.PURE_PYTHON:
        return "Python source (FORACCIO_PURE_PYTHON is set)"
    if not _in_a_checkout():
        return "Python source (no compiled engine is installed)"
    if built:
        return (f"partly compiled ({built} of {every} modules; run `make compiled` to build "
                f"the rest)")
    return "Python source (run `make compiled` for the faster compiled engine)"


def _in_a_checkout() -> bool:
    # From a checkout (an editable install included), cli/ sits beside the Makefile that
    # builds the compiled engine; installed, it is foraccio/cli/ in site-packages.
    return (Path(__file__).resolve().parents[1] / "Makefile").is_file()
