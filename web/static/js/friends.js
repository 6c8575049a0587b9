// The "Play with friends" part of the new-match form: for each seat, a person (who gets
// a link to it) or a bot; the host's own seat (or none: they only host and watch); the
// seconds the server waits before each bot's move; and the turn clock, off unless
// chosen.

import {botsFor} from "./bots.js";
import {element} from "./dom.js";
import {listWords, t} from "./i18n.js";
import {botWords, places} from "./words.js";

export const PERSON = "person";

/** "Seat 3, partner of seat 1": seats counted from 1, as people count them. */
function seatWords(seat, where) {
  const partners = where.members[where.teamOf[seat]].filter((other) => other !== seat);
  if (!partners.length) return t("seat.number", {number: seat + 1});
  return t("friends.seat_partner", {number: seat + 1, partners: listWords(partners.map((other) => other + 1))});
}

/** Fill `#seats` for a table of `teams` of `variant` (its name: the bots it is offered),
 * unless it is filled for one already; the choices made keep their seats. */
export function showSeats(form, teams, variant) {
  const fieldset = form.querySelector("#seats");
  const shape = JSON.stringify([teams, variant]);
  if (fieldset.dataset.shape === shape) return;
  fieldset.dataset.shape = shape;
  const where = places(teams, null, null);
  const chosen = Object.fromEntries([...fieldset.querySelectorAll("select")].map((s) => [s.id, s.value]));
  const rows = where.seats.map((_, seat) => element("div", {class: "field"}, [
    element("label", {for: `player-${seat}`, text: seatWords(seat, where)}),
    element("select", {id: `player-${seat}`, class: "player"}, [
      element("option", {value: PERSON, text: t("friends.person")}),
      ...botsFor(variant).map((bot) => element("option", {value: bot[0], text: t("friends.bot", {bot: botWords(bot)})})),
    ]),
  ]));
  const mine = element("div", {class: "field"}, [
    element("label", {for: "my-seat", text: t("friends.my_seat")}),
    element("select", {id: "my-seat", "aria-describedby": "my-seat-hint"}),
    element("small", {id: "my-seat-hint", text: t("friends.my_seat_hint")}),
  ]);
  fieldset.replaceChildren(element("legend", {text: t("friends.seats")}), ...rows, mine);
  for (const select of fieldset.querySelectorAll("select")) {
    if (chosen[select.id] && [...select.options].some((o) => o.value === chosen[select.id])) {
      select.value = chosen[select.id];
    }
  }
  offerSeats(form);
}

/** Offer the person seats as the host's own, keeping the one chosen if it still is one. */
export function offerSeats(form) {
  const select = form.querySelector("#my-seat");
  const before = select.value;
  const people = [...form.querySelectorAll("#seats select.player")]
    .map((player, seat) => [player.value, seat]).filter(([player]) => player === PERSON);
  select.replaceChildren(...people.map(([, seat]) => element("option", {value: seat, text: t("seat.number", {number: seat + 1})})),
                         element("option", {value: "none", text: t("friends.no_seat")}));
  select.value = [...select.options].some((o) => o.value === before) ? before : select.options[0].value;
}

/** What the form says of the room: `seats` ("person" or a bot's name, index = seat),
 * `mySeat` (null: none), `pace` and `turnSeconds` (null: no clock). */
export function readFriends(form) {
  const seats = [...form.querySelectorAll("#seats select.player")].map((select) => select.value);
  const mine = form.querySelector("#my-seat").value;
  return {
    seats,
    mySeat: mine === "none" ? null : Number(mine),
    pace: Number(form.querySelector("#room-pace").value),
    turnSeconds: form.querySelector("#turn-clock").checked
      ? Number(form.querySelector("#turn-seconds").value) : null,
  };
}
