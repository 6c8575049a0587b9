// What the browser keeps between visits, in localStorage: the match in progress (its
// latest token and the seat keys, so that a reload resumes it), the pace of play,
// whether the plays' log is open (a change of language reloads the page mid-hand), and
// the room this browser sits in (its links: see room.js), which a reload resumes
// before any match. A browser that refuses storage (some private modes) still plays;
// it just forgets.

const MATCH = "foraccio.table.match";
const PACE = "foraccio.table.pace";
const ROOM = "foraccio.table.room";
const LOG = "foraccio.table.log";

function read(key) {
  try {
    return JSON.parse(localStorage.getItem(key) ?? "null");
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused: nothing to do but play on.
  }
}

export const savedMatch = () => read(MATCH);
export const saveMatch = (match) => write(MATCH, match);
export const forgetMatch = () => write(MATCH, null);
export const savedPace = () => read(PACE);
export const savePace = (pace) => write(PACE, pace);
export const savedRoom = () => read(ROOM);
export const saveRoom = (room) => write(ROOM, room);
export const forgetRoom = () => write(ROOM, null);
export const logOpen = () => read(LOG) === true;
export const saveLogOpen = (open) => write(LOG, open);
