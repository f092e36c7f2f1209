// One websocket to a room: mirrors the document, applies patches in version order,
// asks for a sync when a version is missed, reconnects with backoff, and finds out when
// a socket that still looks open has stopped carrying anything (a network that dropped
// without closing it: a phone asleep, a train's tunnel, a router's lost state).

import { applyPatch } from "./jsonpatch.js";

const CLOSE_FATAL = { 4404: "unknown_room", 4401: "bad_token", 4403: "forbidden", 4429: "too_many_connections" };
const CLOSE_CROWDED = 4429;

// A socket quiet for IDLE_MS is asked for a pong; one that has not answered what was sent
// on it within DEAD_MS is given up and replaced. The server answers every message at once
// (a pong, a sync, or a patch or an error carrying its ref), so DEAD_MS is far above any
// honest wait.
const IDLE_MS = 25000;
const DEAD_MS = 10000;
const WATCH_MS = 2500;

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
    this.idleMs = IDLE_MS;
    this.deadMs = DEAD_MS;
    this.heard = 0; // when the socket last brought anything
    this.awaited = null; // since when an answer is owed, if one is
    this.watch = null;
    this.opened = false; // whether this room's socket has been open at all
    this.wake = () => this.check(true);
    // The browser says it has no network: the socket carries nothing now, whatever it
    // looks like. It is given up at once, not after a pong that never comes, so that no
    // move goes into it, and the page says so.
    this.offline = () => { if (navigator.onLine === false) this.giveUp(); };
    this.waking = () => { if (document.visibilityState === "visible") this.check(true); };
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
    clearTimeout(this.timer);
    this.timer = null;
    this.h.onStatus?.(this.attempt ? "reconnecting" : "connecting");
    if (!this.watch) {
      this.watch = setInterval(() => this.check(false), WATCH_MS);
      window.addEventListener("online", this.wake);
      window.addEventListener("offline", this.offline);
      document.addEventListener("visibilitychange", this.waking);
    }
    const ws = new WebSocket(this.url(), this.protocols());
    this.ws = ws;
    this.awaited = Date.now(); // its opening is owed, then the sync the server sends first
    ws.onopen = () => {
      this.attempt = 0;
      this.opened = true;
      this.heard = this.awaited = Date.now();
    };
    ws.onmessage = (e) => { if (this.ws === ws) this.receive(e.data); };
    ws.onclose = (e) => { if (this.ws === ws) this.lost(e.code); };
  }

  /** The socket is gone (closed, or given up as dead): reconnect after a backoff, unless
   * it was closed on purpose or for good. A seat's sockets given up on a bad network may
   * linger on the server until it finds them dead too, so a room that has been open here
   * takes "too many connections" as a reason to wait and try again, not to stop. */
  lost(code) {
    this.ws = null;
    this.awaited = null;
    const crowdedAgain = code === CLOSE_CROWDED && this.opened;
    const fatal = crowdedAgain ? null : CLOSE_FATAL[code] || this.fatal;
    if (this.stopped || fatal) {
      this.h.onStatus?.("closed", fatal);
      return;
    }
    this.attempt += 1;
    const delay = Math.min(10000, 400 * 2 ** Math.min(this.attempt - 1, 5)) * (0.75 + Math.random() / 2);
    this.h.onStatus?.("reconnecting", Math.round(delay));
    this.timer = setTimeout(() => this.connect(), delay);
  }

  /** Looks after the socket: gives up one that owes an answer for too long, asks a quiet
   * one for a pong, and with `now` (the network came back, the page came back into view)
   * asks at once, or reconnects at once if it is waiting to. A socket still opening is
   * given up as one that owes an answer is, after twice as long. */
  check(now) {
    if (this.stopped) return;
    const ws = this.ws;
    if (!ws) {
      if (now && this.timer && navigator.onLine !== false) this.connect();
      return;
    }
    const t = Date.now();
    // A socket still opening gets twice as long: a handshake is more than one answer.
    const patience = ws.readyState === WebSocket.OPEN ? this.deadMs : 2 * this.deadMs;
    if (this.awaited !== null && t - this.awaited > patience) {
      this.giveUp();
    } else if (ws.readyState === WebSocket.OPEN && this.awaited === null
               && (now || t - this.heard > this.idleMs)) {
      this.ping();
    }
  }

  /** Drops the socket as dead and reconnects (after the backoff, or once back online). */
  giveUp() {
    const ws = this.ws;
    if (!ws) return;
    this.ws = null; // its own close event, if one ever comes, changes nothing
    ws.close();
    this.lost(1006);
  }

  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.watch);
    this.watch = null;
    window.removeEventListener("online", this.wake);
    window.removeEventListener("offline", this.offline);
    document.removeEventListener("visibilitychange", this.waking);
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
    this.heard = Date.now();
    let msg;
    try { msg = JSON.parse(raw); } catch { return; }
    // What answers a message sent: a pong, a sync, an error, or the change that carries
    // its ref. Others' moves and presence are not answers: a socket whose sends go
    // nowhere while the room's news still comes in kept a move waiting without end.
    if (msg.type === "pong" || msg.type === "sync" || msg.type === "error" || msg.ref !== undefined) this.awaited = null;
    if (msg.time) this.h.onTime?.(msg.time);
    if (msg.type === "pong") {
      // Everything sent before the pong has arrived: a version beyond ours was missed.
      if (this.synced && msg.version > this.version) this.send({ type: "sync" });
    } else if (msg.type === "sync") {
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

  /** Sends `message`; false when no socket is open. Every message is answered, so from
   * now on one is owed. */
  send(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    this.awaited ??= Date.now();
    return true;
  }

  /** Asks the server for a pong: is the socket still carrying anything? */
  ping() { return this.send({ type: "ping" }); }

  act(action) {
    const ref = this.nextRef++;
    return this.send({ type: "action", action, ref }) ? ref : null;
  }

  /** Tells the server you are back: it stops playing for your seat. */
  back() {
    return this.send({ type: "back", ref: this.nextRef++ });
  }

  /** Says `text`; returns the ref its acknowledgement (or refusal) will carry, or null
   * when no socket is open. */
  chat(text) {
    const ref = this.nextRef++;
    return this.send({ type: "chat", text, ref }) ? ref : null;
  }
}
