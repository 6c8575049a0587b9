// Drawing the table from seat 0's view (the API's `SeatView`): the scores against the
// target, each seat with its card count (who dealt, who is to play), the table, both
// piles with their scopa and colore marks, and the person's hand.

import {cardFace, shownCard} from "./cards.js";
import {cardName, eventWords, lineName, SEATS} from "./words.js";

const $ = (selector) => document.querySelector(selector);

function text(tag, words, className = "") {
  const made = document.createElement(tag);
  made.textContent = words;
  if (className) made.className = className;
  return made;
}

const plural = (count, noun) => `${count} ${noun}${count === 1 ? "" : "s"}`;

export function renderScores(view, goal) {
  $("#variant-name").textContent = view.variant.charAt(0).toUpperCase() + view.variant.slice(1);
  $("#hand-number").textContent = `Hand ${view.hand}`;
  $("#score-us").textContent = view.scores[0];
  $("#score-them").textContent = view.scores[1];
  $("#goal").textContent = goal;
}

function renderSeat(view, seat, bots) {
  const box = $(`#seat-${seat}`);
  box.querySelector(".who").textContent = seat === 0 ? "You" : SEATS[seat];
  box.querySelector(".bot").textContent = seat === 0 ? "" : bots[seat];
  box.querySelector(".count").textContent = plural(view.hand_sizes[seat], "card");
  box.querySelector(".dealer").hidden = view.dealer !== seat;
  box.classList.toggle("to-play", view.turn === seat && view.phase === "playing");
  box.querySelector(".turn").hidden = !(view.turn === seat && view.phase === "playing");
}

function marks(view, team) {
  return view.events.filter((event) => event.type === "bonus" && event.team === team)
    .map((bonus) => {
      const mark = text("li", `${lineName(bonus.name)} ${bonus.points}`, `mark mark-${bonus.name}`);
      mark.title = `${lineName(bonus.name)} worth ${bonus.points}, made with ${cardName(bonus.card)}`;
      mark.prepend(shownCard(bonus.card, "tiny"));
      return mark;
    });
}

export function renderTable(view, bots) {
  for (const seat of [0, 1, 2, 3]) renderSeat(view, seat, bots);
  const cards = view.table.map((card) => shownCard(card));
  $("#table-cards").replaceChildren(...cards);
  $("#table-empty").hidden = cards.length > 0;
  for (const team of [0, 1]) {
    $(`#pile-${team} .pile-count`).textContent = plural(view.piles[team].length, "card");
    $(`#pile-${team} .marks`).replaceChildren(...marks(view, team));
  }
  $("#log").replaceChildren(...view.events.map((event) => eventWords(event, bots))
    .filter(Boolean).map((words) => text("li", words)));
}

/** The hand as buttons: the cards with a legal move (`moves`) enabled and marked, each
 * calling `onPick(card)`. Cards keep their place, so keyboard focus stays put. */
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
    button.setAttribute("aria-label", cardName(card) + (ways > 1 ? `, ${ways} ways to play` : ""));
    button.title = `${card}: ${cardName(card)}`;
    button.append(cardFace(card));
    if (ways > 1) button.append(text("span", String(ways), "ways"));
    button.addEventListener("click", () => onPick(card));
    return button;
  });
  hand.replaceChildren(...buttons);
  hand.classList.toggle("your-turn", moves.length > 0);
  const again = buttons.find((button) => button.dataset.card === focused && !button.disabled);
  (again ?? (moves.length ? buttons.find((button) => !button.disabled) : null))?.focus({preventScroll: true});
}

/** Show a play: the seat's bubble holds the card played and what it took, and the
 * cards taken are marked on the table until it is drawn again. */
export function showPlay(event, bots) {
  const bubble = $(`#seat-${event.seat} .play`);
  const taken = event.type === "captured" ? event.take : [];
  bubble.replaceChildren(shownCard(event.card, "small"),
                         text("span", event.type === "laid" ? "laid" : taken.length ? "took" : "took only itself", "verb"),
                         ...taken.map((card) => shownCard(card, "tiny")));
  bubble.hidden = false;
  for (const card of taken) $(`#table-cards [data-card="${card}"]`)?.classList.add("taken");
  $("#last-play").textContent = eventWords(event, bots);
}

export function clearPlays() {
  for (const bubble of document.querySelectorAll(".seat .play")) bubble.hidden = true;
  $("#last-play").textContent = "";
}
