// Choosing how a card is played when it can be played in several ways: which cards a
// capture takes, or how a wild card is used (a sweep, or which value, then which
// cards), in the words its game gives that choice. A modal <dialog>: focus stays inside it, Escape or "Back" cancels. Each option
// says in words what it does, with the cards it takes drawn; the one hovered (or, else,
// focused) has its cards outlined on the table.

import {shownCard} from "./cards.js";
import {t} from "./i18n.js";
import {moveWords, theCard, valueWords, wildWords} from "./words.js";

const dialog = () => document.querySelector("#choice");

/** Outline on the table the cards `cards` (none: clear). */
function outline(cards) {
  for (const shown of document.querySelectorAll("#table-cards .card")) {
    shown.classList.toggle("option", cards.includes(shown.dataset.card));
  }
}

/** Ask the person to pick one of `options` ({label, cards, value}); resolve to its value,
 * or null when cancelled. The table cards of the option hovered, or else of the one
 * focused, are outlined: one option's at a time. */
function ask(title, options) {
  const box = dialog();
  box.querySelector("#choice-title").textContent = title;
  const list = box.querySelector("#choice-options");
  return new Promise((resolve) => {
    const buttons = options.map((option) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "choice";
      const words = document.createElement("span");
      words.textContent = option.label;
      button.append(words, ...(option.cards ?? []).map((card) => shownCard(card, "tiny")));
      const focused = () => options[buttons.indexOf(document.activeElement)]?.cards ?? [];
      button.addEventListener("focus", () => outline(option.cards ?? []));
      button.addEventListener("blur", () => outline([]));
      button.addEventListener("mouseenter", () => outline(option.cards ?? []));
      button.addEventListener("mouseleave", () => outline(focused()));
      button.addEventListener("click", () => {
        outline([]);
        box.close(JSON.stringify({chosen: options.indexOf(option)}));
      });
      return button;
    });
    list.replaceChildren(...buttons);
    box.querySelector("#choice-back").onclick = () => box.close("");
    box.returnValue = "";
    box.addEventListener("close", () => {
      outline([]);
      const answer = box.returnValue ? JSON.parse(box.returnValue) : null;
      resolve(answer ? options[answer.chosen].value : null);
    }, {once: true});
    box.showModal();
    buttons[0]?.focus();
  });
}

/** The one move of `found` (all of one card) the person means, or null to go back. A
 * wild card asks how it is used first, then which cards when that use takes in several
 * ways; Back there asks how again. */
export async function chooseMove(found) {
  if (found.length === 1) return found[0];
  const card = found[0].card;
  if (!found.some((move) => move.jolly != null)) return chooseTake(card, found);
  const values = [...new Set(found.map((m) => m.jolly).filter((j) => j != null && j !== "sweep"))]
    .sort((a, b) => a - b);
  const sweep = found.find((move) => move.jolly === "sweep");
  // A wild card may also take as itself, its value given none (Lumaca's ace of coins
  // adding up to eleven).
  const itself = found.filter((move) => move.jolly == null);
  const options = [];
  if (sweep) options.push({label: t("choice.sweep"), cards: sweep.take, value: "sweep"});
  if (itself.length) {
    options.push({label: t("choice.as_itself"), value: "itself",
                  cards: [...new Set(itself.flatMap((move) => move.take ?? []))]});
  }
  for (const value of values) {
    const takes = found.filter((move) => move.jolly === value);
    // Every card it may take as that value: which of them is asked next.
    const cards = [...new Set(takes.flatMap((move) => move.take ?? []))];
    options.push({label: takes.length === 1 ? t("choice.as_value", {value: valueWords(value)})
      : t("choice.as_value_ways", {value: valueWords(value), count: takes.length}), cards, value});
  }
  const how = t("choice.how", {card: theCard(card)});
  for (;;) {
    const use = await ask(wildWords() ? `${how} ${wildWords()}` : how, options);
    if (use === null) return null;
    const ways = found.filter((move) => (use === "itself" ? move.jolly == null : move.jolly === use));
    if (ways.length === 1) return ways[0];
    const move = await chooseTake(card, ways);
    if (move !== null) return move;
  }
}

/** Which of `found`, the captures of `card`, the person means; null to go back. */
function chooseTake(card, found) {
  return ask(t("choice.which", {card: theCard(card)}),
             found.map((move) => ({label: moveWords({...move, jolly: null}), cards: move.take, value: move})));
}
