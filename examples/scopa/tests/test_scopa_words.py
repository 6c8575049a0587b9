"""Scopa's words: every text it shows has its Italian in the catalogue the package ships,
and its lines say what they reward."""

from __future__ import annotations

from foraccio_scopa import SCOPA

from foraccio.core.words import speak, untranslated


def test_everything_scopa_says_is_translated_into_italian():
    assert untranslated(SCOPA, "it") == []


def test_its_score_lines_are_spoken_in_italian():
    spoken = speak(SCOPA, "it")
    assert set(spoken["lines"]) == set(SCOPA.awards)
    assert spoken["lines"]["scopa"]["rewards"].endswith(": 1 punto")
    assert spoken["lines"]["settebello"]["rewards"] == "Il 7 di denari: 1 punto"
    assert spoken["title"] == "Scopa"
