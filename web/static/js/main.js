// The web table's flow: open the room of the link the page was opened with (room.js),
// or resume the room or the match the browser keeps, or show the new-match form; then,
// against bots, play: the bots' turns one request at a time, shown one play at a time
// at the chosen pace (Skip or Escape hurries them), the person's turn with the legal
// cards, the score sheet at the end of each hand, the next hand, the end of the match.
//
// `document.body.dataset.state` says where the table is (setup, waiting, your-turn,
// hand-over, game-over, error), for people's styles and for the browser tests;
// `dataset.mode` whether it plays against bots (solo) or in a room.
//
// The page speaks the person's language (i18n.js); its control switches it, kept for
// the next visits, and the page reloads in it: the match or the room in play resumes, in
// the new language's words and the game's words asked in it.

import {DEFAULT_LANGUAGE, LANGUAGES, loadLanguage, preferredLanguage, rememberLanguage, t,
        translatePage} from "./i18n.js";
import {takeInvite} from "./links.js";
import {Match} from "./match.js";
import {chooseMove} from "./prompt.js";
import {clearPlays, renderHand, renderScores, renderTable, showPlay} from "./render.js";
import {dealNextHand, forgetTheRoom, hasRoom, joinRoom, leaveRoom, makeRoom, resumeRoom,
        wireRoom} from "./room.js";
import {$, guarded, hideError, say, setState, showOnly, tryAgain} from "./screen.js";
import {buildSetup} from "./setup.js";
import {openSheet, renderSheet} from "./sheet.js";
import {forgetMatch, logOpen, savedMatch, savedPace, saveLogOpen, savePace} from "./store.js";
import {eventWords, placesOf, seatName} from "./words.js";

const PACES = {slow: 1800, normal: 1000, fast: 400, instant: 0};
/** Milliseconds a bot's play stays in view before the next. */
let pace = PACES[savedPace()] ?? PACES.normal;
let match = null;
let session = 0;  // bumped when the match shown changes: older loops then stop
let skipping = false;
let wake = null;  // resolves the pause in progress, when skipped

/** Wait `ms`, or less when the person skips. */
function pause(ms) {
  if (skipping || ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    wake = () => { clearTimeout(timer); resolve(); };
  });
}

function skip() {
  skipping = true;
  wake?.();
}

/** Try again after a failure in play: from the last token the server gave, as a reload
 * would (the step that failed may have been half done). */
function recover() {
  return guarded(() => resume(match.toJSON()), recover);
}

// --- playing --------------------------------------------------------------------------

function draw() {
  renderScores(match.view, match.goal);
  renderTable(match.view, match.bots);
  renderHand(match.view.cards, [], () => {});
}

/** Play on until the person has something to do: their card, or the end of a hand. */
async function advance() {
  const mine = session;
  skipping = pace === 0;
  while (match.view.phase === "playing" && match.view.turn !== 0) {
    setState("waiting");
    const seat = match.view.turn;
    say(t("status.playing", {seat: seatName(seat, match.bots, placesOf(match.view))}));
    $("#skip").hidden = pace === 0;
    const before = match.view;
    const events = await match.botPlay();
    if (mine !== session) return;  // another match was started or resumed meanwhile
    await tell(events, before);
    if (mine !== session) return;
  }
  $("#skip").hidden = true;
  skipping = false;
  if (match.view.phase === "playing") await yourTurn();
  else handOver();
}

/** Show a bot's play in two beats: what it plays and takes on the table it found,
 * then the table after it (and a third when the hands ran out and more cards were
 * dealt from the stock). */
async function tell(events, before) {
  const play = events.find((event) => event.type === "laid" || event.type === "captured");
  const where = placesOf(match.view);
  clearPlays();
  if (play) {
    renderTable(before, match.bots);
    clearPlays();  // the table before the play: no banner of an earlier play's
    showPlay(play, match.bots, where);
    await pause(pace / 2);
  }
  renderScores(match.view, match.goal);
  renderTable(match.view, match.bots);
  if (play) showPlay(play, match.bots, where);
  renderHand(match.view.cards, [], () => {});
  await pause(pace / 2);
  await dealtMore(events);
}

/** Say that more cards were dealt, if `events` dealt them, and let it be read. */
async function dealtMore(events) {
  const more = events.find((event) => event.type === "dealt_more");
  if (!more) return;
  clearPlays();
  $("#last-play").textContent = dealWords(events);
  await pause(pace / 2);
}

async function yourTurn() {
  const mine = session;
  const moves = await match.legalMoves();
  if (mine !== session) return;
  draw();
  setState("your-turn");
  say(t("status.your_turn"));
  renderHand(match.view.cards, moves, (card) => guarded(() => pick(card, moves), recover));
}

async function pick(card, moves) {
  if (document.body.dataset.state !== "your-turn") return;
  setState("choosing");
  const move = await chooseMove(moves.filter((m) => m.card === card));
  if (move === null) {  // went back: choose again
    setState("your-turn");
    $(`#hand [data-card="${card}"]`)?.focus();
    return;
  }
  setState("waiting");
  renderHand(match.view.cards, [], () => {});
  const events = await match.play(move);
  clearPlays();
  draw();
  const play = events.find((event) => event.type === "laid" || event.type === "captured");
  if (play) showPlay(play, match.bots, placesOf(match.view));
  if (events.some((event) => event.type === "dealt_more")) {
    $("#last-play").textContent += ` ${dealWords(events)}`;
  }
  await advance();
}

/** More cards dealt, and what that deal took, in words. */
function dealWords(events) {
  return events.filter((event) => event.type === "dealt_more" || event.type === "deal_captured")
    .map((event) => eventWords(event, match.bots, placesOf(match.view))).join(" ");
}

function handOver() {
  draw();
  const over = renderSheet(match.view, match.goal);
  openSheet();
  setState(over ? "game-over" : "hand-over");
  say(t(over ? "status.game_over" : "status.hand_over"));
  (over ? $("#sheet-new-match") : $("#next-hand")).focus({preventScroll: true});
}

async function nextHand() {
  setState("waiting");
  await match.nextHand();
  showOnly("#table");
  clearPlays();
  draw();
  await advance();
}

// --- starting -------------------------------------------------------------------------

async function start(setup) {
  setState("waiting");
  session += 1;
  match = await Match.start(setup);
  showOnly("#table");
  clearPlays();
  draw();
  // From here on the match exists: trying again resumes it, never starts another.
  await guarded(advance, recover);
}

async function resume(saved) {
  setState("waiting");
  session += 1;
  match = new Match(saved);
  await match.refresh();
  showOnly(match.view.phase === "playing" ? "#table" : "#sheet");
  draw();
  await advance();
}

function newMatch() {
  session += 1;  // the match in play, if any, stops where it is (its token is saved)
  leaveRoom();  // and the room: the browser keeps it, to come back to
  hideError();
  showOnly("#setup");
  const back = $("#setup-cancel");
  back.hidden = !hasRoom() && (match === null || match.view?.phase === "game_over");
  back.textContent = t(hasRoom() ? "setup.back_to_room" : "setup.back_to_match");
  setState("setup");
  $("#variant").focus();
}

function backFromSetup() {
  session += 1;
  if (hasRoom()) resumeRoom();
  else recover();
}

/** Start what the new-match form says: a match against bots, or a room. */
function begin(setup) {
  session += 1;
  if (setup.mode === "friends") return guarded(() => makeRoom(setup));
  forgetTheRoom();
  forgetMatch();
  return guarded(() => start(setup));
}

/** Open the room of a link, if the page was opened with one (or one was pasted into its
 * address bar); return whether it was. */
function joined() {
  const invite = takeInvite();
  if (invite === null) return false;
  session += 1;
  hideError();
  guarded(() => joinRoom(invite));
  return true;
}

/** The language control: the language spoken now, and a choice that reloads the page in
 * another. */
function wireLanguage(spoken) {
  const select = $("#language");
  select.value = spoken;
  $("#rules-link").href = `/rules?lang=${spoken}`;  // in the table's language
  select.addEventListener("change", () => {
    if (!LANGUAGES.includes(select.value)) return;
    rememberLanguage(select.value);
    location.reload();
  });
}

function wire() {
  const paceSelect = $("#pace");
  paceSelect.value = Object.keys(PACES).find((name) => PACES[name] === pace);
  paceSelect.addEventListener("change", () => {
    pace = PACES[paceSelect.value];
    savePace(paceSelect.value);
  });
  $("#skip").addEventListener("click", skip);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && document.body.dataset.state === "waiting") skip();
  });
  $("#next-hand").addEventListener("click", () => document.body.dataset.mode === "room"
    ? dealNextHand() : guarded(nextHand, recover));
  for (const button of ["#new-match", "#sheet-new-match", "#error-new"]) {
    $(button).addEventListener("click", newMatch);
  }
  $("#setup-cancel").addEventListener("click", backFromSetup);
  const log = $("#log").parentElement;
  log.open = logOpen();
  log.addEventListener("toggle", () => saveLogOpen(log.open));
  $("#error-retry").addEventListener("click", tryAgain);
  addEventListener("hashchange", joined);
  wireRoom(newMatch);
}

/** Speak `language`, or English when its catalogue cannot be fetched; return the one
 * spoken (null: none could be, and the page's own English stays). */
async function speak(language) {
  for (const tried of new Set([language, DEFAULT_LANGUAGE])) {
    try {
      await loadLanguage(tried);
      return tried;
    } catch (error) {
      console.warn(error);
    }
  }
  return null;
}

async function main() {
  const spoken = await speak(preferredLanguage());
  if (spoken) translatePage();
  wireLanguage(spoken ?? DEFAULT_LANGUAGE);
  wire();
  await guarded(() => buildSetup($("#setup-form"), begin));
  if (joined()) return;
  if (hasRoom()) {
    resumeRoom();
    return;
  }
  const saved = savedMatch();
  if (saved) {
    match = new Match(saved);
    await recover();
  } else if (document.body.dataset.state !== "error") {
    newMatch();
  }
}

main();
