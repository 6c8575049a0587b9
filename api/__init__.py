"""The stateless HTTP API of the Foraccio rules engine.

Every request carries the whole state of a match and every answer returns
the new one: the server keeps nothing between requests. Build the app with
:func:`foraccio.api.app.create_app`.
"""
