// The score sheet's lines explained: what each line rewards (read by a hover, a tap or a
// screen reader) and why this hand gave it, with the counts behind it. The API's score
// line names its cards but not the counts (carte lists none); they are worked out here,
// from the piles, which every seat sees once the hand is over.

import {cardName, suit} from "./words.js";

// What each line rewards, in words true of every game that awards it (a game's own
// numbers show in the counts and the points).
const MEANINGS = {
  primo_onore: "The team holding the 2 of spade.",
  secondo_onore: "\"La vecchia\": the team holding the fante of spade.",
  terzo_onore: "\"Il 10 bello\": the team holding the 10 of denari.",
  spade: "The team holding the most spade (in Foraccio, 7 or more).",
  denari: "The team holding the most denari.",
  carte: "The team holding the most cards (in Foraccio, 27 or more; 26 are enough for " +
         "the team without the dealer).",
  settebello: "The team holding the 7 of denari.",
  primiera: "The best four cards, one of each suit, sevens counting most.",
  la_24: "18 more points for scoring all five punti di mano (the three onori, spade " +
         "and carte), 24 in all.",
  napoli: "The asso, 2 and 3 of one suit, worth the length of the unbroken run from " +
          "the asso up.",
  scopa: "A capture that cleared the table, worth the value of the card that made it " +
         "(1 in Scopa).",
  colore: "A capture taking only cards of the capturing card's suit, worth that " +
          "card's value.",
};

// The lines that reward holding the most of something: what is counted in each pile.
const COUNTED = {
  carte: [() => true, "cards"],
  spade: [(card) => suit(card) === "s", "spade"],
  denari: [(card) => suit(card) === "d", "denari"],
};

/** What the line `name` rewards, in a sentence. */
export function lineMeaning(name) {
  return MEANINGS[name] ?? "A score line of this game or of a house rule chosen.";
}

/** Why `line` (a `hand_scored` score line) was scored, from the hand's `piles` (each
 * team's captured cards): "28 cards to 24", "8 spade to 5" (its team's count first), "made
 * with the 7 of coppe", "the asso to the 5 of bastoni"; "" when its cards say it all. */
export function lineCounts(line, piles) {
  const counted = COUNTED[line.name];
  if (counted) {
    const [counts, noun] = counted;
    const held = piles.map((pile) => pile.filter(counts).length);
    const others = held.filter((_, team) => team !== line.team);
    return `${held[line.team]} ${noun} to ${others.join(" to ")}`;
  }
  if (line.name === "scopa" || line.name === "colore") {
    return line.cards.length ? `made with the ${cardName(line.cards[0])}` : "";
  }
  if (line.name === "napoli" && line.cards.length) {
    return `the asso to the ${cardName(line.cards[line.cards.length - 1])}`;
  }
  if (line.cards.length === 1) return `the ${cardName(line.cards[0])}`;
  return "";
}
