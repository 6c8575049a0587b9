"""The PettingZoo environment draws the terminal table for the agent to act, in the
game's own words and the language asked for."""

from __future__ import annotations

import random

import numpy as np
import pytest

from foraccio.lab.speech import Speech
from foraccio.research.pettingzoo import env

TABLE_WORDS = {
    "en": ("hand 1", "Match:", "Your hand", "to play", "in pile"),
    "it": ("mano 1", "Partita:", "La tua mano", "di turno", "nel mazzetto"),
}


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("variant", ["zobelon", "lumaca"])
def test_the_table_in_the_games_words(variant, language):
    match = env(variant, render_mode="ansi", language=language)
    match.reset(seed=1)
    text = match.render()
    seat = match.unwrapped.state.turn
    assert text.splitlines()[0] == f"seat_{seat}"
    for words in TABLE_WORDS[language]:
        assert words in text
    said = Speech(language)
    for card in match.unwrapped.state.hands[seat]:  # each card by the game's own name
        assert f"{card} {said.card(card, variant)}" in text
    for other in match.possible_agents:  # every other seat with its agent's name
        if other != f"seat_{seat}":
            assert f"({other})" in text


def test_card_names_differ_by_game_and_language():
    """Lumaca names its kings emperors; Italian names cups "coppe"."""
    for variant, language, words in [("lumaca", "en", "emperor of"),
                                     ("lumaca", "it", "imperatore di"),
                                     ("scopa", "it", "di coppe"), ("scopa", "en", "of cups")]:
        match = env(variant, render_mode="ansi", language=language)
        text = ""
        for seed in range(8):
            match.reset(seed=seed)
            text += match.render()
        assert words in text


def test_the_end_of_a_match_shows_its_score_sheet(capsys):
    match = env("scopa", render_mode="human", language="it", hands=1)
    match.reset(seed=5)
    rng = random.Random(5)
    for _agent in match.agent_iter():
        observation, _, ended, _, _ = match.last()
        if ended:
            break
        match.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert match.render() is None
    printed = capsys.readouterr().out
    assert "Foglio dei punti" in printed
    assert not any(line.endswith(" ") for line in printed.splitlines())
