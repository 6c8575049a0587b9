"""The house rules that ship with the engine, one module each (see
:class:`foraccio.core.registry.HouseRule`): layers of plugins a match may add to its variant.

Each is listed in :data:`foraccio.core.registry.DEFAULT_PLUGINS`, which is what loads them.
"""
