"""``foraccio play``: a person at seat 0 plays against bots in a terminal.

The match is played through a :class:`~cli.table.base.Table`: the engine in this
process (:mod:`cli.table.local`) or a sealed game on a running server
(:mod:`cli.table.remote`). Both speak the API's wire form (plain dicts: seat views,
moves, events), so the screen (:mod:`cli.table.render`), the reading of moves
(:mod:`cli.table.choose`) and the loop (:mod:`cli.table.game`) do not know which.
"""
