// Server-Sent Events read from a fetch() body: the page cannot use EventSource, which
// sends no Authorization header, so it parses the stream itself, as the HTML standard's
// "event stream interpretation" says: lines end in CRLF, LF or CR (a chunk may end
// between the CR and the LF); a blank line dispatches the event gathered so far; `data`
// lines join with "\n"; a line starting with ":" is a comment; `id` sets the last event
// id, which outlives the event (and is kept by the parser for the next connection);
// `retry` sets the reconnection delay; unknown fields are ignored.

/** Parses the text of one event stream, chunk by chunk, calling `onEvent({type, data,
 * id})` for each event it completes (`type` "message" unless the stream named one). */
export class EventStreamParser {
  constructor(onEvent) {
    this.onEvent = onEvent;
    this.lastEventId = "";
    /** Milliseconds the stream last asked to wait before reconnecting, or null. */
    this.retry = null;
    this.pending = "";  // the start of a line not ended yet
    this.afterCR = false;  // the last chunk ended with a CR: a LF opening the next is its end
    this.started = false;
    this.reset();
  }

  reset() {
    this.type = "";
    this.data = [];
  }

  /** Read one more chunk of the stream's text. */
  push(chunk) {
    let text = chunk;
    if (!text) return;
    if (!this.started) {
      this.started = true;
      if (text.startsWith("\uFEFF")) text = text.slice(1);  // a byte order mark, once
    }
    if (this.afterCR && text.startsWith("\n")) text = text.slice(1);
    this.afterCR = text.endsWith("\r");
    const lines = (this.pending + text).split(/\r\n|\r|\n/);
    this.pending = lines.pop();
    for (const line of lines) this.line(line);
  }

  line(line) {
    if (line === "") {
      this.dispatch();
      return;
    }
    if (line.startsWith(":")) return;  // a comment: a heartbeat
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    switch (field) {
      case "event": this.type = value; break;
      case "data": this.data.push(value); break;
      case "id": if (!value.includes("\0")) this.lastEventId = value; break;
      case "retry": if (/^\d+$/.test(value)) this.retry = Number(value); break;
      default: break;
    }
  }

  dispatch() {
    const {type, data} = this;
    this.reset();
    if (data.length === 0) return;
    this.onEvent({type: type || "message", data: data.join("\n"), id: this.lastEventId});
  }
}
