"""The ``foraccio`` command (:mod:`foraccio.cli.main`): ``simulate`` plays bots against each other,
``play`` sits a person at a terminal table."""
