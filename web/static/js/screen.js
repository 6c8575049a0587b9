// What the page shows, for the solo table (main.js) and a room's (room.js) alike: which
// part is up (the form, the table, the score sheet over it), where the page is
// (`document.body.dataset.state`: for people's styles and for the browser tests), the
// status line, and a failure in plain words with a way to try again.

import {ApiError} from "./api.js";
import {t} from "./i18n.js";
import {errorWords} from "./words.js";

export const $ = (selector) => document.querySelector(selector);

export function setState(state) {
  document.body.dataset.state = state;
}

export function say(words) {
  $("#status").textContent = words;
}

/** Show `section` ("#setup", "#table" or "#sheet", which sits over the table) alone. */
export function showOnly(section) {
  for (const id of ["#setup", "#table", "#sheet"]) $(id).hidden = id !== section;
  if (section === "#sheet") $("#table").hidden = false;
}

/** Refusals that trying again cannot mend: the match or the room is gone, or the link. */
const FATAL = new Set(["invalid_token", "forbidden_seat", "missing_key", "wrong_key",
                       "room_not_found", "seat_taken"]);
let retry = null;

/** Show `error` in plain words; "Try again" calls `again` (none for a fatal refusal). */
export function showError(error, again) {
  if (!(error instanceof ApiError)) console.warn(error);  // a bug of the page: keep the trace
  $("#error-text").textContent = error instanceof ApiError ? errorWords(error)
    : t("error.page");
  say("");
  retry = FATAL.has(error.code) ? null : again;
  $("#error-retry").hidden = retry === null;
  $("#error").hidden = false;
  (retry ? $("#error-retry") : $("#error-new")).focus();
  // The banner pushes the table down: the hand stays in view (scrolled to, when the
  // banner took it below the fold), so the person can play on once it mends.
  const hand = $("#hand");
  if (hand?.offsetParent) hand.scrollIntoView({block: "nearest"});
  setState("error");
}

export function hideError() {
  $("#error").hidden = true;
}

/** Run `step`, showing any failure in plain words with a way to try again: `again`, or
 * `step` itself. */
export async function guarded(step, again = null) {
  try {
    hideError();
    await step();
  } catch (error) {
    showError(error, again ?? (() => guarded(step)));
  }
}

/** "Try again" was clicked. */
export function tryAgain() {
  retry?.();
}
