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
import contextlib
import errno
import functools
import os
import socket
import sys
from pathlib import Path

from foraccio.api.data_dir import DATA_DIR_VARIABLE
from foraccio.api.serve import MAX_WORKERS, WORKERS, serve, workers_from_environment
from foraccio.api.timeouts import timeouts_from_environment
from foraccio.core import compiled
from foraccio.core.words import phrase
from foraccio.lab.speech import ENGLISH, Speech


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
    serve_parser.add_argument("--port", type=functools.partial(port_number, _=_), default=8000,
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


def port_number(text: str, _: Speech = ENGLISH) -> int:
    """``--port``'s value: a whole number from 1 to 65535."""
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(
            _("must be a whole number from 1 to 65535; got {text!r}").format(text=text))
    return int(text)


def run(args: argparse.Namespace) -> int:
    """Run ``foraccio serve`` with its parsed arguments: return 2 for a bad setting, 1 when
    the address cannot be listened on; otherwise the process becomes the server.

    What it says to the person who started it is in the command's language
    (``args.speech``); the server's log, which granian and the app write, is not."""
    _ = args.speech
    try:
        workers = workers_from_environment() if args.workers is None else args.workers
        timeouts = timeouts_from_environment()
    except ValueError as error:
        say(_(error.args[0]))
        return 2
    if not 1 <= workers <= MAX_WORKERS:
        say(_("--workers must be from 1 to {most}").format(most=MAX_WORKERS))
        return 2
    if problem := address_problem(args.host, args.port):
        say(_(problem))
        return 1
    if args.data_dir is not None:
        # The server's processes read the variable, as they do when it is set outside.
        os.environ[DATA_DIR_VARIABLE] = str(args.data_dir.expanduser().absolute())
    say(_("engine: {engine}").format(engine=engine_description(_)))
    url = f"http://[{args.host}]:{args.port}" if ":" in args.host else \
        f"http://{args.host}:{args.port}"
    say(_("the web table at {url}/, the API's docs at {url}/schema; Ctrl-C stops the "
          "server").format(url=url))
    serve(args.host, args.port, workers, timeouts)


def say(line: str) -> None:
    """Tell the person who started the server ``line``, on standard error (where the
    server's log follows), if it can be written: a full disk under the log must not
    keep the server from starting."""
    with contextlib.suppress(OSError):
        print(f"foraccio serve: {line}", file=sys.stderr, flush=True)


def address_problem(host: str, port: int) -> str | None:
    """Why the server could not listen on ``host``:``port`` alone (one line that says what
    to do, in English: a phrase of the catalogue), or None when it can.

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
        return phrase("cannot listen on {address}: {reason}", address=address,
                      reason=error.strerror or str(error))
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(where)
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                return busy(address, port)
            return phrase("cannot listen on {address}: {reason}", address=address,
                          reason=error.strerror or str(error))
    return None


def busy(address: str, port: int) -> str:
    """What to do when ``address`` is taken: stop that server, or choose another port,
    said as both ways of starting one take it (``make run PORT=``, from a checkout, and
    ``foraccio serve --port``), with the next port as the example."""
    other = port + 1 if port < 65535 else 8000
    if _in_a_checkout():
        return phrase("{address} is already in use (another server?): stop it or choose "
                      "another port: {make} or {serve}", address=address,
                      make=f"make run PORT={other}", serve=f"foraccio serve --port {other}")
    return phrase("{address} is already in use (another server?): stop it or choose "
                  "another port: {serve}", address=address,
                  serve=f"foraccio serve --port {other}")


def engine_description(_: Speech = ENGLISH) -> str:
    """Which engine the server's processes will import (:mod:`foraccio.core.compiled`), and
    how to get the compiled one when it is not that, in the language of ``_``."""
    built, every = len(compiled.built()), len(compiled.MODULES)
    if built == every:
        return _("compiled")
    if compiled.PURE_PYTHON:
        return _("Python source (FORACCIO_PURE_PYTHON is set)")
    if not _in_a_checkout():
        return _("Python source (no compiled engine is installed)")
    if built:
        return _("partly compiled ({built} of {every} modules; run `make compiled` to build "
                 "the rest)").format(built=built, every=every)
    return _("Python source (run `make compiled` for the faster compiled engine)")


def _in_a_checkout() -> bool:
    # From a checkout (an editable install included), cli/ sits beside the Makefile that
    # builds the compiled engine; installed, it is foraccio/cli/ in site-packages.
    return (Path(__file__).resolve().parents[1] / "Makefile").is_file()
