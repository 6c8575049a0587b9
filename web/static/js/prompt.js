// Choosing how a card is played when it can be played in several ways: which cards a
// capture takes, or how a Zobelon re is used (a sweep, or which value, then which
// cards). A modal <dialog>: focus stays inside it, Escape or "Back" cancels.

import {shownCard} from "./cards.js";
import {cardName, moveWords} from "./words.js";

const dialog = () => document.querySelector("#choice");

/** Ask the person to pick one of `options` ({label, cards, value}); resolve to its value,
 * or null when cancelled. The table cards an option takes are marked while it has focus. */
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
      const mark = (on) => {
        for (const card of option.cards ?? []) {
          document.querySelector(`#table-cards [data-card="${card}"]`)?.classList.toggle("option", on);
        }
      };
      button.addEventListener("focus", () => mark(true));
      button.addEventListener("blur", () => mark(false));
      button.addEventListener("mouseenter", () => mark(true));
      button.addEventListener("mouseleave", () => mark(false));
      button.addEventListener("click", () => {
        mark(false);
        box.close(JSON.stringify({chosen: options.indexOf(option)}));
      });
      return button;
    });
    list.replaceChildren(...buttons);
    box.querySelector("#choice-back").onclick = () => box.close("");
    box.returnValue = "";
    box.addEventListener("close", () => {
      const answer = box.returnValue ? JSON.parse(box.returnValue) : null;
      resolve(answer ? options[answer.chosen].value : null);
    }, {once: true});
    box.showModal();
    buttons[0]?.focus();
  });
}

/** The one move of `found` (all of one card) the person means, or null to go back. */
export async function chooseMove(found) {
  if (found.length === 1) return found[0];
  const card = found[0].card;
  if (found.some((move) => move.jolly != null)) {
    const values = [...new Set(found.filter((m) => m.jolly !== "sweep").map((m) => m.jolly))].sort((a, b) => a - b);
    const sweep = found.find((move) => move.jolly === "sweep");
    const options = [];
    if (sweep) options.push({label: "Sweep: take the whole table", cards: sweep.take, value: "sweep"});
    for (const value of values) {
      const takes = found.filter((move) => move.jolly === value);
      options.push({label: `As a ${value}`, cards: takes.length === 1 ? takes[0].take : [], value});
    }
    const use = await ask(`How do you play the ${cardName(card)}? A re is a jolly: a sweep, or any value.`, options);
    if (use === null) return null;
    found = found.filter((move) => move.jolly === use);
    if (found.length === 1) return found[0];
  }
  return ask(`Which cards does the ${cardName(card)} take?`,
             found.map((move) => ({label: moveWords(move), cards: move.take, value: move})));
}
