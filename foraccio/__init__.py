"""Foraccio: the rules engine, HTTP service, bots and tables of the Venetian card games
Foraccio and Zobelon, and of any fishing game a plugin describes.

Everything the distribution installs lives under this one package:

- :mod:`foraccio.core`: the rules engine and its hooks (``core/`` in the repository);
- :mod:`foraccio.variants`: Foraccio, Zobelon and the built-in house rules;
- :mod:`foraccio.bots`: the random, heuristic and ISMCTS players;
- :mod:`foraccio.api`: the REST API (``foraccio serve`` runs it);
- :mod:`foraccio.rooms`: people at one table, each from their own link;
- :mod:`foraccio.web`: the web table;
- :mod:`foraccio.cli`: the ``foraccio`` command;
- :mod:`foraccio.lab`: the house-rule lab (``foraccio compare``).
"""

__version__ = "0.2.1.dev0"
"""The version (PEP 440): a release (``0.2.0``), or while work goes on after one a
development version of the next (``0.2.1.dev0``). ``foraccio --version``, the OpenAPI
document's ``info.version`` and the ``Foraccio-Version`` header of every answer say it;
a release serves exactly its document as kept in ``openapi/released/`` (CHANGELOG.md lists
what each one brought; docs/api.md, "Versions and what may change")."""
