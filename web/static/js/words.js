// The table in plain words: seats named from the person's chair, cards, moves, events,
// score lines and errors. Seat 0 is "you"; play passes to the right (docs/rules.md
// §2.1), so seat 1 sits on your right, seat 2 (your partner) opposite, seat 3 on your left.

export const SEATS = ["You", "Right", "Partner", "Left"];
export const TEAMS = ["Us", "Them"];
export const SUITS = {c: "coppe", d: "denari", b: "bastoni", s: "spade"};
const FIGURES = {1: "asso", 11: "fante", 12: "cavallo", 13: "re"};
const LINES = {
  primo_onore: "Primo onore", secondo_onore: "Secondo onore", terzo_onore: "Terzo onore",
  spade: "Spade", carte: "Carte", napoli: "Napoli", scopa: "Scopa", colore: "Colore",
  la_24: "La 24",
};

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

export function humanize(name) {
  const words = name.replaceAll("_", " ").replaceAll("-", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function seatName(seat, bots) {
  return seat === 0 ? "You" : `${SEATS[seat]} (${bots[seat]})`;
}

/** A move that lays its card: it takes nothing and is no asso or re (which, meeting an
 * empty table, take only themselves and still capture). */
export function isLay(move) {
  return !(move.take?.length) && move.jolly == null && rank(move.card) !== 1;
}

/** What a move does: "takes 3d 4b", "as a sweep, takes ...", "lays it on the table". */
export function moveWords(move) {
  if (isLay(move)) return "lays it on the table";
  const how = move.jolly == null ? "" : move.jolly === "sweep" ? "as a sweep, " : `as a ${move.jolly}, `;
  return how + (move.take?.length ? `takes ${move.take.join(" ")}` : "takes only itself");
}

function does(seat, bots, verb) {
  return seat === 0 ? `You ${verb}` : `${seatName(seat, bots)} ${verb}s`;
}

/** An event as a sentence, or null for those shown otherwise (the score sheet). */
export function eventWords(event, bots) {
  switch (event.type) {
    case "laid": return `${does(event.seat, bots, "lay")} ${event.card}.`;
    case "captured": return `${does(event.seat, bots, "play")} ${event.card}: ${moveWords(event)}.`;
    case "bonus":
      return `${lineName(event.name)}! ${event.points} point${event.points === 1 ? "" : "s"} for ${TEAMS[event.team].toLowerCase()} (${event.card}).`;
    case "table_collected":
      return `The cards left (${event.cards.join(" ") || "none"}) go to ${TEAMS[event.team].toLowerCase()}.`;
    case "dealt": return `Hand ${event.hand}: ${does(event.dealer, bots, "deal")}.`;
    case "first_dealer_chosen": return `${does(event.dealer, bots, "deal")} first (the highest card drawn).`;
    case "match_won": return `${TEAMS[event.team]} win the match, ${event.scores[0]} to ${event.scores[1]}.`;
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
    default:
      // The API's details are sentences written for people ("10s can capture, and
      // capture is compulsory: ..."); any other failure is a bug of this page.
      return error.detail ? `The server refused: ${error.detail}` : `Something went wrong: ${error.message}`;
  }
}
