"""Scopone's words: Scopa's lines and its own, all with their Italian in its catalogue."""

from __future__ import annotations

from foraccio_scopone import SCOPONE

from foraccio.core.words import speak, untranslated


def test_everything_scopone_says_is_translated_into_italian():
    assert untranslated(SCOPONE, "it") == []


def test_its_target_is_spoken_in_italian():
    target = next(option for option in speak(SCOPONE, "it")["options"]
                  if option["name"] == "target")
    assert target["values"] == {"11": "11, partita corta", "21": "21, partita lunga"}
