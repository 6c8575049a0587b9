"""A test-only house rule with options of each kind, for the parts that must show and
send a house rule's options (the web table's form): ``double-scopa``, whose scopas
count ``factor`` times (an int from 1 to 4) ``on`` every play or only the last (a
choice). It needs a variant that awards scopas.

A server in another process finds it as an installed plugin
(:func:`table_rules_environment`).
"""

from __future__ import annotations

from pathlib import Path

from msgspec.structs import replace

from foraccio.core.hookspecs import hookimpl
from foraccio.core.registry import HouseRule, OptionSpec
from tests.installed import installed_environment


class DoubleScopa:
    """The plugin: multiplies the scopas of the capture effects it wraps."""

    @hookimpl(wrapper=True)
    def foraccio_capture_effects(self, options):
        effects = yield
        factor, on = options["double-scopa.factor"], options["double-scopa.on"]

        def doubled(effect):
            def double(capture):
                return tuple(replace(bonus, points=bonus.points * factor)
                             if bonus.name == "scopa" and (on == "every" or capture.last_play)
                             else bonus for bonus in effect(capture))
            return double

        return [effect and doubled(effect) for effect in effects]


DOUBLE_SCOPA = HouseRule(
    name="double-scopa", title="Double scopa",
    description="A scopa counts `factor` times, on every play or on the last one only.",
    plugins=(DoubleScopa(),),
    options=(OptionSpec("factor", 2, "What a scopa's points are multiplied by.",
                        minimum=1, maximum=4),
             OptionSpec("on", "every", "Which scopas count more.", choices=("every", "last"))),
    needs=("scopa",),
)


def table_rules_environment(directory: Path) -> dict[str, str]:
    """The environment of a server process that knows :data:`DOUBLE_SCOPA` as an
    installed house rule, whose distribution is written in ``directory``."""
    return installed_environment(directory, "foraccio-test-table-rules",
                                 {"double-scopa": "tests.table_rules:DOUBLE_SCOPA"})
