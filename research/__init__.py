"""The engine for AI research: every installed variant as an OpenSpiel game
(:mod:`foraccio.research.openspiel`) and as a PettingZoo environment
(:mod:`foraccio.research.pettingzoo`), with the same action ids
(:mod:`foraccio.research.actions`), observations (:mod:`foraccio.research.observation`)
and rewards (:mod:`foraccio.research.rewards`). docs/research.md shows both.

The adapters need the ``research`` extra (``pip install foraccio[research]``: OpenSpiel,
PettingZoo and numpy); the engine, the server and the bots never import them.
"""
