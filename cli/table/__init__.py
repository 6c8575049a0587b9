"""``foraccio play``: a person at seat 0 plays against bots in a terminal, or joins a room.

The match is played through a :class:`~foraccio.cli.table.base.Table`: the engine in this
process (:mod:`foraccio.cli.table.local`) or a sealed game on a running server
(:mod:`foraccio.cli.table.remote`). Both speak the API's wire form (plain dicts: seat views,
moves, events), so the screen (:mod:`foraccio.cli.table.render`), the reading of moves
(:mod:`foraccio.cli.table.choose`) and the loop (:mod:`foraccio.cli.table.game`) do not know which.

A room on a server (:mod:`foraccio.cli.table.room`) is joined rather than driven: the server
plays its bots and other people play their seats, so its loop
(:mod:`foraccio.cli.table.room_loop`) follows the room's event stream
(:mod:`foraccio.cli.table.sse`) and the keyboard at once (:mod:`foraccio.cli.table.inbox`),
and reuses the same screen and the same reading of moves.
"""
