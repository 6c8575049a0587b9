// The rooms API (`/rooms`), called with a link's invite: every request but the one that
// makes a room names its link in `Authorization: Bearer <invite>`, never in the URL. A
// seat's invite only joins the seat (`joinSeat`): the seat's key it answers is what
// sees the hand and plays. Each
// answer is the room as that link sees it (a `RoomView`); a change decided on an old
// version is refused (409) with the room as it is now in the problem's `room`.

import {get, post} from "./api.js";

/** The room an invite (`<room>.<secret>`) is for. */
export const roomOf = (invite) => invite.split(".")[0];

const path = (invite, tail = "") => `/rooms/${encodeURIComponent(roomOf(invite))}${tail}`;
const as = (invite) => ({Authorization: `Bearer ${invite}`});

/** Make a room: `seats` says "person" or a bot's name for each seat. */
export function makeRoom({variant, options, houseRules, seats, pace, turnSeconds}) {
  return post("/rooms", {variant, options, house_rules: houseRules, seats, pace,
                         turn_seconds: turnSeconds});
}

export const roomView = (invite) => get(path(invite), as(invite));
export const startMatch = (invite) => post(path(invite, "/start"), undefined, as(invite));
export const playMove = (invite, move, version) =>
  post(path(invite, "/play"), {move, version}, as(invite));
export const dealNextHand = (invite, version) =>
  post(path(invite, "/next-hand"), {version}, as(invite));
/** Hand `seat` to `bot` (a name), or back to its person (null). */
export const setSeatPlayer = (invite, seat, bot) =>
  post(path(invite, `/seats/${seat}`), {bot}, as(invite));
/** Join with a link: a seat's invite is exchanged, once, for the seat's key (`{key,
 * invite: null}`); any other link of the room answers `key` null. */
export const joinSeat = (invite) => post(path(invite, "/join"), undefined, as(invite));
/** The host makes `seat` a new invite (free, or its person left): `{key: null,
 * invite}`. */
export const inviteToSeat = (invite, seat) =>
  post(path(invite, `/seats/${seat}/invite`), undefined, as(invite));
export const closeRoom = (invite) => post(path(invite, "/close"), undefined, as(invite));
/** Where the room's events stream from. */
export const eventsPath = (invite) => path(invite, "/events");
export const authorization = as;
