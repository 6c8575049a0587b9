"""``GET /house-rules``: the house rules a match may be played with, and where."""

from __future__ import annotations

from typing import ClassVar

import msgspec
from litestar import Controller, get

from api.openapi import documented
from api.schemas import HouseRuleInfo, HouseRuleList
from core.registry import HouseRule, get_house_rule, house_rules


def describe(rule: HouseRule) -> HouseRuleInfo:
    """The wire description of ``rule``."""
    return HouseRuleInfo(name=rule.name, title=rule.title, description=rule.description,
                         variants=rule.variants)


def _example() -> object:
    return msgspec.to_builtins(HouseRuleList(house_rules=(
        describe(get_house_rule("single-card-priority")), describe(get_house_rule("colore")))))


class HouseRuleController(Controller):
    """The house rules this server knows: built in, installed, or registered."""

    path = "/house-rules"
    tags: ClassVar[list[str]] = ["house-rules"]

    @get("/", operation_id="listHouseRules", summary="List the house rules",
         description="Every house rule a match may be played with (`house_rules` of "
                     "`POST /games`), with what it changes and the variants it applies to.",
         operation_class=documented(response=lambda: {"house_rules": _example()}))
    async def list_house_rules(self) -> HouseRuleList:
        """List every house rule."""
        return HouseRuleList(house_rules=tuple(map(describe, house_rules().values())))
