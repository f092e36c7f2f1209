// One websocket to a room: mirrors the document, applies patches in version order,
// asks for a sync when a version is missed, reconnects with backoff.

import { applyPatch } from "./jsonpatch.js";

const CLOSE_FATAL = { 4404: "unknown_room", 4401: "bad_token", 4403: "forbidden", 4429: "too_many_connections" };

export class RoomSocket {
  /**
   * handlers: onDoc(doc, version, ops) (ops: the patch's, null after a sync), onPresence(msg), onError(msg), onStatus(status, detail),
   * onAck(ref). status is "connecting", "open", "reconnecting" or "closed".
   */
  constructor(code, token, handlers) {
    this.code = code;
    this.token = token;
    this.h = handlers;
    this.doc = null;
    this.version = -1;
    this.ws = null;
    this.attempt = 0;
    this.timer = null;
    this.stopped = false;
    this.nextRef = 1;
    this.fatal = null;
  }

  url() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    return `${proto}//${location.host}/ws/rooms/${encodeURIComponent(this.code)}`;
  }

  /** The token travels in the subprotocol header, never in the URL (which logs keep). */
  protocols() {
    return this.token ? ["saloon", `saloon.token.${this.token}`] : ["saloon"];
  }

  connect() {
    this.stopped = false;
    this.fatal = null;
    this.synced = false;
    this.h.onStatus?.(this.attempt ? "reconnecting" : "connecting");
    const ws = new WebSocket(this.url(), this.protocols());
    this.ws = ws;
    ws.onopen = () => { this.attempt = 0; };
    ws.onmessage = (e) => this.receive(e.data);
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.ws = null;
      const fatal = CLOSE_FATAL[e.code] || this.fatal;
      if (this.stopped || fatal) {
        this.h.onStatus?.("closed", fatal);
        return;
      }
      this.attempt += 1;
      const delay = Math.min(10000, 400 * 2 ** Math.min(this.attempt - 1, 5)) * (0.75 + Math.random() / 2);
      this.h.onStatus?.("reconnecting", Math.round(delay));
      this.timer = setTimeout(() => this.connect(), delay);
    };
  }

  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close();
  }

  /** Drops the socket and connects again at once (a new token, say). */
  restart(token) {
    this.token = token;
    const old = this.ws;
    this.ws = null;
    if (old) old.close();
    clearTimeout(this.timer);
    this.attempt = 0;
    this.connect();
  }

  receive(raw) {
    let msg;
    try { msg = JSON.parse(raw); } catch { return; }
    if (msg.time) this.h.onTime?.(msg.time);
    if (msg.type === "sync") {
      this.doc = msg.doc;
      this.version = msg.version;
      this.synced = true;
      this.h.onSync?.();
      this.h.onStatus?.("open");
      this.h.onDoc?.(this.doc, this.version, null);
    } else if (msg.type === "patch") {
      if (this.doc === null || msg.version !== this.version + 1) {
        if (msg.version > this.version) this.send({ type: "sync" });
        return;
      }
      try {
        this.doc = applyPatch(this.doc, msg.ops);
        this.version = msg.version;
      } catch (err) {
        console.warn("patch failed, asking for a sync", err);
        this.send({ type: "sync" });
        return;
      }
      if (msg.ref !== undefined) this.h.onAck?.(msg.ref);
      this.h.onDoc?.(this.doc, this.version, msg.ops);
    } else if (msg.type === "presence") {
      this.h.onPresence?.(msg);
    } else if (msg.type === "error") {
      // An error before the first sync of this socket is a refusal; the socket then closes.
      msg.refusal = !this.synced;
      if (msg.refusal || msg.code === "kicked" || msg.code === "spectators_off") this.fatal = msg.code;
      this.h.onError?.(msg);
    }
  }

  send(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  act(action) {
    const ref = this.nextRef++;
    return this.send({ type: "action", action, ref }) ? ref : null;
  }

  /** Tells the server you are back: it stops playing for your seat. */
  back() {
    return this.send({ type: "back", ref: this.nextRef++ });
  }

  chat(text) { return this.send({ type: "chat", text }); }
}
