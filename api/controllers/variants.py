"""``GET /variants`` and ``GET /variants/{name}``: what can be played, with which options."""

from __future__ import annotations

from typing import ClassVar

import msgspec
from litestar import Controller, Request, get
from litestar.params import FromPath
from msgspec.structs import replace

from foraccio.api.errors import engine_problem, problem_responses
from foraccio.api.language import Lang, chosen
from foraccio.api.openapi import documented
from foraccio.api.schemas import (
    OptionInfo,
    SeatingInfo,
    SkippedPlugin,
    VariantInfo,
    VariantList,
    WordsInfo,
)
from foraccio.core.errors import UnknownVariant
from foraccio.core.registry import (
    HouseRule,
    OptionSpec,
    Variant,
    get_variant,
    resolve_options,
    rules_for,
    seatings,
    skipped,
    variants,
)
from foraccio.core.words import DEFAULT_LANGUAGE, speak


def describe(variant: Variant, language: str = DEFAULT_LANGUAGE) -> VariantInfo:
    """The wire description of ``variant``, its ``words`` in ``language``; its target,
    teams and deck size are those of its default options, and ``seatings`` the teams of
    the options that change them."""
    rules = rules_for(variant.name, resolve_options(variant, None))
    return VariantInfo(
        name=variant.name,
        title=variant.title,
        description=variant.description,
        target=rules.target,
        teams=rules.seating.teams,
        cards=len(rules.deck),
        options=tuple(describe_option(spec) for spec in variant.options),
        seatings=tuple(SeatingInfo(options=found.options, teams=found.seating.teams)
                       for found in seatings(variant.name)),
        awards=variant.awards,
        words=words_info(variant, language),
    )


def words_info(record: Variant | HouseRule, language: str) -> WordsInfo:
    """What ``record`` says of itself in ``language``, on the wire."""
    return msgspec.convert(speak(record, language), WordsInfo)


def describe_option(spec: OptionSpec, name: str | None = None) -> OptionInfo:
    """The wire description of the option ``spec``, called ``name`` in a match's options
    (its own name by default)."""
    return OptionInfo(name=name or spec.name, type=spec.type_name, default=spec.default,
                      description=spec.description, choices=spec.choices,
                      minimum=spec.minimum, maximum=spec.maximum)


def describe_skipped(kind: str) -> tuple[SkippedPlugin, ...]:
    """The plugins of ``kind`` that were not loaded, and those that failed before they
    could tell their kind."""
    return tuple(SkippedPlugin(name=skip.name, distribution=skip.distribution,
                               reason=skip.reason, kind=skip.kind)
                 for skip in skipped() if skip.kind in (kind, None))


def _foraccio(words: bool = True) -> object:
    # The words are shown once, in the list's example: the document has a size budget.
    info = describe(get_variant("foraccio"))
    return msgspec.to_builtins(info if words else replace(info, words=None))


class VariantController(Controller):
    """The variants this server plays."""

    path = "/variants"
    tags: ClassVar[list[str]] = ["variants"]

    @get("/", operation_id="listVariants", summary="List the variants",
         response_description="Every variant this server plays, with its options, and "
                              "those it did not load.",
         description="Every variant this server plays, with its match target, its "
                     "teams (`seatings`: for each value of an option that changes them), "
                     "what it can award and its options (type, default, allowed values), "
                     "and its `words` in the language asked for (`lang`, else "
                     "`Accept-Language`; English by default): its title, description, "
                     "options, score lines, move kinds, wild card and cards, as a table "
                     "shows them; `skipped` lists the "
                     "variants it did not load (a broken plugin, a name taken twice) and why.",
         operation_class=documented(response=lambda: {"variants": {"variants": [_foraccio()]}}))
    async def list_variants(self, request: Request, lang: Lang = None) -> VariantList:
        """List every variant, in the language asked for."""
        language = chosen(request, lang)
        return VariantList(variants=tuple(describe(variant, language)
                                          for variant in variants().values()),
                           skipped=describe_skipped("variant"))

    @get("/{name:str}", operation_id="getVariant", summary="Describe one variant",
         response_description="The variant: its match target, teams, deck size and "
                              "options.",
         description="One variant by name, with its match target, its options and its "
                     "`words` in the language asked for (as `GET /variants`). "
                     "An unknown name answers 404 with code `unknown_variant`; so does a "
                     "variant that was not loaded, saying why.",
         responses=problem_responses({404: [("unknown_variant",
                                             "There is no variant 'scopone'; known variants: "
                                             "foraccio.")]}),
         operation_class=documented(response=lambda: {"foraccio": _foraccio(words=False)}))
    async def get_variant(self, name: FromPath[str], request: Request,
                          lang: Lang = None) -> VariantInfo:
        """Describe the variant called ``name``, in the language asked for."""
        try:
            return describe(get_variant(name), chosen(request, lang))
        except UnknownVariant as error:
            raise engine_problem(error, status=404) from None
