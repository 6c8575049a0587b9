"""``GET /house-rules``: the house rules a match may be played with, where, and with
which options."""

from __future__ import annotations

from typing import ClassVar

import msgspec
from litestar import Controller, Request, get
from msgspec.structs import replace

from foraccio.api.controllers.variants import describe_option, describe_skipped, words_info
from foraccio.api.language import Lang, chosen
from foraccio.api.openapi import documented
from foraccio.api.schemas import HouseRuleInfo, HouseRuleList
from foraccio.core.registry import (
    HouseRule,
    applicable_variants,
    builtin_plugins,
    get_house_rule,
    house_rules,
    option_key,
)
from foraccio.core.words import DEFAULT_LANGUAGE


def describe(rule: HouseRule, language: str = DEFAULT_LANGUAGE) -> HouseRuleInfo:
    """The wire description of ``rule``, its ``words`` in ``language``: the variants it
    applies to are those of this server its requirements accept."""
    return HouseRuleInfo(name=rule.name, title=rule.title, description=rule.description,
                         variants=applicable_variants(rule),
                         options=tuple(describe_option(spec, option_key(rule, spec))
                                       for spec in rule.options),
                         needs=rule.needs, awards=rule.awards,
                         words=words_info(rule, language))


def _example() -> object:
    # What a server with the built-in plugins only answers: the document must not
    # depend on the distributions installed where it is generated. Words are shown in
    # GET /variants' example only: the document has a size budget.
    builtin = builtin_plugins().variants
    return msgspec.to_builtins(HouseRuleList(house_rules=tuple(
        replace(info, variants=tuple(name for name in info.variants if name in builtin),
                words=None)
        for info in (describe(get_house_rule("single-card-priority")),
                     describe(get_house_rule("colore"))))))


class HouseRuleController(Controller):
    """The house rules this server knows: built in, installed, or registered."""

    path = "/house-rules"
    tags: ClassVar[list[str]] = ["house-rules"]

    @get("/", operation_id="listHouseRules", summary="List the house rules",
         response_description="Every house rule this server knows, with the variants it "
                              "applies to and its options, and those it did not load.",
         description="Every house rule a match may be played with (`house_rules` of "
                     "`POST /games`), with what it changes, the variants it applies to "
                     "(by what it `needs` and `awards`) and "
                     "its options (given in the `options` of `POST /games` as "
                     "`<house rule>.<option>`), and its `words` in the language asked for "
                     "(`lang`, else `Accept-Language`; English by default): its title, "
                     "description, options and the score lines it adds or changes; "
                     "`skipped` lists the house rules this server "
                     "did not load (a broken plugin, a name taken twice) and why.",
         operation_class=documented(response=lambda: {"house_rules": _example()}))
    async def list_house_rules(self, request: Request, lang: Lang = None) -> HouseRuleList:
        """List every house rule, in the language asked for."""
        language = chosen(request, lang)
        return HouseRuleList(house_rules=tuple(describe(rule, language)
                                               for rule in house_rules().values()),
                             skipped=describe_skipped("house_rule"))
