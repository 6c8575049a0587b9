// Drawing the table from a seat's view (the API's `SeatView`, or a room's match with its
// seat, null for someone watching): the scores against the target, each seat with its
// card count (who dealt, who is to play), the table and the stock still to deal, each
// team's pile with its scopa and colore marks, and the person's hand. The seats and
// piles follow the match's seating (`view.teams`) as seen from the view's seat: they are
// made when a match of another shape, or from another chair, is drawn, each seat placed
// where it sits.

import {cardFace, shownCard} from "./cards.js";
import {listWords, t} from "./i18n.js";
import {botName, cardName, eventWords, lineName, moveWords, placesOf, playing, seatLabel, teamOrder,
        theCard, valueWords, wordsOf} from "./words.js";

const $ = (selector) => document.querySelector(selector);

function text(tag, words, className = "") {
  const made = document.createElement(tag);
  made.textContent = words;
  if (className) made.className = className;
  return made;
}

/** The colour of a team, from the person's side: 0 for theirs, 1, 2, ... for the others
 * in team order (to someone watching, each team's number). */
export function colourOf(team, where) {
  if (where.mine === null) return team;
  return team === where.mine ? 0 : 1 + where.members.filter((_, other) => other !== where.mine).indexOf(where.members[team]);
}

/** A team's pile, in words: "Our pile", "Their pile", "Right's pile". */
function pileTitle(team, where) {
  const side = where.sides[team];
  return side ? t(`pile.${side}`) : t("pile.of", {team: where.teams[team]});
}

/** Each team's points from this hand's bonuses so far (its scopas, colori): the match
 * scores add them only when the hand is scored. */
function bonusesOf(view) {
  const points = view.scores.map(() => 0);
  if (view.phase !== "playing") return points;  // scored: the scores hold them
  for (const event of view.events) if (event.type === "bonus") points[event.team] += event.points;
  return points;
}

/** The match scores in the bar, with the hand's bonuses so far counted in ("Us 19",
 * "+7 this hand"). */
export function renderScores(view, goal) {
  playing(view);
  const where = placesOf(view);
  const bonuses = bonusesOf(view);
  $("#variant-name").textContent = wordsOf(view.variant)?.title
    ?? view.variant.charAt(0).toUpperCase() + view.variant.slice(1);
  $("#hand-number").textContent = t("hand.number", {hand: view.hand});
  $("#scores").replaceChildren(...teamOrder(where).map((team) => {
    const score = view.scores[team];
    const span = text("span", `${where.teams[team]} `, "team");
    span.dataset.colour = colourOf(team, where);
    span.append(text("strong", String(score + bonuses[team])));
    if (bonuses[team]) {
      const gain = text("small", ` +${bonuses[team]}`, "gain");
      gain.append(text("span", t("scores.this_hand"), "gain-words"));
      gain.title = t("scores.bonuses", {count: bonuses[team]});
      span.append(gain);
    }
    return span;
  }));
  $("#goal").textContent = goal;
  $("#scoreboard").hidden = false;  // hidden until a match is drawn: no "first to –"
}

/** Make the seats and piles of `view`'s seating, unless they are made already. */
function placeSeats(view) {
  const where = placesOf(view);
  const shape = JSON.stringify([view.teams, where.me]);
  const table = $("#table");
  if (table.dataset.shape === shape) return;
  table.dataset.shape = shape;
  table.dataset.seats = String(view.hand_sizes.length);
  for (const old of table.querySelectorAll(".seat")) old.remove();
  const seat = (number) => {
    const box = document.createElement("section");
    box.className = "seat";
    box.id = `seat-${number}`;
    box.dataset.position = where.positions[number];
    box.dataset.colour = colourOf(where.teamOf[number], where);
    box.setAttribute("aria-label", seatLabel(number, where));
    box.append($("#seat-template").content.cloneNode(true));
    return box;
  };
  for (const number of where.shown) table.insertBefore(seat(number), $(".felt"));
  table.insertBefore(seat(where.bottom), $("#hand"));
  $("#piles").replaceChildren(...teamOrder(where).map((team) => {
    const pile = document.createElement("div");
    pile.className = "pile";
    pile.id = `pile-${team}`;
    pile.dataset.colour = colourOf(team, where);
    pile.append($("#pile-template").content.cloneNode(true));
    pile.querySelector("h2").textContent = pileTitle(team, where);
    pile.querySelector(".marks").setAttribute("aria-label", t("pile.marks", {pile: pileTitle(team, where)}));
    return pile;
  }));
}

function renderSeat(view, seat, bots, where) {
  const box = $(`#seat-${seat}`);
  box.querySelector(".who").textContent = where.seats[seat];
  // Beside the seat's name as the log says it, "Left (heuristic)": one form everywhere.
  box.querySelector(".bot").textContent = seat === where.me || !bots[seat] ? ""
    : t("seat.bot", {bot: botName(bots[seat])});
  box.querySelector(".count").textContent = t("cards", {count: view.hand_sizes[seat]});
  box.querySelector(".dealer").hidden = view.dealer !== seat;
  box.classList.toggle("to-play", view.turn === seat && view.phase === "playing");
  box.querySelector(".turn").hidden = !(view.turn === seat && view.phase === "playing");
}

function marks(view, team) {
  return view.events.filter((event) => event.type === "bonus" && event.team === team)
    .map((bonus) => {
      const mark = text("li", `${lineName(bonus.name)} ${bonus.points}`, `mark mark-${bonus.name}`);
      const params = {line: lineName(bonus.name), count: bonus.points};
      // A deal's bonus has no card that made it.
      mark.title = bonus.card == null ? t("mark.title.dealt", params) : t("mark.title", {...params, card: theCard(bonus.card)});
      if (bonus.card != null) mark.prepend(shownCard(bonus.card, "tiny"));
      return mark;
    });
}

export function renderTable(view, bots) {
  playing(view);
  placeSeats(view);
  const where = placesOf(view);
  view.hand_sizes.forEach((_, seat) => renderSeat(view, seat, bots, where));
  const cards = view.table.map((card) => shownCard(card));
  $("#table-cards").replaceChildren(...cards);
  $("#table-empty").hidden = cards.length > 0;
  $("#stock").hidden = !view.stock;
  $("#stock").textContent = view.stock ? t("stock", {count: view.stock}) : "";
  view.piles.forEach((pile, team) => {
    $(`#pile-${team} .pile-count`).textContent = t("cards", {count: pile.length});
    $(`#pile-${team} .marks`).replaceChildren(...marks(view, team));
  });
  $("#log").replaceChildren(...view.events.map((event) => isPlay(event)
    ? playWords(event, bots, where, view.timedOut?.has(event.card)) : eventWords(event, bots, where))
    .filter(Boolean).map((words) => text("li", words)));
  for (const bubble of document.querySelectorAll(".seat .play")) bubble.hidden = true;
  for (const play of lastPlays(view)) drawPlay(play);
  announce(view, bots, where);
}

const isPlay = (event) => event.type === "laid" || event.type === "captured";

/** Each seat's last play of the hand (its events are the hand's). */
function lastPlays(view) {
  const last = new Map();
  for (const event of view.events) if (isPlay(event)) last.set(event.seat, event);
  return last.values();
}

/** Announce on the table the bonuses the latest play made (a scopa, a colore), or, before
 * the hand's first play, what the deal made and the hands declared: only the latest
 * play's, so that the banner never reads as if a later play had scored (each team's pile
 * keeps its marks); the score sheet says the hand's other lines. */
function announce(view, bots, where) {
  const latest = view.events.findLastIndex(isPlay);
  const made = view.events.slice(latest + 1).filter((event) => event.type === "bonus" || event.type === "declared")
    .map((event) => eventWords(event, bots, where));
  $("#announce").hidden = made.length === 0;
  $("#announce").textContent = made.join(" ");
}

/** What playing `card` would do, in words: "takes the 5 and the 4 of batons", "lays it
 * on the table", "2 ways: takes ..., or takes ..."; a wild card's uses without their
 * captures (the choice, after a click, shows them): "7 ways: a sweep, or as a 2, a 4 or
 * a 9". */
function previewWords(card, moves) {
  const found = moves.filter((move) => move.card === card);
  if (found.length < 2) return found.map(moveWords)[0] ?? "";
  if (!found.some((move) => move.jolly != null)) {
    return t("preview.ways", {count: found.length, ways: found.map(moveWords).join(t("preview.or"))});
  }
  const values = [...new Set(found.filter((move) => move.jolly !== "sweep").map((move) => move.jolly))]
    .sort((a, b) => a - b).map(valueWords);
  const uses = [...(found.some((move) => move.jolly === "sweep") ? [t("preview.wild_sweep")] : []),
                ...(values.length ? [t("preview.wild_values", {values: listWords(values, "disjunction")})] : [])];
  return t("preview.ways", {count: found.length, ways: uses.join(t("preview.or"))});
}

/** Whether the device has a pointer that hovers (a mouse), not only a touch screen. */
const HOVERS = matchMedia("(hover: hover)");

/** Outline the table cards `card` would take, by any of its `moves` (none: clear). */
function preview(card, moves) {
  const taken = new Set(moves.filter((move) => move.card === card).flatMap((move) => move.take ?? []));
  for (const shown of document.querySelectorAll("#table-cards .card")) {
    shown.classList.toggle("preview", taken.has(shown.dataset.card));
  }
  const words = card === null ? "" : previewWords(card, moves);
  $("#preview").textContent = words ? t("preview", {card: cardName(card), move: words}) : "";
}

/** The hand as buttons: the cards with a legal move (`moves`) enabled and marked, each
 * calling `onPick(card)`; hovering or focusing one outlines what it would take. Cards
 * keep their place, so keyboard focus stays put; at a new turn focus goes to the hand
 * itself, never to a card, so that a stray Enter plays nothing. */
export function renderHand(cards, moves, onPick) {
  const hand = $("#hand");
  const focused = document.activeElement?.dataset?.card;
  const buttons = cards.map((card) => {
    const ways = moves.filter((move) => move.card === card).length;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "card in-hand";
    button.dataset.card = card;
    button.dataset.ways = String(ways);
    button.classList.toggle("legal", ways > 0);
    button.disabled = ways === 0;
    button.title = ways ? t("preview", {card: cardName(card), move: previewWords(card, moves)}) : cardName(card);
    if (ways) button.setAttribute("aria-description", previewWords(card, moves));
    // Its name as text a screen reader reads (the face's letters are hidden from it), not
    // an aria-label, which would differ from the letters on the face.
    button.append(text("span", ways > 1 ? t("hand.card_ways", {card: cardName(card), count: ways}) : cardName(card),
                       "sr-only"),
                  cardFace(card));
    if (ways > 1) {
      const badge = text("span", String(ways), "ways");
      badge.setAttribute("aria-hidden", "true");
      button.append(badge);
    }
    button.addEventListener("click", () => onPick(card));
    // Only a card that can be played has something to preview. A hover only where a
    // pointer hovers: on a touch screen the spot tapped stays "hovered", and the card
    // drawn there next (while the bots play) would preview itself.
    if (ways) {
      button.addEventListener("focus", () => preview(card, moves));
      button.addEventListener("blur", () => preview(null, []));
      button.addEventListener("mouseenter", () => { if (HOVERS.matches) preview(card, moves); });
      button.addEventListener("mouseleave", () => { if (HOVERS.matches) preview(null, []); });
    }
    return button;
  });
  hand.replaceChildren(...buttons);
  hand.classList.toggle("your-turn", moves.length > 0);
  preview(null, []);
  const again = buttons.find((button) => button.dataset.card === focused && !button.disabled);
  if (again) again.focus({preventScroll: true});
  else if (moves.length && !hand.contains(document.activeElement)) hand.focus({preventScroll: true});
}

/** Draw a play in its seat's bubble: the card played and what it took. */
function drawPlay(event) {
  const bubble = $(`#seat-${event.seat} .play`);
  const taken = event.type === "captured" ? event.take : [];
  bubble.replaceChildren(shownCard(event.card, "small"),
                         text("span", t(event.type === "laid" ? "play.laid" : taken.length ? "play.took" : "play.took_itself"),
                              "verb"),
                         ...taken.map((card) => shownCard(card, "tiny")));
  bubble.hidden = false;
}

/** A play in words, saying so when a bot made it for a person out of time (a room's
 * turn clock). */
function playWords(event, bots, where, timedOut = false) {
  const words = eventWords(event, bots, where);
  return timedOut ? t("play.timed_out", {play: words.replace(/\.$/, "")}) : words;
}

/** Show a play as it is made: in its seat's bubble, the cards taken marked on the table
 * until it is drawn again, and in words (`timedOut`: a bot played it for a person out of
 * time). Each seat's bubble keeps its last play until it plays again (renderTable draws
 * them from the hand's events). */
export function showPlay(event, bots, where, timedOut = false) {
  drawPlay(event);
  const taken = event.type === "captured" ? event.take : [];
  for (const card of taken) $(`#table-cards [data-card="${card}"]`)?.classList.add("taken");
  $("#last-play").textContent = playWords(event, bots, where, timedOut);
}

/** Clear the words of the last play and its announcement (each seat's bubble stays):
 * called before a play is shown on the table it was made on. */
export function clearPlays() {
  $("#last-play").textContent = "";
  $("#announce").hidden = true;
}
