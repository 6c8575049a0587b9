// Following a room as it changes: its event stream read with fetch() (the link goes in
// the Authorization header, which EventSource cannot send) and parsed by sse.js. When
// the stream ends or the network goes, it is opened again from the last version
// received (`Last-Event-ID`), so the server sends exactly what was missed: at once
// when the browser says it is back online, else after a pause that doubles each time
// (with some jitter, so that a room's pages do not all come back in the same instant).

import {ApiError, language} from "./api.js";
import {authorization, eventsPath} from "./roomapi.js";
import {EventStreamParser} from "./sse.js";

const FIRST_PAUSE = 500;
const LONGEST_PAUSE = 10_000;
/** A stream silent this long is taken for dead: the server comments every 15 s. */
const SILENCE = 40_000;
/** Why the server ends a stream (its `end` event) when nothing more will happen: the
 * page stops following, rather than opening the stream again and again. Not
 * `key_replaced` (the host invited someone new to this link's seat): the stream opened
 * again is refused as `wrong_key`, a fatal refusal, which the page shows in its own
 * words; taken as over, it would go on showing a table its person is no longer at. */
const OVER = new Set(["room_finished", "room_expired"]);
/** Refusals that no reconnection will change: the link is not (or no longer) one of a
 * room's. */
const FATAL = new Set(["missing_key", "wrong_key", "room_not_found"]);

export class RoomStream {
  /** Follow the room of `invite`, from the version after `after` (null: the room as it is
   * now, first): `on.room(view)` for each version, `on.presence({seats, spectators})`
   * when who is connected changes, `on.connection("open" | "reconnecting")`, and
   * `on.fatal(error)` when the link no longer opens the room (the stream then stops). */
  constructor(invite, after, on) {
    this.invite = invite;
    this.lastId = after == null ? "" : String(after);
    this.on = on;
    this.stopped = false;
    this.over = false;
    this.abort = null;
    this.wake = null;
    this.online = () => this.wake?.();
    // The stream of a browser gone offline may hang rather than fail: drop it now.
    this.offline = () => this.abort?.abort();
  }

  start() {
    addEventListener("online", this.online);
    addEventListener("offline", this.offline);
    this.run();
    return this;
  }

  stop() {
    this.stopped = true;
    removeEventListener("online", this.online);
    removeEventListener("offline", this.offline);
    this.abort?.abort();
    this.wake?.();
  }

  async run() {
    let pause = FIRST_PAUSE;
    while (!this.stopped) {
      try {
        if (await this.follow()) pause = FIRST_PAUSE;
        if (this.over) return;  // the room is finished or gone: its last view stays
      } catch (error) {
        if (this.stopped) return;
        this.on.fatal(error);
        return;
      }
      if (this.stopped) return;
      this.on.connection("reconnecting");
      await this.sleep(navigator.onLine ? pause * (0.75 + Math.random() / 2) : LONGEST_PAUSE);
      pause = Math.min(pause * 2, LONGEST_PAUSE);
    }
  }

  /** Wait `ms`, or until the browser is back online or the stream is stopped. */
  sleep(ms) {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => { clearTimeout(timer); this.wake = null; resolve(); };
    });
  }

  /** Read the stream once, until it ends or fails; return whether any event came. Throw
   * only a fatal refusal. */
  async follow() {
    const abort = new AbortController();
    this.abort = abort;
    let silence = null;
    const listen = () => {
      clearTimeout(silence);
      silence = setTimeout(() => abort.abort(), SILENCE);
    };
    let received = false;
    const parser = new EventStreamParser((event) => {
      if (this.stopped) return;  // a chunk read just before the page stopped following
      received = true;
      if (event.type === "room") {
        this.lastId = event.id;
        this.on.room(JSON.parse(event.data));
      } else if (event.type === "presence") {
        this.on.presence(JSON.parse(event.data));
      } else if (event.type === "end") {
        const {reason} = JSON.parse(event.data);
        if (OVER.has(reason)) this.over = true;
        // The store is down: no reason to hurry back (a pause, as after a failure).
        else if (reason === "rooms_unavailable") received = false;
      }
    });
    try {
      listen();
      const response = await fetch(eventsPath(this.invite), {
        headers: {Accept: "text/event-stream", ...language(), ...authorization(this.invite),
                  ...(this.lastId ? {"Last-Event-ID": this.lastId} : {})},
        cache: "no-store", signal: abort.signal,
      });
      if (!response.ok) {
        const refusal = await refused(response);
        if (FATAL.has(refusal.code)) throw refusal;
        return false;  // busy, or a proxy's error: try again later
      }
      this.on.connection("open");
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const {value, done} = await reader.read();
        if (done) break;
        listen();
        parser.push(value);
      }
    } catch (error) {
      if (error instanceof ApiError) throw error;
      // The network failed, or the stream was dropped: reconnect.
    } finally {
      clearTimeout(silence);
      abort.abort();
    }
    return received;
  }
}

async function refused(response) {
  let body = null;
  try {
    body = await response.json();
  } catch {
    // not a problem document
  }
  return new ApiError(body?.code ?? "http", body?.detail ?? `status ${response.status}`,
                      response.status, body);
}
