// The room above the table: who plays each seat, whether its person is here, how many
// watch; for the host, the invite of each seat nobody has joined and the spectators'
// link to copy, and the controls: start the match, hand a seat whose person is away to
// a bot and back (the server refuses until they have been away a while: the panel says
// its refusal), invite someone new to a seat whose person left, close the room; for a
// person, a bot to play their own seat, and the way back to it. Drawn again only when
// something it shows changed, keeping the focus where it was.

import {element} from "./dom.js";
import {t} from "./i18n.js";
import {$} from "./screen.js";
import {botsFor, DEFAULT_BOT} from "./bots.js";
import {botName} from "./words.js";

const chosenBots = new Map();  // the bot picked for each seat, kept across drawings
let closing = false;  // "Close the room" was clicked once: it asks to be sure
let focusNext = null;  // the control to focus after the next drawing, when not the same

/** Draw the panel of `view` (a RoomView, seen from `where`, its places) with `links`
 * ({seats, spectator}: the invites of the seats nobody joined and the spectators' link,
 * for the host's page; else null) and the page's
 * actions: `act.start()`, `act.hand(seat, bot)` (a bot's name, or null: back to its
 * person), `act.invite(seat, button)` (a new invite, copied), `act.close()`,
 * `act.copy(invite, button)`, `act.leave()`, `act.redraw()`. */
export function renderPanel(view, where, links, act) {
  const panel = $("#room");
  const drawn = JSON.stringify([view.room, view.status, view.role, view.seat, view.seats,
                                view.spectators, links?.seats ?? null, closing]);
  if (panel.dataset.drawn === drawn) return;
  panel.dataset.drawn = drawn;
  const focused = document.activeElement?.dataset?.key;
  const hosting = links !== null && view.status !== "finished";
  $("#room-seats").replaceChildren(...view.seats.map((info, seat) =>
    seatRow(view, info, seat, where, hosting ? links : null, act)));
  $("#room-watchers").textContent = view.spectators ? t("room.spectators", {count: view.spectators})
    : t("room.no_spectators");
  $("#room-actions").replaceChildren(...actions(view, hosting ? links : null, act));
  const key = focusNext ?? focused;
  focusNext = null;
  if (key) panel.querySelector(`[data-key="${key}"]`)?.focus();
}

function button(key, words, onClick, className = "") {
  const made = element("button", {type: "button", "data-key": key, class: className || null, text: words});
  made.addEventListener("click", () => onClick(made));
  return made;
}

/** One seat: its name, who plays it, whether its person is here, and what may be done. */
function seatRow(view, info, seat, where, links, act) {
  const mine = seat === view.seat;
  const name = mine ? t("room.seat.you", {number: seat + 1})
    : where.me === null ? where.seats[seat] : t("room.seat", {seat: where.seats[seat], number: seat + 1});
  const here = t(info.connected ? "room.here" : "room.not_here");
  const player = info.player === "bot"
    ? t(info.connected ? "room.bot_plays.here" : "room.bot_plays", {bot: botName(info.bot)}) : here;
  const row = element("li", {class: "room-seat", id: `room-seat-${seat}`,
                             "data-player": info.player, "data-connected": String(info.connected)}, [
    element("span", {class: "presence", "aria-hidden": "true"}),
    element("strong", {text: name}),
    element("span", {class: "quiet", text: ` ${player}`}),
  ]);
  const controls = [];
  // A seat made for a person: its invite is kept, or someone joined it, or a person plays it.
  const person = links !== null && !mine
    && (Boolean(links.seats[seat]) || info.joined || info.player === "person");
  if (person) {
    if (links.seats[seat] && !info.joined) {
      controls.push(button(`copy-${seat}`, t("room.copy_link"), (made) => act.copy(links.seats[seat], made)));
    } else if (!info.connected) {
      controls.push(button(`invite-${seat}`, t("room.invite"), (made) => act.invite(seat, made)));
    }
    if (info.player === "person") {
      // Only once its person is away: while they are here, the seat is theirs to hand.
      if (!info.connected) controls.push(...botChoice(view, seat, t("room.to_bot"), act));
    } else {
      controls.push(button(`to-person-${seat}`, t("room.to_person"), () => act.hand(seat, null)));
    }
  } else if (mine && info.player === "bot" && view.status !== "finished") {
    controls.push(button("take-back", t("room.take_back"), () => act.hand(seat, null), "primary"));
  } else if (mine && view.status === "playing") {
    controls.push(...botChoice(view, seat, t("room.bot_for_me"), act));
  }
  if (controls.length) row.append(element("span", {class: "controls"}, controls));
  return row;
}

/** A bot to pick for `seat` (of those offered for the room's game), and the button that
 * hands the seat to it. */
function botChoice(view, seat, words, act) {
  const select = element("select", {"data-key": `bot-${seat}`, "aria-label": t("room.bot_for_seat", {number: seat + 1})},
                         botsFor(view.match.variant).map(([bot]) => element("option", {value: bot, text: botName(bot)})));
  select.value = chosenBots.get(seat) ?? DEFAULT_BOT;
  select.addEventListener("change", () => chosenBots.set(seat, select.value));
  return [select, button(`to-bot-${seat}`, words, () => act.hand(seat, select.value))];
}

/** Ask to be sure before closing the room (`sure`), or stop asking. */
function ask(act, sure, focus) {
  closing = sure;
  focusNext = focus;
  act.redraw();
}

/** The room's own buttons. */
function actions(view, links, act) {
  if (view.status === "finished") return [button("leave", t("new_match"), () => act.leave())];
  if (links === null) return [];
  const made = [];
  if (view.status === "waiting") made.push(button("start", t("room.start"), () => act.start(), "primary"));
  made.push(button("copy-spectator", t("room.copy_spectators"), (b) => act.copy(links.spectator, b)));
  if (closing) {
    made.push(button("close-sure", t("room.close_sure"), () => { closing = false; act.close(); }),
              button("close-keep", t("room.close_keep"), () => ask(act, false, "close")));
  } else {
    made.push(button("close", t("room.close"), () => ask(act, true, "close-sure")));
  }
  return made;
}
