"""The variants and house rules that ship with the engine, each a set of plugins (see
:mod:`foraccio.core.hookspecs`).

The engine does not import this package: it loads each of them by name, as it
loads an installed plugin, from :data:`foraccio.core.registry.DEFAULT_PLUGINS`.
"""
