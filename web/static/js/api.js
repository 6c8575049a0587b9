// The public HTTP API, called as any client calls it: from the page's own origin,
// JSON bodies, and errors as problem documents (a `code` and a plain `detail`).

/** A refusal or a failure: `code` is the API's (`invalid_token`, ...), `network` when
 * the server could not be reached, `http` when it answered something else than JSON. */
export class ApiError extends Error {
  constructor(code, detail, status = 0) {
    super(detail);
    this.code = code;
    this.detail = detail;
    this.status = status;
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
                       response.status);
  }
  if (body === null) throw new ApiError("http", `status ${response.status}`, response.status);
  return body;
}

export function get(path) {
  return request(path, {headers: {Accept: "application/json"}});
}

export function post(path, body) {
  return request(path, {
    method: "POST",
    headers: {"Content-Type": "application/json", Accept: "application/json"},
    body: JSON.stringify(body),
  });
}
