// The table in plain words, in the page's language (i18n.js): seats named from the
// person's chair, cards, moves, events, score lines and errors. The person's seat is
// "you" (seat 0 at the solo table, the seat of their link in a room); play passes to the
// right (docs/rules.md §2.1), so the seat playing after you sits on your right, the one
// before you on your left (at a four-seat table, from seat 0: seat 1 on your right,
// seat 2, your partner, opposite, seat 3 on your left). A team is "Us" (you and your
// partners) or "You" (you alone); the other team of a two-team match with several seats
// "Them"; any other team is named by its seats ("Right", "Right + Left").
// cli/table/places.py names them the same way. Someone who watches without a seat (a
// room's spectator) sees seats by number.
//
// The words of a game are its own, as the server says them (`GET /variants` and
// `GET /house-rules`, field `words`, in the page's language): its score lines' names and
// what they reward, its move kinds, the wording of its wild card's choice, its cards'
// names and its options' values. Nothing here names a line or a rule of one game.

import {known, listWords, t} from "./i18n.js";

// --- a game's own words ---------------------------------------------------------------

const variantWords = new Map();  // variant name -> its words
const ruleWords = new Map();  // house rule name -> its words
let game = {lines: {}, kinds: {}, wild: null, cards: null};  // the words of the match shown

/** Keep the words of every variant and house rule the server lists (`GET /variants`,
 * `GET /house-rules`); a server that says none leaves each thing named by its code. */
export function useWords(variants, rules = []) {
  for (const variant of variants) if (variant.words) variantWords.set(variant.name, variant.words);
  for (const rule of rules) if (rule.words) ruleWords.set(rule.name, rule.words);
}

/** The words of the variant `name` (null when the server said none). */
export const wordsOf = (name) => variantWords.get(name) ?? null;

/** Speak the words of the match `view` shows: its variant's, and those of its house
 * rules (their lines, kinds and wild card's wording come first). */
export function playing(view) {
  const spoken = [...(view.house_rules ?? []).map((name) => ruleWords.get(name)),
                  variantWords.get(view.variant)].filter(Boolean);
  const merged = (part) => Object.assign({}, ...spoken.map((words) => words[part] ?? {}).reverse());
  game = {
    lines: merged("lines"), kinds: merged("kinds"),
    wild: spoken.find((words) => words.wild)?.wild ?? null,
    cards: variantWords.get(view.variant)?.cards ?? null,
  };
}

// --- cards ----------------------------------------------------------------------------

export const rank = (card) => Number(card.slice(0, -1));
export const suit = (card) => card.slice(-1);

/** A rank's name in the game's words ("king", "re"); a rank it does not name is its
 * number. */
export function rankName(value) {
  const named = game.cards?.ranks?.[String(value)];
  if (named) return named;
  return known(`deck.rank.${value}`) ? t(`deck.rank.${value}`) : String(value);
}

/** A suit's name in the game's words ("swords", "spade"). */
export function suitName(letter) {
  return game.cards?.suits?.[letter] ?? t(`deck.suit.${letter}`);
}

/** "7 of coins", "king of swords" ("7 di denari", "re di spade"). */
export function cardName(card) {
  return t("card.name", {rank: rankName(rank(card)), suit: suitName(suit(card))});
}

/** A card's name with its article: "the king of swords" ("il re di spade", "l'asso di
 * coppe", "l'8 di denari"). */
export function theCard(card) {
  const name = cardName(card);
  return t(/^([aeiou]|8\b|11\b)/i.test(name) ? "card.the.vowel" : "card.the", {card: name});
}

/** Cards in words, each with its article: "the 3 of coins and the 4 of batons". */
export const cardsWords = (cards) => listWords(cards.map(theCard));

// --- score lines, kinds, options ------------------------------------------------------

/** A score line's or a bonus's name in the game's words ("Primo onore"); a line it does
 * not name is its code made readable. */
export function lineName(name) {
  return game.lines[name]?.name ?? humanize(name);
}

/** What a score line rewards, in the game's words; null when it says nothing of it. */
export function lineRewards(name) {
  return game.lines[name]?.rewards ?? null;
}

/** The wording of the choice of a wild card, as the game says it; null if it says none. */
export const wildWords = () => game.wild;

/** The words of the option named `name` in `words` (a variant's or a house rule's, as
 * the server says them); a house rule's option is listed as `<house rule>.<option>`. */
function optionWords(name, words) {
  const bare = name.split(".").pop();
  return words?.options?.find((found) => found.name === name || found.name === bare) ?? null;
}

/** The value of option `option` (its name) in `words`: `one_at_a_time` is "One card at
 * a time"; a value they do not name is made readable ("11" stays "11"). */
export function valueName(option, value, words = null) {
  return optionWords(option, words)?.values?.[String(value)] ?? humanize(String(value));
}

/** An option's title in `words` ("Points to win"), else its code made readable. */
export function optionTitle(option, words = null) {
  return optionWords(option.name, words)?.title ?? humanize(option.name.split(".").pop());
}

/** An option's description in `words`, else as the API lists it. */
export function optionDescription(option, words = null) {
  return optionWords(option.name, words)?.description ?? option.description;
}

export function humanize(name) {
  const words = name.replaceAll("_", " ").replaceAll("-", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// --- bots -----------------------------------------------------------------------------

// The bots the forms offer, each with words for them: the built-in ones until
// `offerBots` puts in their place every bot the server lists (`GET /bots`), installed
// ones included.
const BUILT_IN_BOTS = ["heuristic", "random", "ismcts"];
export const BOTS = BUILT_IN_BOTS.map((name) => [name, null]);

/** Offer the bots of a `GET /bots` answer: the built-in ones in the page's words, any
 * other by its name and its own description (which the server says in the page's
 * language when the bot's catalogue has it). */
export function offerBots(listed) {
  BOTS.splice(0, BOTS.length, ...listed.map(({name, description}) => [name, description]));
}

/** A bot in words, for a form: "Heuristic (guards what scores)". */
export function botWords([name, description]) {
  if (BUILT_IN_BOTS.includes(name)) return t(`bot.${name}`);
  return description ? `${name} (${description.replace(/\.$/, "")})` : name;
}

/** A bot's short name, beside a seat's: "heuristic" ("euristico"). */
export function botName(name) {
  return BUILT_IN_BOTS.includes(name) ? t(`bot.${name}.short`) : name;
}

// --- seats and teams ------------------------------------------------------------------

// Where each other seat sits, by how many turns after yours it plays.
const POSITIONS = {
  2: ["opposite"],
  3: ["right", "left"],
  4: ["right", "opposite", "left"],
  5: ["right", "far-right", "far-left", "left"],
  6: ["right", "far-right", "opposite", "far-left", "left"],
};

/** The seats and teams of a match of `teams` (each team's seats) playing in `order`
 * (by default seat 0, 1, 2, ...), named for the person at seat `me` (null for someone
 * watching without a seat, who sees seat 0 at the bottom and every seat by number):
 * `seats` (each seat's name), `positions` (where each sits: "you", "right", "far-left",
 * ...), `partners` (whether each is the person's one partner), `teams` (each team's
 * name), `sides` (each team's side: "us", "you", "them" or null), `members` (each team's
 * seats), `teamOf`, `mine` (the person's team, null when watching), `me`, `bottom` (the
 * seat drawn at the bottom) and `shown` (the other seats: opposite, then the left side,
 * then the right side). */
export function places(teams, order = null, me = 0) {
  const count = teams.reduce((total, team) => total + team.length, 0);
  const turns = order ?? [...Array(count).keys()];
  const bottom = me ?? 0;
  const after = (seat) => (turns.indexOf(seat) - turns.indexOf(bottom) + count) % count;
  const teamOf = [];
  teams.forEach((team, index) => { for (const seat of team) teamOf[seat] = index; });
  const mine = me === null ? null : teamOf[me];
  const positions = [...Array(count).keys()].map((seat) => seat === bottom ? "you" : POSITIONS[count][after(seat) - 1]);
  const partners = positions.map((_, seat) => me !== null && seat !== me && teamOf[seat] === mine
    && teams[mine].length === 2);
  const seats = me === null ? positions.map((_, seat) => t("seat.number", {number: seat + 1}))
    : positions.map((position, seat) => t(partners[seat] ? "seat.partner" : `seat.${position}`));
  const sides = teams.map((team, index) => index === mine ? (team.length > 1 ? "us" : "you")
    : me !== null && teams.length === 2 && team.length > 1 ? "them" : null);
  const names = teams.map((team, index) => sides[index] ? t(`team.${sides[index]}`)
    : team.map((seat) => seats[seat]).join(" + "));
  const side = (seat) => after(seat) * 2 === count ? [0, 0] : after(seat) * 2 > count ? [1, after(seat)] : [2, -after(seat)];
  const shown = [...Array(count).keys()].filter((seat) => seat !== bottom).sort((a, b) => {
    const [x, y] = [side(a), side(b)];
    return x[0] - y[0] || x[1] - y[1];
  });
  return {seats, positions, partners, teams: names, sides, members: teams, teamOf, mine, me, bottom, shown};
}

/** The places of the match a view shows: from its `seat` (a seat view's, or a room's;
 * null when watching), seat 0 when it has none. */
export const placesOf = (view) => places(view.teams, view.order ?? null, view.seat === undefined ? 0 : view.seat);

/** A team's name inside a sentence: "us", "them", "you", "Right". */
export function teamWords(team, where) {
  const side = where.sides[team];
  return side ? t(`team.${side}.in`) : where.teams[team];
}

/** The teams in the order they are shown: the person's first ("Us" before "Them", on
 * the same side whichever seat they sit at), then the others in turn. */
export function teamOrder(where) {
  const teams = [...where.members.keys()];
  return where.mine === null ? teams : [where.mine, ...teams.filter((team) => team !== where.mine)];
}

/** Scores in words, team by team, the person's first: "us 12, them 9". */
export function scoresWords(scores, where) {
  return listWords(teamOrder(where).map((team) => t("team.score", {team: teamWords(team, where), score: scores[team]})),
                   "unit");
}

/** Who won the match, from the person's side, the winner's score first and then the
 * others' from the highest: "You and your partner win the match, 72 to 60.", "Your
 * opponents win the match, 103 to 25.", "Left wins the match, 11 to 9 to 4." The log
 * and the score sheet both say it so. */
export function matchWonWords(team, scores, where) {
  const others = scores.filter((_, other) => other !== team).sort((a, b) => b - a);
  const score = [scores[team], ...others].join(t("score.to"));
  const members = where.members[team].length;
  if (team === where.mine) {
    const partners = members - 1;
    const key = partners === 0 ? "won.you" : partners === 1 ? "won.you_and_partner" : "won.you_and_partners";
    return t(key, {score});
  }
  if (where.sides[team] === "them") return t("won.opponents", {score});
  return t(members > 1 ? "won.team" : "won.seat", {team: where.teams[team], score});
}

/** Where a seat sits, in words: "opposite", "on your right", "on your far left". */
export function whereWords(seat, where) {
  return t(`where.${where.positions[seat]}`);
}

/** What a seat is, for a screen reader: "You", "Your partner", "Opponent on your left"
 * ("Seat 2" to someone watching). */
export function seatLabel(seat, where) {
  if (seat === where.me) return t("seat.you");
  if (where.me === null) return where.seats[seat];
  if (where.partners[seat]) return t("label.partner");
  const key = where.teamOf[seat] === where.mine ? "label.partner_at" : "label.opponent_at";
  return t(key, {where: whereWords(seat, where)});
}

/** "You", "Right (heuristic)", or "Right" for a seat no bot plays. */
export function seatName(seat, bots, where) {
  if (seat === where.me) return t("seat.you");
  return bots[seat] ? t("seat.with_bot", {seat: where.seats[seat], bot: botName(bots[seat])})
    : where.seats[seat];
}

// --- moves and events -----------------------------------------------------------------

/** A value a wild card is given, with its article, named as the game names that rank:
 * "an ace", "a 7", "an 8", "a jack" ("un asso", "un 7", "un fante"). */
export function valueWords(value) {
  // A value is said as a card is: "as a jack" ("come un fante"), as the terminal says it.
  const name = rankName(Number(value));
  return t(/^([aeiou]|8|11\b|18\b)/i.test(name) ? "value.vowel" : "value.number", {value: name});
}

/** A legal move that lays its card, as its `kind` says: the variant's play rule decided
 * it (a Foraccio asso on an empty table takes only itself, a Scopa asso is laid). A
 * `captured` event, which has no kind, is a capture. */
export function isLay(move) {
  return move.kind === "lay";
}

/** A capture's way in the game's words, when its variant names one (`way`: "by
 * fifteen"); null otherwise. */
function kindWords(move) {
  if (move.way == null) return null;
  return game.kinds[move.way] ?? humanize(move.way);
}

/** How a wild card is played, in words: "as a sweep, ", "as an 8, ", or "". */
export function wildUse(move) {
  if (move.jolly == null) return "";
  return move.jolly === "sweep" ? t("move.as_sweep") : t("move.as_value", {value: valueWords(move.jolly)});
}

/** What a legal move (or a `captured` event) does: "takes the 3 of coins and the 4 of
 * batons", "as a sweep, takes ...", "takes only itself", "lays it on the table"; a kind
 * of its game's own says so ("takes ... (by fifteen)"). */
export function moveWords(move) {
  if (isLay(move)) return t("move.lay");
  const takes = move.take?.length ? t("move.takes", {cards: cardsWords(move.take)}) : t("move.takes_itself");
  const kind = kindWords(move);
  return wildUse(move) + takes + (kind ? t("move.kind", {kind}) : "");
}

/** A seat doing something: `key` for the person ("…you"), `key` for another seat. */
function does(key, seat, bots, where, params = {}) {
  return seat === where.me ? t(`${key}.you`, params) : t(key, {seat: seatName(seat, bots, where), ...params});
}

/** A bonus as a sentence: "Scopa! 3 points for us (3 of cups)."; a bonus no one card
 * made (a deal's) names none: "Scopa! 1 point for them." */
function bonusWords(event, where) {
  const params = {line: lineName(event.name), count: event.points, team: teamWords(event.team, where)};
  return event.card == null ? t("event.bonus.dealt", params) : t("event.bonus", {...params, card: cardName(event.card)});
}

/** An event as a sentence, or null for those shown otherwise (the score sheet). */
export function eventWords(event, bots, where) {
  switch (event.type) {
    case "laid": return does("event.laid", event.seat, bots, where, {card: theCard(event.card)});
    case "captured":
      return does("event.captured", event.seat, bots, where, {card: theCard(event.card), move: moveWords(event)});
    case "bonus": return bonusWords(event, where);
    case "declared":
      return does("event.declared", event.seat, bots, where, {line: lineName(event.name),
        cards: event.cards.map(cardName).join(", "), count: event.points, team: teamWords(event.team, where)});
    case "table_collected":
      return t("event.table_collected", {cards: event.cards.length ? cardsWords(event.cards) : t("event.none"),
                                         team: teamWords(event.team, where)});
    case "dealt": return does("event.dealt", event.dealer, bots, where, {hand: event.hand});
    case "dealt_more":
      return event.table?.length ? t("event.dealt_more.table", {cards: cardsWords(event.table)}) : t("event.dealt_more");
    case "deal_captured":
      return does("event.deal_captured", event.seat, bots, where, {cards: cardsWords(event.cards)});
    case "first_dealer_chosen": return does("event.first_dealer", event.dealer, bots, where);
    case "match_won": return matchWonWords(event.team, event.scores, where);
    default: return null;
  }
}

// The refusals the page says in its own words; any other is the server's `detail`, in
// the page's language too (a person not yet counted away: for how long they must be).
const ERRORS = new Set(["network", "invalid_token", "forbidden_seat", "missing_key", "room_not_found",
                        "stale_version", "not_your_turn", "seat_played_by_bot", "seat_taken", "join_first", "room_finished",
                        "already_started", "hand_in_progress"]);

/** An error in plain words for the person at the table, never a raw answer. */
export function errorWords(error) {
  if (error.code === "wrong_key") return t("error.missing_key");
  if (ERRORS.has(error.code)) return t(`error.${error.code}`);
  if (error.code === "http") return t("error.http", {detail: error.detail});
  // The API's details are sentences written for people, in the language asked ("10s can
  // capture, and capture is compulsory: ..."); any other failure is a bug of this page.
  return error.detail ? t("error.refused", {detail: error.detail}) : t("error.bug", {detail: error.message});
}
