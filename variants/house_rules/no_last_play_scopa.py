"""No scopa on the last play: a capture that empties the table with the last card of a
hand is not a scopa.

Many tables play it so because the last play often empties the table without
any skill. The rule wraps the variant's capture effects and drops the scopa
bonus they give the hand's last play; any other bonus of that play (a
Zobelon colore) still counts. It plays as the variant option
``last_play_scopa: false`` does, for tables that name it as a house rule. It
needs a variant that awards scopas; a variant whose scopa never counts on the last play
(Scopa's) refuses it.
"""

from __future__ import annotations

from foraccio.core.hookspecs import hookimpl
from foraccio.core.registry import HouseRule
from foraccio.core.rules import CaptureEffect


class NoLastPlayScopa:
    """The plugin: filters the bonuses of the capture effects it wraps."""

    @hookimpl(wrapper=True)
    def foraccio_capture_effects(self):
        """Wrap every effect the variant contributes (None stays None)."""
        effects = yield
        return [effect and _without_last_play_scopa(effect) for effect in effects]


def _without_last_play_scopa(effect: CaptureEffect) -> CaptureEffect:
    def without_last_play_scopa(capture):
        bonuses = effect(capture)
        if not capture.last_play:
            return bonuses
        return tuple(bonus for bonus in bonuses if bonus.name != "scopa")

    return without_last_play_scopa


NO_LAST_PLAY_SCOPA = HouseRule(
    name="no-last-play-scopa",
    title="No scopa on the last play",
    description="Emptying the table with the last card of a hand is not a scopa; any other "
                "bonus of that capture still counts.",
    plugins=(NoLastPlayScopa(),),
    needs=("scopa",),
)
