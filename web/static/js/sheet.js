// The end of a hand: the score sheet line by line as the `hand_scored` event gives it,
// the hand's points and the match totals against the target; the end of the match.

import {shownCard} from "./cards.js";
import {lineName, TEAMS} from "./words.js";

const $ = (selector) => document.querySelector(selector);

function cell(tag, content, className = "") {
  const made = document.createElement(tag);
  if (typeof content === "string") made.textContent = content;
  else made.append(...content);
  if (className) made.className = className;
  return made;
}

/** Fill the sheet from seat 0's view of a hand over; return whether the match is over. */
export function renderSheet(view, goal) {
  const scored = view.events.findLast((event) => event.type === "hand_scored");
  const rows = scored.lines.map((line) => {
    const row = document.createElement("tr");
    row.className = `team-${line.team}`;
    row.append(cell("td", TEAMS[line.team]), cell("th", lineName(line.name)),
               cell("td", String(line.points), "points"),
               cell("td", [cell("span", line.cards.map((card) => shownCard(card, "tiny")), "card-row")], "line-cards"));
    row.lastChild.setAttribute("aria-label", line.cards.join(" "));
    return row;
  });
  $("#sheet-lines").replaceChildren(...rows);
  $("#sheet-title").textContent = `Hand ${view.hand} is over`;
  $("#sheet-hand").textContent = `This hand: us ${scored.points[0]}, them ${scored.points[1]}.`;
  $("#sheet-match").textContent = `Match: us ${scored.scores[0]}, them ${scored.scores[1]}; first to ${goal} wins.`;
  const over = view.phase === "game_over";
  const result = $("#sheet-result");
  result.hidden = !over;
  if (over) {
    const [us, them] = view.scores;
    result.classList.toggle("lost", view.winner !== 0);
    result.textContent = view.winner === 0
      ? `You and your partner win the match, ${us} to ${them}!`
      : `Your opponents win the match, ${them} to ${us}.`;
  }
  $("#next-hand").hidden = over;
  $("#sheet-new-match").hidden = !over;
  return over;
}
