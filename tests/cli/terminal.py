"""Driving ``foraccio play`` in a pseudo-terminal with pexpect, as a person would."""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pexpect

ROOT = Path(__file__).resolve().parents[2]
FORACCIO = Path(sys.executable).with_name("foraccio")

PLAY = r"Your play \(key or code, \? for help, q to quit\): "
KING = (r"(?:Sweep or which value for \d+[cdbs]\? \(s or a number|Which value for \d+[cdbs]\? "
        r"\(a number), Enter to go back, q quits\): ")
WAY = r"Which way\? \(1-\d+, Enter to go back, q quits\): "
NEXT = r"Enter deals the next hand, q quits: "

PROMPTS = {
    "en": (PLAY, KING, WAY, NEXT),
    "it": (r"La tua giocata \(tasto o codice, \? per l'aiuto, q per uscire\): ",
           r"(?:Giochi \d+[cdbs] come pigliatutto o con quale valore\? \(s o un numero|Con "
           r"quale valore giochi \d+[cdbs]\? \(un numero), Invio per tornare indietro, q per "
           r"uscire\): ",
           r"In quale modo\? \(1-\d+, Invio per tornare indietro, q per uscire\): ",
           r"Invio distribuisce la mano successiva, q per uscire: "),
}
"""The table's questions in each language: a play, a wild card's use (a sweep or a value,
or a value only), which way, the next deal."""


def spawn(*args: str, timeout: float = 30, columns: int = 120, lang: str = "C.UTF-8"
          ) -> pexpect.spawn:
    """``foraccio play`` with ``args`` in a terminal of ``columns`` without colours
    (TERM=dumb makes rich write plain text, so the screen reads as it is meant), in the
    locale ``lang`` (English by default, whatever the machine's)."""
    env = {name: value for name, value in os.environ.items()
           if name not in ("LC_ALL", "LC_MESSAGES", "LANGUAGE")}
    env.update({"TERM": "dumb", "COLUMNS": str(columns), "LINES": "50", "LANG": lang})
    return pexpect.spawn(str(FORACCIO), ["play", "--pace", "0", *args], cwd=str(ROOT),
                         env=env, encoding="utf-8", timeout=timeout,
                         dimensions=(50, columns))


@dataclass
class Hand:
    """What a person saw playing a hand with the first card each time."""

    plays: int = 0
    kings: list[str] = field(default_factory=list)
    """The prompts of a re (sweep or which value)."""
    ways: list[str] = field(default_factory=list)
    """The lists of captures a card offered."""
    screen: str = ""
    """Everything shown from the last play to the end-of-hand prompt."""


def play_a_hand(child: pexpect.spawn, king: str = "s", language: str = "en") -> Hand:
    """Play the person's cards until the hand is over: key 1 each time, the first way to a
    choice of captures, and to a re's question ``king``: ``s`` (a sweep) or ``value`` (the
    first value offered); the table speaks ``language``."""
    hand = Hand()
    value = r"[Gg]ive it a value: (\d+)" if language == "en" else r"[Dd]agli un valore: (\d+)"
    while True:
        found = child.expect(list(PROMPTS[language]))
        if found == 0:
            child.sendline("1")
            hand.plays += 1
        elif found == 1:
            hand.kings.append(child.before)
            offered = re.search(value, child.before)
            child.sendline(offered[1] if king == "value" and offered else "s")
        elif found == 2:
            hand.ways.append(child.before)
            child.sendline("1")
        else:
            hand.screen = child.before
            return hand
