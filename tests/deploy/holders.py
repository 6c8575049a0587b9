"""Which process of a server holds a connection: Linux's ``/proc``, read as ``ss -p`` does.

A server's worker processes share its listening socket, and the one that accepts a
connection holds it to the end; a test tells them apart by the connection's socket,
found in ``/proc/net/tcp`` by its two ports and then among the processes' open files.
"""

from __future__ import annotations

import os
from pathlib import Path

PROC = Path("/proc")
ESTABLISHED = "01"
LISTEN = "0A"


def holder(server_pgid: int, server_port: int, client_port: int) -> int | None:
    """The process of the server's process group that holds the server's end of the
    loopback TCP connection from ``client_port`` to ``server_port``; None if none does."""
    inode = _socket_inode(server_port, client_port)
    if inode is None:
        return None
    link = f"socket:[{inode}]"
    for pid in _group(server_pgid):
        try:
            if any(os.readlink(fd) == link for fd in (PROC / str(pid) / "fd").iterdir()):
                return pid
        except OSError:  # the process ended, or a descriptor closed, meanwhile
            continue
    return None


def _socket_inode(local_port: int, remote_port: int) -> str | None:
    # Each line: sl, local address, remote address, state, ..., uid, timeout, inode.
    for line in (PROC / "net" / "tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, remote, state, inode = fields[1], fields[2], fields[3], fields[9]
        if (state == ESTABLISHED and int(local.split(":")[1], 16) == local_port
                and int(remote.split(":")[1], 16) == remote_port):
            return inode
    return None


def _group(pgid: int) -> list[int]:
    pids = []
    for entry in PROC.iterdir():
        if entry.name.isdigit():
            try:
                if os.getpgid(int(entry.name)) == pgid:
                    pids.append(int(entry.name))
            except ProcessLookupError:
                continue
    return pids


def workers(server_pid: int) -> list[int]:
    """The worker processes of a granian server: the children of its main process."""
    children = PROC / str(server_pid) / "task" / str(server_pid) / "children"
    return [int(pid) for pid in children.read_text().split()]


def listening(port: int) -> int:
    """How many sockets listen on the loopback TCP ``port``: one per granian worker
    ready to accept (each binds its own, with SO_REUSEPORT)."""
    return sum(1 for line in (PROC / "net" / "tcp").read_text().splitlines()[1:]
               if line.split()[3] == LISTEN and int(line.split()[1].split(":")[1], 16) == port)
