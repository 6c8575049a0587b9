// A room's turn clock: the seconds left to the person to play, counted down on this page
// towards the room's `deadline` (Unix time on the server's clock, which this computer's
// may differ from by a little).

let ticking = null;

/** Show in `place` the words `words(secondsLeft)` until `deadline`, every second; hide it
 * when there is no deadline. */
export function showClock(place, deadline, words) {
  clearInterval(ticking);
  ticking = null;
  place.hidden = deadline == null;
  if (deadline == null) return;
  const tick = () => {
    place.textContent = words(Math.max(0, Math.ceil(deadline - Date.now() / 1000)));
  };
  tick();
  ticking = setInterval(tick, 1000);
}
