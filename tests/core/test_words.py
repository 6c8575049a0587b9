"""The words every surface says (foraccio.core.words): the language a person asked for,
card names, a plugin's catalogue before the project's, and everything a variant or a
house rule says of itself in one language."""

from __future__ import annotations

from pathlib import Path

import pytest

from foraccio.core.registry import OptionSpec, get_house_rule, get_variant
from foraccio.core.words import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    PROJECT,
    CardWords,
    Catalogue,
    LineWords,
    Words,
    card_name,
    gettext,
    language_of,
    ngettext,
    sources,
    speak,
)


@pytest.mark.parametrize(("asked", "language"), [
    ("it-IT,it;q=0.9,en;q=0.8", "it"),
    ("en-GB,en;q=0.9,it;q=0.8", "en"),
    ("fr-FR,fr;q=0.9,it;q=0.5", "it"),
    ("en;q=0.5, it;q=0.6", "it"),
    ("it;q=0, en;q=0.1", "en"),
    ("IT", "it"),
    ("it_IT.UTF-8", "it"),
    ("it_IT@euro", "it"),
    ("de_DE.UTF-8", "en"),
    ("C", "en"),
    ("*", "en"),
    ("it;q=nonsense", "en"),
    ("", "en"),
    (None, "en"),
])
def test_the_language_is_the_best_of_english_and_italian_a_person_asked_for(asked, language):
    assert language_of(asked) == language


def test_english_is_the_default_and_italian_the_other_language():
    assert DEFAULT_LANGUAGE == "en"
    assert LANGUAGES == ("en", "it")


@pytest.mark.parametrize(("card", "english", "italian"), [
    ("13s", "king of swords", "re di spade"),
    ("11c", "jack of cups", "fante di coppe"),
    ("12b", "knight of batons", "cavallo di bastoni"),
    ("1d", "ace of coins", "asso di denari"),
    ("7d", "7 of coins", "7 di denari"),
    ("10d", "10 of coins", "10 di denari"),
])
def test_a_card_is_named_in_words_in_each_language(card, english, italian):
    assert card_name(card, "en") == english
    assert card_name(card, "it") == italian


def test_a_plugin_names_its_own_cards():
    words = Words(cards=CardWords(ranks={1: "one", 13: "emperor"},
                                  suits={"c": "stars", "d": "moons", "b": "suns",
                                         "s": "swords"}))
    assert card_name("13c", "en", words) == "emperor of stars"
    # The project's catalogue still says what it knows; the rest stays in English.
    assert card_name("13s", "it", words) == "emperor di spade"
    assert card_name("5d", "en", words) == "5 of moons"


def write_po(directory: Path, domain: str, language: str, entries: str) -> None:
    path = directory / language / "LC_MESSAGES" / f"{domain}.po"
    path.parent.mkdir(parents=True)
    path.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n' + entries, encoding="utf-8")


def test_a_plugins_catalogue_comes_before_the_projects_then_the_english(tmp_path):
    write_po(tmp_path, "cirulla", "it", (
        'msgid "Busso"\nmsgstr "Busso"\n\n'
        'msgid "king"\nmsgstr "re (di Cirulla)"\n\n'
        'msgid "Unfinished"\nmsgstr ""\n\n'
        '#, fuzzy\nmsgid "Guessed"\nmsgstr "Indovinato"\n\n'
        'msgid "a capture"\nmsgid_plural "{count} captures"\n'
        'msgstr[0] "una presa"\nmsgstr[1] "{count} prese"\n'))
    catalogue = Catalogue("cirulla", tmp_path)
    assert gettext("it", "king", catalogue) == "re (di Cirulla)"
    assert gettext("it", "swords", catalogue) == "spade"  # the project's
    assert gettext("it", "Unfinished", catalogue) == "Unfinished"  # empty: untranslated
    assert gettext("it", "Guessed", catalogue) == "Guessed"  # fuzzy: untranslated
    assert gettext("it", "Never written", catalogue) == "Never written"
    assert gettext("en", "king", catalogue) == "king"  # no English file: the source
    assert ngettext("it", "a capture", "{count} captures", 1, catalogue) == "una presa"
    assert ngettext("it", "a capture", "{count} captures", 3, catalogue) == "{count} prese"
    assert ngettext("en", "a capture", "{count} captures", 3, catalogue) == "{count} captures"
    assert catalogue.translates("it", "Busso")
    assert not catalogue.translates("it", "Unfinished")


def test_the_projects_catalogue_is_read_from_the_package():
    assert PROJECT.path("it").is_file()
    assert PROJECT.path("en").is_file()
    assert gettext("it", "Single card first") == "Prima la carta singola"


def test_a_plugin_finds_the_catalogue_shipped_in_its_package():
    catalogue = Catalogue.of_package("foraccio")
    assert catalogue.path("it") == PROJECT.path("it")


def test_foraccio_is_spoken_whole_in_italian():
    spoken = speak(get_variant("foraccio"), "it")
    assert spoken["language"] == "it"
    assert spoken["title"] == "Foraccio"
    assert "vince la prima coppia che arriva a 71" in spoken["description"]
    assert spoken["lines"]["secondo_onore"] == {
        "name": "Secondo onore", "rewards": "Il fante di spade, la vecchia: 1 punto"}
    assert spoken["lines"]["scopa"]["rewards"].startswith(
        "Prendere tutte le carte in tavola (non con l'asso): vale quanto la carta")
    assert set(spoken["lines"]) == set(get_variant("foraccio").awards)
    assert spoken["kinds"] == {"capture": "presa", "lay": "calata"}
    assert spoken["wild"] is None
    assert spoken["cards"]["ranks"]["13"] == "re"
    assert spoken["cards"]["suits"]["d"] == "denari"
    deal = next(option for option in spoken["options"] if option["name"] == "deal_scheme")
    assert deal["values"] == {"one_at_a_time": "Una alla volta per 13 giri",
                              "5-4-4": "5+4+4 in 3 tornate"}
    assert deal["description"].startswith("Come si danno le 13 carte")
    # Each option has its own title, not one made from its name ("Deal scheme").
    titles = {option["name"]: option["title"] for option in spoken["options"]}
    assert titles == {"deal_scheme": "Distribuzione", "target": "Punti per vincere",
                      "deal_passes_to": "Prossimo mazziere",
                      "capture_required": "Obbligo di presa",
                      "last_play_scopa": "La scopa all'ultima giocata vale",
                      "lone_ace_captures": "L'asso in tavola vuota è una presa"}


def test_zobelon_is_spoken_whole_in_english():
    zobelon = get_variant("zobelon")
    spoken = speak(zobelon, "en")
    assert spoken["title"] == "Zobelon"
    assert spoken["description"] == zobelon.description
    assert set(spoken["lines"]) == set(zobelon.awards)
    assert spoken["lines"]["colore"]["name"] == "Colore"
    assert spoken["wild"].startswith("A king is a jolly")
    assert [option["name"] for option in spoken["options"]] == [
        spec.name for spec in zobelon.options]
    # Each option's title is Zobelon's own (the msgid its catalogues translate): a king
    # is a capture on an empty table as an ace is.
    titles = {option["name"]: option["title"] for option in spoken["options"]}
    assert titles["deal_scheme"] == "Deal"
    assert titles["target"] == "Points to win"
    assert titles["lone_ace_captures"] == "An ace or a king on an empty table is a capture"
    assert titles["king_scopa_value"] == "A king's scopa is worth"
    assert titles["king_colore_value"] == "A king's colore is worth"
    assert spoken["cards"]["ranks"] == {"1": "ace", "11": "jack", "12": "knight",
                                        "13": "king"}


def test_a_house_rule_says_the_lines_it_adds_and_no_move_kind():
    spoken = speak(get_house_rule("colore"), "it")
    assert spoken["title"] == "Colore"
    assert spoken["lines"]["colore"]["rewards"].endswith("vale quanto quella carta")
    assert spoken["kinds"] == {}
    assert speak(get_house_rule("no-last-play-scopa"), "it")["title"] == \
        "Niente scopa all'ultima giocata"


def test_a_variant_with_no_words_says_its_own_text_and_the_defaults():
    class Bare:
        title = "Bare game"
        description = "Nothing translated."
        options = ()
        plugins = ()

    spoken = speak(Bare(), "it")
    assert spoken["title"] == "Bare game"
    assert spoken["lines"] == {}
    assert spoken["kinds"] == {"capture": "presa", "lay": "calata"}
    assert spoken["cards"]["suits"]["s"] == "spade"


def test_a_plugin_may_name_lines_and_kinds_the_engine_never_heard_of(tmp_path):
    write_po(tmp_path, "cirulla", "it", (
        'msgid "Busso"\nmsgstr "Busso"\n\n'
        'msgid "A hand summing to less than 10, shown at the deal: 3 points"\n'
        'msgstr "Una mano che somma meno di 10, mostrata alla distribuzione: 3 punti"\n\n'
        'msgid "capture by fifteen"\nmsgstr "presa a quindici"\n'))
    words = Words(lines={"busso": LineWords(
                      "Busso", "A hand summing to less than 10, shown at the deal: 3 points")},
                  kinds={"fifteen": "capture by fifteen"},
                  catalogue=Catalogue("cirulla", tmp_path))

    class Cirulla:
        title = "Cirulla"
        description = "A scopa relative."
        options = ()
        plugins = ()

    Cirulla.words = words
    spoken = speak(Cirulla(), "it")
    assert spoken["lines"]["busso"]["rewards"].startswith("Una mano che somma meno di 10")
    assert spoken["kinds"] == {"capture": "presa", "lay": "calata",
                               "fifteen": "presa a quindici"}


def test_an_option_is_titled_by_its_author_else_by_its_name(tmp_path):
    write_po(tmp_path, "cirulla", "it", (
        'msgid "Points to win"\nmsgstr "Punti da fare (Cirulla)"\n\n'
        'msgid "Wild seven"\nmsgstr "Sette jolly"\n'))

    class Cirulla:
        title = "Cirulla"
        description = "A scopa relative."
        options = (OptionSpec("target", 51, "Points to win the match."),
                   OptionSpec("wild_seven", True, "The 7 of cups is a jolly."))
        plugins = ()
        words = Words(titles={"target": "Points to win"},
                      catalogue=Catalogue("cirulla", tmp_path))

    def titles(language: str) -> dict[str, str]:
        return {option["name"]: option["title"]
                for option in speak(Cirulla(), language)["options"]}

    assert titles("en") == {"target": "Points to win", "wild_seven": "Wild seven"}
    # Its catalogue translates its own title and the one made from the name.
    assert titles("it") == {"target": "Punti da fare (Cirulla)", "wild_seven": "Sette jolly"}
    # Its own title is what its catalogue must translate, the name's no longer.
    assert "Points to win" in sources(Cirulla())
    assert "Target" not in sources(Cirulla())
