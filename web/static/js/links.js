// A room's links: `<this page>/#join=<invite>`. The invite rides in the fragment, which
// a browser never sends to a server (nor to its logs); the page a link opens takes it
// and removes it from the address bar at once, so that a screenshot or a shared screen
// does not show it.

const JOIN = "#join=";

/** The invite of the link this page was opened with, taken out of the address bar; null
 * when it was opened with none. */
export function takeInvite() {
  if (!location.hash.startsWith(JOIN)) return null;
  let invite = location.hash.slice(JOIN.length);
  try {
    invite = decodeURIComponent(invite);  // a mail client may have escaped it
  } catch {
    // not an escaped text: the server will say the link opens no room
  }
  history.replaceState(history.state, "", location.pathname + location.search);
  return invite.trim();
}

/** The link that opens the room with `invite`. */
export const linkOf = (invite) => `${location.origin}/${JOIN}${invite}`;

/** Put `text` on the clipboard; return whether it is there. Without the clipboard API
 * (a page not served from a secure origin: http to another machine), the older copy
 * command still works from a click. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // refused, or no clipboard API here
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.className = "offscreen";
  document.body.append(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand("copy");
  } catch {
    // not supported
  }
  area.remove();
  return copied;
}
