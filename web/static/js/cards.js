// Card faces drawn by the page as SVG: the Treviso deck's four Italian suits (coppe,
// denari, bastoni, spade), number cards with their pips, and the three figures (fante,
// cavallo, re) as a framed letter and their name, both in the game's words. No image
// is fetched.

import {t} from "./i18n.js";
import {cardName, rank, rankName, suit} from "./words.js";

const NS = "http://www.w3.org/2000/svg";
const INK = {c: "#a3211a", d: "#8a5a00", b: "#2b6a2b", s: "#1d4b96"};
/** The figures' ranks. */
const FIGURES = new Set([11, 12, 13]);

// Pip centres of the number cards, in the 100 x 150 card.
const PIPS = {
  1: [[50, 75]],
  2: [[50, 45], [50, 105]],
  3: [[50, 38], [50, 75], [50, 112]],
  4: [[32, 45], [68, 45], [32, 105], [68, 105]],
  5: [[32, 45], [68, 45], [50, 75], [32, 105], [68, 105]],
  6: [[32, 40], [68, 40], [32, 75], [68, 75], [32, 110], [68, 110]],
  7: [[32, 40], [68, 40], [50, 57], [32, 75], [68, 75], [32, 110], [68, 110]],
  8: [[32, 36], [68, 36], [32, 62], [68, 62], [32, 88], [68, 88], [32, 114], [68, 114]],
  9: [[32, 36], [68, 36], [32, 62], [68, 62], [50, 75], [32, 88], [68, 88], [32, 114], [68, 114]],
  10: [[32, 36], [68, 36], [50, 49], [32, 62], [68, 62], [32, 88], [68, 88], [50, 101], [32, 114], [68, 114]],
};
const PIP_SCALE = {1: 2.6, 2: 1.5, 3: 1.4, 4: 1.3, 5: 1.3, 6: 1.2};

function node(name, attributes = {}, children = []) {
  const element = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  for (const child of children) element.append(child);
  return element;
}

// Each suit's symbol, drawn in a box from -10 to 10 around the origin.
const SYMBOLS = {
  d: () => [  // denari: a gold coin
    node("circle", {r: 9, fill: "#e3b341", stroke: "#7a5200", "stroke-width": 1.2}),
    node("circle", {r: 5.5, fill: "none", stroke: "#7a5200", "stroke-width": 1}),
    node("circle", {r: 2, fill: "#a3211a"}),
  ],
  c: () => [  // coppe: a red cup on a gold foot
    node("path", {d: "M-8,-8 L8,-8 Q8,2 0,4 Q-8,2 -8,-8 Z", fill: "#c62828", stroke: "#6d1010", "stroke-width": 1}),
    node("rect", {x: -1.5, y: 3, width: 3, height: 4, fill: "#d9a520"}),
    node("path", {d: "M-6,9.5 Q0,5 6,9.5 Z", fill: "#d9a520", stroke: "#7a5200", "stroke-width": 0.8}),
    node("path", {d: "M-8,-8 L8,-8", stroke: "#d9a520", "stroke-width": 2}),
  ],
  b: () => [  // bastoni: a knotty green club
    node("g", {transform: "rotate(-25)"}, [
      node("path", {d: "M-2,10 L2,10 L4,-10 L-4,-10 Z", fill: "#3f8f3f", stroke: "#1f4f1f", "stroke-width": 1}),
      node("circle", {cx: -3.5, cy: -3, r: 1.6, fill: "#1f4f1f"}),
      node("circle", {cx: 3, cy: 2, r: 1.4, fill: "#1f4f1f"}),
    ]),
  ],
  s: () => [  // spade: a blue-hilted sword
    node("path", {d: "M0,-10 L2.2,-6 L2.2,4.5 L-2.2,4.5 L-2.2,-6 Z", fill: "#dfe7f1", stroke: "#1d4b96", "stroke-width": 1}),
    node("rect", {x: -6.5, y: 4.5, width: 13, height: 2.2, rx: 1, fill: "#1d4b96"}),
    node("rect", {x: -1.2, y: 6.7, width: 2.4, height: 2.8, fill: "#6b3e1c"}),
    node("circle", {cx: 0, cy: 10, r: 1.4, fill: "#1d4b96"}),
  ],
};

function symbol(s, x, y, scale) {
  return node("g", {transform: `translate(${x} ${y}) scale(${scale})`}, SYMBOLS[s]());
}

/** A figure's letter: the first of its name in the game's words (Escoba's sota is "S"),
 * or, for a figure the game names as the page does, the page's own letter (which tells
 * the knight's "N" from the king's "K"). */
function figureLetter(r) {
  const name = rankName(r);
  return name === t(`deck.rank.${r}`) ? t(`deck.letter.${r}`) : name.charAt(0).toLocaleUpperCase();
}

function corner(card) {
  const r = rank(card);
  const label = FIGURES.has(r) ? figureLetter(r) : String(r);
  return node("g", {}, [
    node("text", {x: 11, y: 21, "text-anchor": "middle", class: "rank", fill: INK[suit(card)]},
         [label]),
    symbol(suit(card), 11, 33, 0.55),
  ]);
}

function middle(card) {
  const r = rank(card), s = suit(card);
  if (FIGURES.has(r)) {
    const [letter, name] = [figureLetter(r), rankName(r)];
    return [
      node("rect", {x: 22, y: 18, width: 56, height: 114, rx: 5, class: `figure figure-${s}`}),
      symbol(s, 50, 40, 1.3),
      node("text", {x: 50, y: 92, "text-anchor": "middle", class: "figure-letter", fill: INK[s]}, [letter]),
      node("text", {x: 50, y: 116, "text-anchor": "middle", class: "figure-name", fill: INK[s]}, [name]),
    ];
  }
  const scale = PIP_SCALE[r] ?? 1.1;
  return PIPS[r].map(([x, y]) => symbol(s, x, y, scale));
}

/** The face of `card` (a wire code such as `7c`) as an SVG element. */
export function cardFace(card) {
  const svg = node("svg", {viewBox: "0 0 100 150", class: "face", "aria-hidden": "true",
                           focusable: "false"}, [
    node("rect", {x: 1, y: 1, width: 98, height: 148, rx: 8, class: "paper"}),
    corner(card),
    ...middle(card),
    node("g", {transform: "rotate(180 50 75)"}, [corner(card)]),
  ]);
  svg.dataset.card = card;
  return svg;
}

/** A card that is only shown (on the table, in a play, on the score sheet). */
export function shownCard(card, size = "") {
  const span = document.createElement("span");
  span.className = `card ${size}`.trim();
  span.dataset.card = card;
  span.setAttribute("role", "img");
  span.setAttribute("aria-label", cardName(card));
  span.title = cardName(card);
  span.append(cardFace(card));
  return span;
}
