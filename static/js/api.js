// HTTP calls under /api, as docs/protocol.md describes them.

export class ApiError extends Error {
  constructor(status, code, message) { super(message); this.status = status; this.code = code; }
}

export async function api(method, path, { body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  const res = await fetch(`/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (res.status === 204) return null;
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) {
    const err = data?.error || {};
    throw new ApiError(res.status, err.code || "http_" + res.status, err.message || res.statusText);
  }
  return data;
}

// A seat's token is kept per room in localStorage, so that a reload or a new tab finds
// the seat again. A tab may instead play as someone else (two players in one browser):
// its own token then lives in sessionStorage, which wins; "" there means "nobody".
const KEY = (code) => `saloon.token.${code}`;
const TAB = (code) => `saloon.tab-token.${code}`;
const REMOVED = (code) => `saloon.removed.${code}`;
function read(store, key) { try { return store.getItem(key); } catch { return null; } }
function write(store, key, value) {
  try { if (value === null) store.removeItem(key); else store.setItem(key, value); } catch { /* private mode */ }
}
export const tokens = {
  get: (code) => {
    const tab = read(sessionStorage, TAB(code));
    return tab !== null ? (tab || null) : read(localStorage, KEY(code));
  },
  /** Keeps a new seat's token: for this tab only when the tab plays as someone else. */
  set: (code, token) => {
    if (read(sessionStorage, TAB(code)) !== null) write(sessionStorage, TAB(code), token);
    else write(localStorage, KEY(code), token);
    write(localStorage, REMOVED(code), null);
  },
  /** The host took this browser's seat away: remembered, so that a reload can say why it
   * is kept out of a room without spectators. */
  removed: (code) => write(localStorage, REMOVED(code), "1"),
  wasRemoved: (code) => read(localStorage, REMOVED(code)) === "1",
  drop: (code) => {
    if (read(sessionStorage, TAB(code)) !== null) write(sessionStorage, TAB(code), "");
    else write(localStorage, KEY(code), null);
  },
  /** This tab stops being the browser's seat and may join as another player. */
  leaveTab: (code) => write(sessionStorage, TAB(code), ""),
  /** The browser's seat this tab left (and took no other), if it still has one. */
  leftSeat: (code) => (read(sessionStorage, TAB(code)) === "" ? read(localStorage, KEY(code)) : null),
  /** This tab is the browser's seat again. */
  backToSeat: (code) => { write(sessionStorage, TAB(code), null); return read(localStorage, KEY(code)); },
};

export const prefs = {
  get: (k, d) => { try { const v = localStorage.getItem(`saloon.pref.${k}`); return v === null ? d : JSON.parse(v); } catch { return d; } },
  set: (k, v) => { try { localStorage.setItem(`saloon.pref.${k}`, JSON.stringify(v)); } catch { /* ignore */ } },
};
