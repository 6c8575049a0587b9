// What the browser keeps between visits, in localStorage: the match in progress (its
// latest token and the seat keys, so that a reload resumes it) and the pace of play.
// A browser that refuses storage (some private modes) still plays; it just forgets.

const MATCH = "foraccio.table.match";
const PACE = "foraccio.table.pace";

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
