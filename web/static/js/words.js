// The table in plain words: seats named from the person's chair, cards, moves, events,
// score lines and errors. The person's seat is "you" (seat 0 at the solo table, the
// seat of their link in a room); play passes to the right (docs/rules.md §2.1), so the
// seat playing after you sits on your right, the one before you on your left (at
// Foraccio's table, from seat 0: seat 1 on your right, seat 2, your partner, opposite,
// seat 3 on your left). A team is "Us" (you and your partners) or "You" (you alone);
// the other team of a two-team match with several seats "Them"; any other team is named
// by its seats ("Right", "Right + Left"). cli/table/places.py names them the same way.
// Someone who watches without a seat (a room's spectator) sees seats by number.

export const SUITS = {c: "coppe", d: "denari", b: "bastoni", s: "spade"};
const FIGURES = {1: "asso", 11: "fante", 12: "cavallo", 13: "re"};
const LINES = {
  primo_onore: "Primo onore", secondo_onore: "Secondo onore", terzo_onore: "Terzo onore",
  spade: "Spade", carte: "Carte", napoli: "Napoli", scopa: "Scopa", colore: "Colore",
  la_24: "La 24",
};

// The bots the forms offer, each with words for them: the built-in ones until
// `offerBots` puts in their place every bot the server lists (`GET /bots`), installed
// ones included.
const BUILT_IN_BOTS = {
  heuristic: "Heuristic (guards what scores)",
  random: "Random (any legal card)",
  ismcts: "ISMCTS (searches; slower, stronger)",
};
export const BOTS = Object.entries(BUILT_IN_BOTS);

/** Offer the bots of a `GET /bots` answer: the built-in ones in words, any other by its
 * name and its own description. */
export function offerBots(listed) {
  BOTS.splice(0, BOTS.length, ...listed.map(({name, description}) =>
    [name, BUILT_IN_BOTS[name] ?? `${name} (${description.replace(/\.$/, "")})`]));
}

export const rank = (card) => Number(card.slice(0, -1));
export const suit = (card) => card.slice(-1);

/** "7 of coppe", "re of spade". */
export function cardName(card) {
  return `${FIGURES[rank(card)] ?? rank(card)} of ${SUITS[suit(card)]}`;
}

/** A score line's or an option's wire name in words: `la_24` is "La 24". */
export function lineName(name) {
  return LINES[name] ?? humanize(name);
}

// The options' values in words, by option, where the API gives only a code; any other
// value is humanized ("11" stays "11").
const VALUES = {
  deal_scheme: {one_at_a_time: "One card at a time", "5-4-4": "In rounds of 5, 4, 4",
                "6-6": "In two rounds of 6", 12: "All 12 in one round"},
  deal_passes_to: {right: "The dealer's right", left: "The dealer's left"},
  king_scopa_value: {declared: "The value declared", rank: "The re's rank (13)"},
  king_colore_value: {declared: "The value declared", rank: "The re's rank (13)"},
};

/** The value of option `option` (its name) in words: `one_at_a_time` is "One card at a
 * time". */
export function valueName(option, value) {
  return VALUES[option]?.[value] ?? humanize(String(value));
}

export function humanize(name) {
  const words = name.replaceAll("_", " ").replaceAll("-", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// Where each other seat sits, by how many turns after yours it plays.
const POSITIONS = {
  2: ["Opposite"],
  3: ["Right", "Left"],
  4: ["Right", "Opposite", "Left"],
  5: ["Right", "Far right", "Far left", "Left"],
  6: ["Right", "Far right", "Opposite", "Far left", "Left"],
};
const PRONOUNS = new Set(["Us", "Them", "You"]);

/** The seats and teams of a match of `teams` (each team's seats) playing in `order`
 * (by default seat 0, 1, 2, ...), named for the person at seat `me` (null for someone
 * watching without a seat, who sees seat 0 at the bottom and every seat by number):
 * `seats` (each seat's name), `positions` (where each sits: "you", "right", "far-left",
 * ...), `teams` (each team's name), `members` (each team's seats), `teamOf`, `mine` (the
 * person's team, null when watching), `me`, `bottom` (the seat drawn at the bottom) and
 * `shown` (the other seats: opposite, then the left side, then the right side). */
export function places(teams, order = null, me = 0) {
  const count = teams.reduce((total, team) => total + team.length, 0);
  const turns = order ?? [...Array(count).keys()];
  const bottom = me ?? 0;
  const after = (seat) => (turns.indexOf(seat) - turns.indexOf(bottom) + count) % count;
  const teamOf = [];
  teams.forEach((team, index) => { for (const seat of team) teamOf[seat] = index; });
  const mine = me === null ? null : teamOf[me];
  const where = [...Array(count).keys()].map((seat) => seat === bottom ? "You" : POSITIONS[count][after(seat) - 1]);
  const seats = me === null ? where.map((_, seat) => `Seat ${seat + 1}`)
    : where.map((name, seat) => seat !== me && teamOf[seat] === mine && teams[mine].length === 2 ? "Partner" : name);
  const names = teams.map((team, index) => index === mine ? (team.length > 1 ? "Us" : "You")
    : me !== null && teams.length === 2 && team.length > 1 ? "Them" : team.map((seat) => seats[seat]).join(" + "));
  const side = (seat) => after(seat) * 2 === count ? [0, 0] : after(seat) * 2 > count ? [1, after(seat)] : [2, -after(seat)];
  const shown = [...Array(count).keys()].filter((seat) => seat !== bottom).sort((a, b) => {
    const [x, y] = [side(a), side(b)];
    return x[0] - y[0] || x[1] - y[1];
  });
  return {
    seats, teams: names, members: teams, teamOf, mine, me, bottom, shown,
    positions: where.map((name) => name.toLowerCase().replace(" ", "-")),
  };
}

/** The places of the match a view shows: from its `seat` (a seat view's, or a room's;
 * null when watching), seat 0 when it has none. */
export const placesOf = (view) => places(view.teams, view.order ?? null, view.seat === undefined ? 0 : view.seat);

/** Foraccio's table: you and your partner opposite, against Right and Left. */
export const FORACCIO = places([[0, 2], [1, 3]]);

/** A team's name inside a sentence: "us", "them", "you", "Right". */
export function teamWords(team, where = FORACCIO) {
  const name = where.teams[team];
  return PRONOUNS.has(name) ? name.toLowerCase() : name;
}

/** The teams in the order they are shown: the person's first ("Us" before "Them", on
 * the same side whichever seat they sit at), then the others in turn. */
export function teamOrder(where) {
  const teams = [...where.members.keys()];
  return where.mine === null ? teams : [where.mine, ...teams.filter((team) => team !== where.mine)];
}

/** Scores in words, team by team, the person's first: "us 12, them 9". */
export function scoresWords(scores, where = FORACCIO) {
  return teamOrder(where).map((team) => `${teamWords(team, where)} ${scores[team]}`).join(", ");
}

/** Who won the match, from the person's side, the winner's score first and then the
 * others' from the highest: "You and your partner win the match, 72 to 60.", "Your
 * opponents win the match, 103 to 25.", "Left wins the match, 11 to 9 to 4." The log
 * and the score sheet both say it so. */
export function matchWonWords(team, scores, where = FORACCIO) {
  const others = scores.filter((_, other) => other !== team).sort((a, b) => b - a);
  const score = [scores[team], ...others].join(" to ");
  const members = where.members[team].length;
  if (team === where.mine) {
    const partners = members - 1;
    const who = partners === 0 ? "You" : `You and your partner${partners > 1 ? "s" : ""}`;
    return `${who} win the match, ${score}.`;
  }
  const name = where.teams[team] === "Them" ? "Your opponents" : where.teams[team];
  const plural = name === "Your opponents" || members > 1;
  return `${name} ${plural ? "win" : "wins"} the match, ${score}.`;
}

/** Where a seat sits, in words: "opposite", "on your right", "on your far left". */
export function whereWords(seat, where) {
  const position = where.positions[seat];
  return position === "opposite" ? "opposite" : `on your ${position.replace("-", " ")}`;
}

/** What a seat is, for a screen reader: "You", "Your partner", "Opponent on your left"
 * ("Seat 2" to someone watching). */
export function seatLabel(seat, where) {
  if (seat === where.me) return "You";
  if (where.me === null) return where.seats[seat];
  if (where.seats[seat] === "Partner") return "Your partner";
  return `${where.teamOf[seat] === where.mine ? "Your partner" : "Opponent"} ${whereWords(seat, where)}`;
}

/** "You", "Right (heuristic)", or "Right" for a seat no bot plays. */
export function seatName(seat, bots, where = FORACCIO) {
  if (seat === where.me) return "You";
  return bots[seat] ? `${where.seats[seat]} (${bots[seat]})` : where.seats[seat];
}

/** A value a re is given, with its article: "an ace", "a 7", "an 8", "an 11". */
export function valueWords(value) {
  if (Number(value) === 1) return "an ace";
  return `${[8, 11].includes(Number(value)) ? "an" : "a"} ${value}`;
}

/** A legal move that lays its card, as its `kind` says: the variant's play rule decided
 * it (a Foraccio asso on an empty table takes only itself, a Scopa asso is laid). A
 * `captured` event, which has no kind, is a capture. */
export function isLay(move) {
  return move.kind === "lay";
}

/** What a legal move (or a `captured` event) does: "takes 3d 4b", "as a sweep, takes
 * ...", "takes only itself", "lays it on the table". */
export function moveWords(move) {
  if (isLay(move)) return "lays it on the table";
  const how = move.jolly == null ? "" : move.jolly === "sweep" ? "as a sweep, " : `as ${valueWords(move.jolly)}, `;
  return how + (move.take?.length ? `takes ${move.take.join(" ")}` : "takes only itself");
}

function does(seat, bots, verb, where) {
  return seat === where.me ? `You ${verb}` : `${seatName(seat, bots, where)} ${verb}s`;
}

/** An event as a sentence, or null for those shown otherwise (the score sheet). */
export function eventWords(event, bots, where = FORACCIO) {
  switch (event.type) {
    case "laid": return `${does(event.seat, bots, "lay", where)} ${event.card}.`;
    case "captured": return `${does(event.seat, bots, "play", where)} ${event.card}: ${moveWords(event)}.`;
    case "bonus":
      return `${lineName(event.name)}! ${event.points} point${event.points === 1 ? "" : "s"} for ${teamWords(event.team, where)} (${event.card}).`;
    case "table_collected":
      return `The cards left (${event.cards.join(" ") || "none"}) go to ${teamWords(event.team, where)}.`;
    case "dealt": return `Hand ${event.hand}: ${does(event.dealer, bots, "deal", where)}.`;
    case "dealt_more":
      return `The hands are empty: more cards are dealt from the stock${event.table?.length ? `, and ${event.table.join(" ")} face up on the table` : ""}.`;
    case "deal_captured":
      return `${does(event.seat, bots, "take", where)} ${event.cards.join(" ")} from the table as the cards are dealt.`;
    case "first_dealer_chosen": return `${does(event.dealer, bots, "deal", where)} first (the highest card drawn).`;
    case "match_won": return matchWonWords(event.team, event.scores, where);
    default: return null;
  }
}

/** An error in plain words for the person at the table, never a raw answer. */
export function errorWords(error) {
  switch (error.code) {
    case "network":
      return "The server cannot be reached. Check that it is still running, then try again.";
    case "invalid_token":
      return "The server no longer recognises this match: it may have been restarted " +
             "with another secret. Start a new match.";
    case "forbidden_seat":
      return "This match's seat keys no longer fit it. Start a new match.";
    case "http":
      return `The server could not answer (${error.detail}). Try again in a moment.`;
    // A room's refusals.
    case "missing_key":
    case "wrong_key":
      return "This link does not open the room. Ask the room's host for your link again.";
    case "room_not_found":
      return "This room is gone: its match ended a while ago, or it was never made. " +
             "Ask its host for a new link.";
    case "stale_version": return "Something happened at the table before your move reached it.";
    case "not_your_turn": return "It is no longer your turn.";
    case "seat_played_by_bot": return "A bot plays your seat now: take it back first.";
    case "seat_taken":
      return "Someone has joined this seat with this link already. If it was not you, " +
             "ask the room's host to invite you again.";
    case "join_first": return "This is a seat's invitation: open it as a link to join the seat.";
    case "person_at_seat":
      return "That seat's person is still at the table: only they may have a bot play for them.";
    case "room_finished": return "The room is finished.";
    case "already_started": return "The match has started already.";
    case "hand_in_progress": return "The next hand is dealt already.";
    default:
      // The API's details are sentences written for people ("10s can capture, and
      // capture is compulsory: ..."); any other failure is a bug of this page.
      return error.detail ? `The server refused: ${error.detail}` : `Something went wrong: ${error.message}`;
  }
}
