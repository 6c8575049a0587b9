// A room's table: one match played by people, each from their own browser with their own
// link (README, "Play"). The page follows the room's event stream (roomstream.js) and
// draws each version of the room as it comes, with the solo table's pieces (render.js,
// sheet.js, prompt.js): the bots' and the other people's plays appear one at a time, as
// the server makes them at the room's pace. A person plays their own seat's cards; the
// host also starts the match, hands seats to bots and back, and closes the room
// (roompanel.js).
//
// The browser keeps (store.js) `invite`, the link the page follows (its seat's key,
// which the page got by joining the seat with the seat's invite, once; the host's or a
// spectator's link when it has no seat), `joinedWith`, the invite it joined with (used:
// opening it again resumes), and on the host's page `host`, the host's invite, and
// `links`, the spectators' link and the invites of the seats nobody has joined yet, to
// copy again after a reload (an invite somebody used is dropped: it opens nothing). A
// reload, or a stream that broke, follows the room again from where it is.
//
// `document.body.dataset` says where the page is: `state` (joining, room-waiting,
// waiting, your-turn, choosing, hand-over, game-over, room-closed, error), `version`
// (the version of the room drawn) and `connection` (open, reconnecting).

import {ApiError} from "./api.js";
import {showClock} from "./clock.js";
import {t} from "./i18n.js";
import {copyText, linkOf} from "./links.js";
import {chooseMove} from "./prompt.js";
import {clearPlays, renderHand, renderScores, renderTable, showPlay} from "./render.js";
import * as api from "./roomapi.js";
import {renderPanel} from "./roompanel.js";
import {RoomStream} from "./roomstream.js";
import {$, guarded, hideError, say, setState, showError, showOnly} from "./screen.js";
import {openSheet, renderSheet} from "./sheet.js";
import {forgetRoom, savedRoom, saveRoom} from "./store.js";
import {errorWords, eventWords, placesOf, seatName} from "./words.js";

/** The events of a deal: the hand's, a later stage's, and what a deal took. */
const DEAL_EVENTS = new Set(["dealt", "dealt_more", "deal_captured"]);

/** Longest time the table a play was made on stays up, before the table after it. */
const BEAT = 700;

let saved = null;  // what the browser keeps of the room
let stream = null;
let latest = null;  // the newest version received
let shown = null;  // the version drawn
const queue = [];  // versions received, drawn in turn
let drawing = false;
let session = 0;  // bumped when the page leaves the room: older loops then stop
let notice = "";  // a refusal to say with the next status
let onNewMatch = () => {};

/** What the page does when a finished room's person asks for a new match. */
export function wireRoom(newMatch) {
  onNewMatch = newMatch;
}

/** Whether the browser keeps a room to go back to. */
export const hasRoom = () => savedRoom() !== null;

// --- opening and leaving ------------------------------------------------------------

/** Make a room from the new-match form's `setup` and sit in it as its host (at the seat
 * chosen, or at none). */
export async function makeRoom(setup) {
  setState("waiting");
  const made = await api.makeRoom(setup);
  const seats = [...made.seats];
  let key = null;
  if (setup.mySeat !== null) {  // the host's own seat: joined at once, its key kept here
    key = (await api.joinSeat(seats[setup.mySeat])).key;
    seats[setup.mySeat] = null;
  }
  follow({room: made.room, invite: key ?? made.host, host: made.host,
          links: {seats, spectator: made.spectator}});
}

/** Follow the room of a link's `invite`, and keep it: a seat's invite is first exchanged
 * for the seat's key (once: an invite someone used already is refused, in words). The
 * host's page that opens a link of its own room keeps the host's links. */
export async function joinRoom(invite) {
  const before = savedRoom();
  const room = api.roomOf(invite);
  const kept = before?.room === room ? before : {room};
  if (kept.joinedWith === invite) {  // this browser joined with it: its key brings it back
    follow(kept);
    return;
  }
  setState("joining");
  // The host's link, a spectator's or a seat's key answer no key: followed as they are.
  const key = (await api.joinSeat(invite)).key ?? invite;
  follow(key === invite ? {...kept, invite} : {...kept, invite: key, joinedWith: invite});
}

/** Follow the room the browser keeps. */
export function resumeRoom() {
  follow(savedRoom());
}

function follow(room) {
  leaveRoom();
  saved = room;
  saveRoom(room);
  latest = shown = null;
  queue.length = 0;
  drawing = false;
  document.body.dataset.mode = "room";
  $("#skip").hidden = true;  // a match against bots may have been showing its bots' plays
  $("#room").hidden = false;
  $("#room").dataset.drawn = "";
  clearPlays();
  showOnly("#table");
  setState("joining");
  say(t("room.opening"));
  stream = new RoomStream(room.invite, null, {room: receive, presence, connection, fatal}).start();
}

/** Stop following the room; the browser still keeps it, to come back to. */
export function leaveRoom() {
  stream?.stop();
  stream = null;
  session += 1;
  showClock($("#room-clock"), null);
  $("#room").hidden = true;
  sayInPanel("");
  $("#room-connection").hidden = true;
  $("#sheet-note").hidden = true;
  $("#hand").hidden = false;
  delete document.body.dataset.version;
  delete document.body.dataset.connection;
  document.body.dataset.mode = "solo";
}

/** Leave the room and forget it. */
export function forgetTheRoom() {
  leaveRoom();
  forgetRoom();
  saved = null;
}

// --- what the stream brings -----------------------------------------------------------

function receive(view) {
  if (view.room !== saved?.room) return;  // an answer about a room the page has left
  if (latest !== null && view.version <= latest.version) return;  // drawn, or on its way
  latest = view;
  queue.push(view);
  if (!drawing) drain();
}

async function drain() {
  const mine = session;
  drawing = true;
  try {
    while (queue.length && mine === session) await draw(queue.shift(), queue.length > 0);
  } catch (error) {
    showError(error, () => guarded(refresh));
  } finally {
    if (mine === session) drawing = false;
  }
}

function presence({seats, spectators}) {
  // Only who is connected: a seat's player comes with the room's versions, in order.
  for (const view of new Set([latest, shown])) {
    if (!view) continue;
    view.seats = view.seats.map((info, seat) => ({...info, connected: seats[seat]?.connected ?? false}));
    view.spectators = spectators;
  }
  drawPanel();
  // Whether the person to play is away is said in the status line.
  if (shown !== null && document.body.dataset.state === "waiting") {
    const match = matchOf(shown);
    say(statusWords("waiting", shown, match, placesOf(match), botsOf(shown)));
  }
}

function connection(state) {
  document.body.dataset.connection = state;
  $("#room-connection").hidden = state === "open";
}

function fatal(error) {
  forgetTheRoom();
  showError(error, null);
}

// --- drawing --------------------------------------------------------------------------

/** The match of a room's view as render.js draws a seat's view: from the link's seat
 * (null: watching), with its hand. */
const matchOf = (view) => ({...view.match, seat: view.seat, cards: view.cards ?? [],
                             // Before the match starts nobody is to play yet.
                             ...(view.status === "waiting" ? {turn: null} : {}),
                             timedOut: timedOutOf(view)});
const botsOf = (view) => view.seats.map((info) => info.bot);
const goalOf = (match) => match.options?.target ?? "–";  // no match yet: no target shown
const isPlay = (event) => event.type === "laid" || event.type === "captured";

/** The cards played for a person out of time, by hand: what this page saw time out
 * (`timed_out` comes with the version of the play only). */
const timedOut = new Map();

/** The cards of `view`'s hand played by a bot for a person out of time, this version's
 * included. */
function timedOutOf(view) {
  const hand = `${view.room} ${view.match.hand}`;
  if (!timedOut.has(hand)) timedOut.set(hand, new Set());
  const cards = timedOut.get(hand);
  if (view.timed_out) for (const event of view.events.filter(isPlay)) cards.add(event.card);
  return cards;
}

function pause(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Draw `view`; a play another seat made is shown first on the table it was made on,
 * unless the page is catching up (`hurry`). */
async function draw(view, hurry) {
  const before = shown;
  const mine = session;
  shown = view;
  const choice = $("#choice");
  if (choice.open) choice.close("");  // a choice asked on the version before no longer holds
  const match = matchOf(view);
  const where = placesOf(match);
  const bots = botsOf(view);
  const play = view.kind === "played" ? view.events.find(isPlay) : undefined;
  clearPlays();
  if (play && before && play.seat !== view.seat && !hurry && view.pace > 0) {
    renderTable(matchOf(before), botsOf(before));
    clearPlays();  // the table before the play: no banner of an earlier play's
    showPlay(play, bots, where, view.timed_out);
    await pause(Math.min(view.pace * 500, BEAT));
    if (mine !== session) return;
  }
  renderScores(match, goalOf(match));
  renderTable(match, bots);
  if (play) showPlay(play, bots, where, view.timed_out);
  const deals = view.events.filter((event) => DEAL_EVENTS.has(event.type));
  if (deals.length) {
    $("#last-play").textContent = [$("#last-play").textContent,
      ...deals.map((event) => eventWords(event, bots, where))].filter(Boolean).join(" ");
  }
  drawPanel();
  settle(view, match, where, bots);
  document.body.dataset.version = String(view.version);
}

function stateOf(view, match) {
  if (view.status === "waiting") return "room-waiting";
  if (match.phase === "game_over") return "game-over";
  if (view.status === "finished") return "room-closed";
  if (match.phase === "hand_over") return "hand-over";
  return view.moves.length ? "your-turn" : "waiting";
}

/** The hand, the score sheet, the status line and the clock of `view`. */
function settle(view, match, where, bots) {
  const state = stateOf(view, match);
  hideError();  // whatever failed, the room is back: this is where it is
  // A spectator, or a host at no seat, has no hand; nobody's shows before the match starts.
  $("#hand").hidden = view.seat === null || view.status === "waiting";
  renderHand(view.cards ?? [], state === "your-turn" ? view.moves : [], pick);
  if (state === "hand-over" || state === "game-over") {
    const over = renderSheet(match, goalOf(match));
    openSheet();
    $("#next-hand").hidden = over || view.role === "spectator";
    $("#sheet-note").hidden = over;
    $("#sheet-note").textContent = t("room.next_hand_soon");
    if (document.body.dataset.state !== state && !(view.role === "spectator" && !over)) {
      (over ? $("#sheet-new-match") : $("#next-hand")).focus({preventScroll: true});
    }
  } else {
    showOnly("#table");
  }
  setState(state);
  say(`${notice ? `${notice} ` : ""}${statusWords(state, view, match, where, bots)}`);
  notice = "";
  const clocked = view.deadline != null && match.phase === "playing" && view.status === "playing";
  showClock($("#room-clock"), clocked ? view.deadline : null, (left) => match.turn === view.seat
    ? t("clock.you", {count: left})
    : t("clock.seat", {seat: seatName(match.turn, bots, where), count: left}));
}

function statusWords(state, view, match, where, bots) {
  switch (state) {
    case "room-waiting":
      if (!saved.host) return t("status.room_waiting");
      return t(view.seats.some((info, seat) => info.player === "person" && seat !== view.seat)
        ? "status.room_waiting.host" : "status.room_waiting.bots");
    case "your-turn": return t("status.your_turn");
    case "waiting": {
      const info = view.seats[match.turn];
      if (match.turn === view.seat && info.player === "bot") return t("status.bot_plays_you");
      // A person who has not the room open: they may never play (the host may hand their
      // seat to a bot, or the turn clock plays for them).
      if (info.player === "person" && !info.connected) {
        return t("status.away", {seat: seatName(match.turn, bots, where)});
      }
      return t("status.playing", {seat: seatName(match.turn, bots, where)});
    }
    case "hand-over": return t("status.hand_over");
    case "game-over": return t("status.game_over");
    case "room-closed": return t("status.room_closed");
    default: return "";
  }
}

/** Draw the version shown again (after a refusal, say), unless versions are on their way. */
function redraw() {
  if (drawing || shown === null) return;
  const match = matchOf(shown);
  settle(shown, match, placesOf(match), botsOf(shown));
}

function drawPanel() {
  if (shown === null) return;
  if (saved.host) forgetUsedInvites(shown);
  renderPanel(shown, placesOf(matchOf(shown)), saved.host ? saved.links : null, actions);
}

/** The host's page drops the invite of each seat somebody joined: it opens nothing now. */
function forgetUsedInvites(view) {
  const seats = saved.links.seats.map((invite, seat) => view.seats[seat]?.joined ? null : invite);
  if (seats.some((invite, seat) => invite !== saved.links.seats[seat])) {
    saved = {...saved, links: {...saved.links, seats}};
    saveRoom(saved);
  }
}

// --- acting ---------------------------------------------------------------------------

/** The person picked `card` in their hand: ask how, if it can be played several ways,
 * and play it. */
async function pick(card) {
  if (document.body.dataset.state !== "your-turn") return;
  const view = shown;
  setState("choosing");
  const move = await chooseMove(view.moves.filter((m) => m.card === card));
  if (shown !== view || stream === null) return;  // the room moved on: drawn again already
  if (move === null) {  // went back: choose again
    setState("your-turn");
    $(`#hand [data-card="${card}"]`)?.focus();
    return;
  }
  setState("waiting");
  renderHand(view.cards, [], pick);
  await change(saved.invite, () => api.playMove(saved.invite, move, view.version));
}

/** Send a change with the link `invite`; draw the room it answers when that is the link
 * the page follows (otherwise the stream brings the change). A change the room refuses
 * (409: it moved on meanwhile, or a seat's person is still counted here) is said in
 * words, with the room as it is now: in the status line for a play, in the panel for
 * what its controls asked (`fromPanel`), where the person clicked (before the match
 * starts the status line is not even shown). */
async function change(invite, send, fromPanel = false) {
  const mine = session;
  if (fromPanel) sayInPanel("");
  try {
    const answer = await send();
    if (mine === session && invite === saved.invite) receive(answer);
  } catch (error) {
    if (mine !== session) return;
    if (error instanceof ApiError && error.status === 409 && error.problem?.room) {
      if (fromPanel) sayInPanel(errorWords(error));
      else notice = errorWords(error);  // said with the room as it is now, drawn next
      if (invite === saved.invite) receive(error.problem.room);
      redraw();
      return;
    }
    showError(error, () => guarded(refresh));
  }
}

/** Say `words` below the room's controls (none: say nothing there). */
function sayInPanel(words) {
  $("#room-notice").textContent = words;
  $("#room-notice").hidden = !words;
}

/** Ask for the room as it is now (after a failure), and draw it. */
async function refresh() {
  const view = await api.roomView(saved.invite);
  receive(view);
  redraw();
}

/** Deal the next hand (from the score sheet). */
export function dealNextHand() {
  if (shown !== null) change(saved.invite, () => api.dealNextHand(saved.invite, shown.version));
}

async function copy(invite, button) {
  const words = button.textContent;
  const link = linkOf(invite);
  const copied = await copyText(link);
  button.textContent = t(copied ? "room.copied" : "room.copy_by_hand");
  if (!copied) {  // the browser refused: the link, selected, to copy by hand
    const field = document.createElement("input");
    field.readOnly = true;
    field.value = link;
    field.className = "link-text";
    field.setAttribute("aria-label", t("room.the_link"));
    button.after(field);
    field.select();
  }
  setTimeout(() => { button.textContent = words; }, 2500);
}

const actions = {
  start: () => change(saved.host, () => api.startMatch(saved.host), true),
  hand: (seat, bot) => {
    // A person's own seat with its key; another with the host's link.
    const invite = seat === shown?.seat ? saved.invite : saved.host;
    return change(invite, () => api.setSeatPlayer(invite, seat, bot), true);
  },
  invite: async (seat, button) => {
    const mine = session;
    sayInPanel("");
    try {
      const answer = await api.inviteToSeat(saved.host, seat);
      if (mine !== session) return;
      const seats = [...saved.links.seats];
      seats[seat] = answer.invite;
      saved = {...saved, links: {...saved.links, seats}};
      saveRoom(saved);
      drawPanel();
      await copy(answer.invite, button);
    } catch (error) {
      if (mine !== session) return;
      if (error instanceof ApiError && error.status === 409) {
        sayInPanel(errorWords(error));
        redraw();
        return;
      }
      showError(error, () => guarded(refresh));
    }
  },
  close: () => change(saved.host, () => api.closeRoom(saved.host), true),
  copy,
  leave: () => {
    forgetTheRoom();
    onNewMatch();
  },
  redraw: drawPanel,
};
