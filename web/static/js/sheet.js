// The end of a hand: the score sheet as the `hand_scored` event gives it, its lines
// grouped by team, each with what it rewards (lines.js: a tap on its name shows it, a
// hover and a screen reader read it) and the counts behind it; the hand's points and the
// match totals against the target; the end of the match.

import {shownCard} from "./cards.js";
import {t} from "./i18n.js";
import {lineCounts, lineMeaning, pileWords} from "./lines.js";
import {colourOf} from "./render.js";
import {showOnly} from "./screen.js";
import {lineName, matchWonWords, placesOf, playing, scoresWords, teamOrder} from "./words.js";

const $ = (selector) => document.querySelector(selector);

function cell(tag, content, className = "") {
  const made = document.createElement(tag);
  if (typeof content === "string") made.textContent = content;
  else made.append(...content);
  if (className) made.className = className;
  return made;
}

/** A line's name, a button that shows (and describes) what the line rewards, and the
 * counts behind it. */
function lineTitle(line, index) {
  const meaning = cell("small", lineMeaning(line.name), "meaning");
  meaning.id = `line-meaning-${index}`;
  meaning.hidden = true;
  const name = cell("button", lineName(line.name), "line-name");
  name.type = "button";
  name.title = meaning.textContent;
  name.setAttribute("aria-describedby", meaning.id);
  name.setAttribute("aria-expanded", "false");
  name.addEventListener("click", () => {
    meaning.hidden = !meaning.hidden;
    name.setAttribute("aria-expanded", String(!meaning.hidden));
  });
  const title = cell("th", [name, cell("span", lineCounts(line), "counts"), meaning]);
  title.scope = "row";
  return title;
}

/** The lines of `team`, under a row with its name and its points, and what it took. */
function teamLines(team, lines, scored, view, where) {
  const group = document.createElement("tbody");
  group.dataset.colour = colourOf(team, where);
  const heading = cell("th", t("sheet.team", {team: where.teams[team], count: scored.points[team]}));
  heading.scope = "rowgroup";
  heading.colSpan = 3;
  group.append(cell("tr", [heading], "team"));
  for (const [line, index] of lines) {
    const row = cell("tr", [lineTitle(line, index), cell("td", String(line.points), "points"),
                            cell("td", [cell("span", line.cards.map((card) => shownCard(card, "small")), "card-row")],
                                 "line-cards")], "line");
    row.dataset.team = String(team);
    row.dataset.line = line.name;
    group.append(row);
  }
  if (!lines.length) {
    const none = cell("td", t("sheet.no_line"), "quiet");
    none.colSpan = 3;
    group.append(cell("tr", [none], "line-none"));
  }
  const taken = cell("td", pileWords(view.piles[team]), "quiet");
  taken.colSpan = 3;
  group.append(cell("tr", [taken], "pile-counts"));
  return group;
}

/** Fill the sheet from a seat's view of a hand over (or a watcher's); return whether the
 * match is over. */
export function renderSheet(view, goal) {
  playing(view);
  const where = placesOf(view);
  const scored = view.events.findLast((event) => event.type === "hand_scored");
  const numbered = scored.lines.map((line, index) => [line, index]);
  const table = $("#sheet-lines");
  for (const old of table.querySelectorAll("tbody")) old.remove();
  table.append(...teamOrder(where).map((team) => teamLines(
    team, numbered.filter(([line]) => line.team === team), scored, view, where)));
  $("#sheet-title").textContent = t("sheet.title", {hand: view.hand});
  $("#sheet-hand").textContent = t("sheet.hand", {scores: scoresWords(scored.points, where)});
  $("#sheet-match").textContent = t("sheet.match", {scores: scoresWords(scored.scores, where), goal});
  const over = view.phase === "game_over";
  const result = $("#sheet-result");
  result.hidden = !over;
  if (over) {
    result.classList.toggle("lost", where.mine !== null && view.winner !== where.mine);
    result.textContent = matchWonWords(view.winner, view.scores, where);
  }
  $("#next-hand").hidden = over;
  $("#sheet-new-match").hidden = !over;
  return over;
}

/** Show the sheet over the table; one that opens shows its top, "Hand N is over" and the
 * first team (a browser keeps a hidden box's scroll: it would open where the last
 * hand's was left). */
export function openSheet() {
  const opening = $("#sheet").hidden;
  showOnly("#sheet");
  if (opening) $("#sheet-body").scrollTop = 0;
}
