// The end of a hand: the score sheet line by line as the `hand_scored` event gives it,
// the hand's points and the match totals against the target; the end of the match.

import {shownCard} from "./cards.js";
import {colourOf} from "./render.js";
import {lineName, placesOf, scoresWords} from "./words.js";

const $ = (selector) => document.querySelector(selector);

function cell(tag, content, className = "") {
  const made = document.createElement(tag);
  if (typeof content === "string") made.textContent = content;
  else made.append(...content);
  if (className) made.className = className;
  return made;
}

/** Fill the sheet from a seat's view of a hand over (or a watcher's); return whether the
 * match is over. */
export function renderSheet(view, goal) {
  const where = placesOf(view);
  const scored = view.events.findLast((event) => event.type === "hand_scored");
  const rows = scored.lines.map((line) => {
    const row = document.createElement("tr");
    row.dataset.colour = colourOf(line.team, where);
    row.append(cell("td", where.teams[line.team]), cell("th", lineName(line.name)),
               cell("td", String(line.points), "points"),
               cell("td", [cell("span", line.cards.map((card) => shownCard(card, "tiny")), "card-row")], "line-cards"));
    row.lastChild.setAttribute("aria-label", line.cards.join(" "));
    return row;
  });
  $("#sheet-lines").replaceChildren(...rows);
  $("#sheet-title").textContent = `Hand ${view.hand} is over`;
  $("#sheet-hand").textContent = `This hand: ${scoresWords(scored.points, where)}.`;
  $("#sheet-match").textContent = `Match: ${scoresWords(scored.scores, where)}; first to ${goal} wins.`;
  const over = view.phase === "game_over";
  const result = $("#sheet-result");
  result.hidden = !over;
  if (over) {
    result.classList.toggle("lost", where.mine !== null && view.winner !== where.mine);
    result.textContent = resultWords(view, where);
  }
  $("#next-hand").hidden = over;
  $("#sheet-new-match").hidden = !over;
  return over;
}

/** Who won, from the person's side: "You and your partner win the match, 72 to 60!",
 * "Your opponents win the match, 71 to 40.", "Left wins the match, 11 to 9 to 4." (the
 * winner's score first, then the others' from the highest). */
function resultWords(view, where) {
  const winner = view.winner;
  const others = view.scores.filter((_, team) => team !== winner).sort((a, b) => b - a);
  const scores = [view.scores[winner], ...others].join(" to ");
  if (winner === where.mine) {
    const partners = where.members[winner].length - 1;
    const who = partners === 0 ? "You" : `You and your partner${partners > 1 ? "s" : ""}`;
    return `${who} win the match, ${scores}!`;
  }
  const name = where.teams[winner];
  if (name === "Them") return `Your opponents win the match, ${scores}.`;
  return `${name} win${where.members[winner].length > 1 ? "" : "s"} the match, ${scores}.`;
}
