"""The house-rule lab: what a rule, an option or a bot changes, measured over many matches.

:mod:`lab.setups` says what is compared, :mod:`lab.play` plays one chunk of seeds,
:mod:`lab.runner` runs the chunks on local processes or a Dask cluster (and keeps
them in a results file), :mod:`lab.stats` holds the statistics, :mod:`lab.report`
turns the matches into figures and sentences and :mod:`lab.html` into a page.
``foraccio compare`` (:mod:`cli.compare`) is the command; docs/lab.md the guide.
"""
