// The public HTTP API, called as any client calls it: from the page's own origin,
// JSON bodies, and errors as problem documents (a `code` and a plain `detail`), asked in
// the page's language (`Accept-Language`): the details and a game's words come back in it.

import {currentLanguage} from "./i18n.js";

/** A refusal or a failure: `code` is the API's (`invalid_token`, ...), `network` when
 * the server could not be reached, `http` when it answered something else than JSON;
 * `problem` is the whole problem document, when there was one (a room's 409 carries the
 * room as it is now). */
export class ApiError extends Error {
  constructor(code, detail, status = 0, problem = null) {
    super(detail);
    this.code = code;
    this.detail = detail;
    this.status = status;
    this.problem = problem;
  }
}

async function request(path, init) {
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    // fetch rejects only when no answer came: the server is down or unreachable.
    throw new ApiError("network", "no answer", 0);
  }
  let body = null;
  try {
    body = await response.json();
  } catch {
    // An answer that is not JSON (a proxy's error page): reported by its status.
  }
  if (!response.ok) {
    throw new ApiError(body?.code ?? "http", body?.detail ?? `status ${response.status}`,
                       response.status, body);
  }
  if (body === null) throw new ApiError("http", `status ${response.status}`, response.status);
  return body;
}

/** The header that asks for answers in the page's language. */
export const language = () => ({"Accept-Language": currentLanguage()});

/** GET `path`; `headers` adds to the request's (a room link's `Authorization`). */
export function get(path, headers = {}) {
  return request(path, {headers: {Accept: "application/json", ...language(), ...headers}});
}

/** POST `body` (none when undefined) as JSON to `path`. */
export function post(path, body, headers = {}) {
  return request(path, {
    method: "POST",
    headers: {...(body === undefined ? {} : {"Content-Type": "application/json"}),
              Accept: "application/json", ...language(), ...headers},
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
