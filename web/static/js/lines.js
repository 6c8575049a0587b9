// The score sheet's lines explained: what each line rewards, in its game's own words
// (read by a hover, a tap or a screen reader), and what each team took, counted from
// the piles (which every seat sees once the hand is over): its cards, and how many of
// each suit, which is what lines rewarding the most of something count.

import {t} from "./i18n.js";
import {lineRewards, suit, suitName, theCard} from "./words.js";

/** What the line `name` rewards, in a sentence. */
export function lineMeaning(name) {
  return lineRewards(name) ?? t("line.unknown");
}

/** The card a line was scored with, when it names one: "the 7 of cups" ("il 7 di
 * coppe"); "" when its cards say it all. */
export function lineCounts(line) {
  return line.cards.length === 1 ? theCard(line.cards[0]) : "";
}

/** What a team's `pile` holds, in words: "28 cards taken: 7 cups, 8 coins, 6 batons, 7
 * swords". */
export function pileWords(pile) {
  const suits = new Map();
  for (const card of pile) suits.set(suit(card), (suits.get(suit(card)) ?? 0) + 1);
  const counts = [...suits].sort(([a], [b]) => "cdbs".indexOf(a) - "cdbs".indexOf(b))
    .map(([letter, count]) => t("pile.suit", {count, suit: suitName(letter)}));
  return t("pile.taken", {count: pile.length, suits: counts.join(", ")});
}
