// A sealed match played through the public API, the person at seat 0.
//
// The page created the game, so it holds every seat's key (docs/api.md, "Sealed games").
// It uses seat 0's key for the person, and each other seat's key only to let that
// seat's bot play its turn: in a sealed game `autoplay` plays the key's seat alone and
// stops when another seat is to play, so one request is one bot move. The browser
// never holds the open state: only the tokens and seat 0's view.

import {post} from "./api.js";
import {saveMatch} from "./store.js";

const PERSON = 0;
const MAX_SEED = 2 ** 53 - 1;

export class Match {
  /** A match from what `toJSON` saved (or `Match.start` made). */
  constructor(saved) {
    Object.assign(this, saved);
  }

  /** Start a sealed match: `setup` holds the variant, options, house rules and the
   * bot of each seat (index = seat; seat 0's is unused). A seat the setup has no bot
   * for (the options seated more players than the form knew of) gets the first bot. */
  static async start(setup) {
    const created = await post("/games", {
      variant: setup.variant, options: setup.options, house_rules: setup.houseRules,
      sealed: true,
    });
    const seats = created.view.hand_sizes.length;
    const bots = [...Array(seats).keys()].map((seat) => seat === PERSON ? null
      : setup.bots[seat] ?? setup.bots[1] ?? "heuristic");
    const match = new Match({
      token: created.token, counter: created.counter, keys: created.seat_keys,
      bots, target: setup.target, view: null,
      // The bots' choices: a seed of this page's, so that matches differ.
      botSeed: Math.floor(Math.random() * MAX_SEED),
    });
    await match.refresh();
    return match;
  }

  toJSON() {
    const {token, counter, keys, bots, target, botSeed} = this;
    return {token, counter, keys, bots, target, botSeed};
  }

  /** The match score to reach: the option when the view shows it, else the variant's. */
  get goal() {
    return this.view?.options?.target ?? this.target;
  }

  body(seat) {
    return {token: this.token, seat_key: this.keys[seat]};
  }

  /** Keep an answer's token (saved, so a reload resumes here) and, if it is seat 0's,
   * its view. */
  keep(answer, seat) {
    this.token = answer.token;
    this.counter = answer.counter;
    if (seat === PERSON) this.view = answer.view;
    saveMatch(this.toJSON());
  }

  /** Seat 0's view of the match now. */
  async refresh() {
    this.view = await post("/games/view", this.body(PERSON));
    saveMatch(this.toJSON());
    return this.view;
  }

  async legalMoves() {
    return (await post("/games/legal-moves", this.body(PERSON))).moves;
  }

  /** Play the person's move; return the events it caused. */
  async play(move) {
    const answer = await post("/games/play", {...this.body(PERSON), move});
    this.keep(answer, PERSON);
    return answer.events;
  }

  /** Let the bot of the seat to play make its move; return that seat and the events. */
  async botPlay() {
    const seat = this.view.turn;
    const bots = ["random", ...this.bots.slice(1)];  // seat 0's entry must name a bot; unused
    const answer = await post("/games/autoplay", {
      ...this.body(seat), bots, until: "hand_over", seed: this.botSeed,
    });
    this.keep(answer, seat);
    await this.refresh();
    return answer.events;
  }

  async nextHand() {
    this.keep(await post("/games/next-hand", this.body(PERSON)), PERSON);
  }
}
