"""Rooms: people sitting at one table, each from their own browser or terminal.

The stateless API (:mod:`api`) hands every seat's key to whoever creates a sealed game.
A room is the relay that was missing: it holds the match's token on the server, gives
each person a link that acts for their seat only, plays the bots' seats itself, and
streams to every connection what its holder may see, as it happens.

- :mod:`foraccio.rooms.model`: a room, its seats and its log, as they are stored;
- :mod:`foraccio.rooms.keys`: the secrets in the links, kept only as hashes;
- :mod:`foraccio.rooms.store`: where rooms live (:mod:`foraccio.rooms.sqlite_store`, one
  machine, the default; :mod:`foraccio.rooms.redis_store`, several workers or machines),
  and how a change reaches every server process;
- :mod:`foraccio.rooms.actions`: what a person, the host or the server does to a room, each
  change applied exactly once (compare-and-set on the room's version);
- :mod:`foraccio.rooms.views`: what each holder of a link sees of a room;
- :mod:`foraccio.rooms.hub`: the event streams of this process;
- :mod:`foraccio.rooms.driver`: the server's own moves: bots, the turn clock, the next deal,
  expiry;
- :mod:`foraccio.rooms.routes`: ``/rooms``.

It is built on the engine's public functions and on :mod:`foraccio.api.sealing`, like any
other client of sealed games.
"""
