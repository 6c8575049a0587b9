"""The play rule of Foraccio (docs/rules.md §4.2, §4.4): compulsory capture, or, with the
option ``capture_required`` off, any card but an ace may be laid. The moves are made by
:mod:`foraccio.variants.foraccio.capture_options`."""

from __future__ import annotations

from foraccio.core.hookspecs import hookimpl
from foraccio.variants.foraccio.capture_options import hand_moves, hand_moves_laying_any


@hookimpl
def foraccio_play_rule(options):
    return hand_moves if options["capture_required"] else hand_moves_laying_any
