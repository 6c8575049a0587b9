// Which bots a table offers for a game, and the one it picks unless the person picks
// another. A bot that names the variants it plays well (`GET /bots`, `variants`) is
// offered for those only; one that names none, for every game.

import {BOTS} from "./words.js";

/** The bot picked unless the person picks another: as at the terminal and in the lab. */
export const DEFAULT_BOT = "heuristic";

const playsWell = new Map();  // bot name -> the variants it names (none: any)

/** Note the variants each bot of a `GET /bots` answer plays well. */
export function noteBots(listed) {
  for (const {name, variants} of listed) playsWell.set(name, variants ?? []);
}

/** The bots to offer for `variant` (a name), as `BOTS` lists them: [name, words]. */
export function botsFor(variant) {
  return BOTS.filter(([name]) => {
    const variants = playsWell.get(name) ?? [];
    return variants.length === 0 || variants.includes(variant);
  });
}
