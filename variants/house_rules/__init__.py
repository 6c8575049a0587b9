"""The house rules that ship with the engine, one module each (see
:class:`core.registry.HouseRule`): layers of plugins a match may add to its variant."""

from variants.house_rules.colore import COLORE
from variants.house_rules.no_last_play_scopa import NO_LAST_PLAY_SCOPA
from variants.house_rules.single_card_priority import SINGLE_CARD_PRIORITY

BUILTIN_HOUSE_RULES = (SINGLE_CARD_PRIORITY, NO_LAST_PLAY_SCOPA, COLORE)
