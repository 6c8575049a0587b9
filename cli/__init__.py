"""The ``foraccio`` command (:mod:`cli.main`): ``simulate`` plays bots against each other,
``play`` sits a person at a terminal table."""
