"""The house-rule lab: what a rule, an option or a bot changes, measured over many matches.

:mod:`foraccio.lab.setups` says what is compared, :mod:`foraccio.lab.play` plays one chunk of seeds,
:mod:`foraccio.lab.runner` runs the chunks on local processes or a Dask cluster (and keeps
them in a results file), :mod:`foraccio.lab.stats` holds the statistics, :mod:`foraccio.lab.report`
turns the matches into figures and sentences and :mod:`foraccio.lab.html` into a page.
``foraccio compare`` (:mod:`foraccio.cli.compare`) is the command; docs/lab.md the guide.
"""
