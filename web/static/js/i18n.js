// The page's own words in the person's language: English or Italian. Each language's
// words are a catalogue, web/static/locale/<language>.json, a flat object of keys to
// strings with `{name}` placeholders, which a translator edits (no build step: the page
// fetches it). A string whose form depends on a number has one key per plural category
// of Intl.PluralRules: `cards.one`, `cards.other` ("1 card", "{count} cards"); `t("cards",
// {count})` picks the right one. The words of a game (its lines, its wild card, its
// cards' names) come from the server instead, in the same language (words.js).
//
// The language is the one the person chose with the page's control (kept in
// localStorage), else the first of the browser's languages the page speaks, else English.
// The API is asked in it too (`Accept-Language`: api.js).

export const LANGUAGES = ["en", "it"];
export const DEFAULT_LANGUAGE = "en";
const CHOSEN = "foraccio.table.language";
/** What a key without an entry shows: never an English fallback, so that a missing entry
 * is seen (and the tests catch it: it is also logged as an error). */
export const MISSING = "⟦";

let language = DEFAULT_LANGUAGE;
let catalogue = {};

/** The language the page speaks now. */
export const currentLanguage = () => language;

/** The language to speak: the one chosen before, else the browser's first one the page
 * speaks ("it-IT" is Italian), else English. */
export function preferredLanguage() {
  let chosen = null;
  try {
    chosen = localStorage.getItem(CHOSEN);
  } catch {
    // storage refused: the browser's languages decide
  }
  if (LANGUAGES.includes(chosen)) return chosen;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = String(tag).toLowerCase().split(/[-_]/)[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

/** Keep `chosen` as the person's language for their next visits. */
export function rememberLanguage(chosen) {
  try {
    localStorage.setItem(CHOSEN, chosen);
  } catch {
    // storage refused: the choice holds for this page only
  }
}

/** Speak `entries` (a catalogue's object) as `chosen`. */
export function useCatalogue(chosen, entries) {
  language = chosen;
  catalogue = entries;
}

/** Fetch the catalogue of `chosen` and speak it. */
export async function loadLanguage(chosen) {
  const response = await fetch(`/table/locale/${chosen}.json`, {headers: {Accept: "application/json"}});
  if (!response.ok) throw new Error(`the catalogue ${chosen}.json answered ${response.status}`);
  useCatalogue(chosen, await response.json());
  document.documentElement.lang = chosen;
}

/** Whether the catalogue has words for `key` (a bot's, a rank's, which may have none). */
export const known = (key) => key in catalogue;

/** The words of `key` with `params` put in their `{name}` places; with a numeric
 * `params.count`, the entry `<key>.<plural category>` (`.other` when the language has no
 * entry of that category). */
export function t(key, params = {}) {
  let text = catalogue[key];
  if (text === undefined && typeof params.count === "number") {
    const category = new Intl.PluralRules(language).select(params.count);
    text = catalogue[`${key}.${category}`] ?? catalogue[`${key}.other`];
  }
  if (text === undefined) {
    console.error(`no ${language} catalogue entry for "${key}"`);
    return `${MISSING}${key}⟧`;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** `items` as a list in words: "a, b and c" ("a, b e c"). */
export function listWords(items, type = "conjunction") {
  return new Intl.ListFormat(language, {style: "long", type}).format(items.map(String));
}

/** Put the words of the page's static parts in place: each element's `data-t` key as
 * its text, and `data-t-<attribute>` keys as those attributes ("data-t-aria-label"). */
export function translatePage(root = document) {
  for (const template of root.querySelectorAll("template")) translatePage(template.content);
  for (const found of root.querySelectorAll("*")) {
    for (const {name, value} of [...found.attributes]) {
      if (name === "data-t") found.textContent = t(value);
      else if (name.startsWith("data-t-")) found.setAttribute(name.slice("data-t-".length), t(value));
    }
  }
}
