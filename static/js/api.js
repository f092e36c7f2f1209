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

const KEY = (code) => `saloon.token.${code}`;
export const tokens = {
  get: (code) => { try { return localStorage.getItem(KEY(code)); } catch { return null; } },
  set: (code, token) => { try { localStorage.setItem(KEY(code), token); } catch { /* private mode */ } },
  drop: (code) => { try { localStorage.removeItem(KEY(code)); } catch { /* private mode */ } },
};

export const prefs = {
  get: (k, d) => { try { const v = localStorage.getItem(`saloon.pref.${k}`); return v === null ? d : JSON.parse(v); } catch { return d; } },
  set: (k, v) => { try { localStorage.setItem(`saloon.pref.${k}`, JSON.stringify(v)); } catch { /* ignore */ } },
};
