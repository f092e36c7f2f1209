// The room page: joining, seats, host controls, chat and log, and the game's table.

import { api, ApiError, prefs, tokens } from "./api.js";
import { $, actionKey, ask, clear, fill, h, intoViewAbove, plural, refill, seatText, youJoined } from "./dom.js";
import { optionsForm } from "./options.js";
import { RoomSocket } from "./socket.js";
import { actionsFor, describeAction, menu, renderChoices, renderResult } from "./actions.js";
import * as generic from "./tables/generic.js";
import { SUIT_SYMBOL } from "./cards.js";
import { beeper, clockFields, countdown, heardServer, tick } from "./clock.js";
import * as teaching from "./teaching.js";
import { followZoom, hideZoom, installZoom, zoomSlots } from "./zoom.js";
import { changes, mark, motionAllowed, patchedWords, remember, seatsPatched, settle, snapshot } from "./motion.js";
import { askToNotify, chime, flagTab, notifyTurn } from "./notify.js";
import { keepPicks, keptPicks } from "./picks.js";

const code = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const state = {
  token: tokens.get(code),
  doc: null,
  version: -1,
  presence: { seats: [], spectators: 0 },
  games: {},
  table: null,
  tableId: null,
  ui: {},
  pending: false,
  lostWithMove: false, // the socket was lost while a move was on its way
  chat: null, // the chat line on its way: its ref and text
  optionsDirty: false,
  lastLogKey: "",
  renderedVersion: -1,
  errorCount: 0,
  // Motion and memory: the ops of patches not drawn yet, who moved, each seat's last move.
  pendingWords: null,
  deal: null, // the table's dealOf: which deal of the cards is on the table
  mineAt: null, // the version of your last move acknowledged
  handShownAt: null, // the decision (decisionOf) at which the hand set aside was asked for
  movers: new Set(),
  marks: new Map(),
  syncs: 0, // syncs within a game (after a missed version or a reconnection), for the tests
  yourTurn: false,
  decisionKey: "",
  focusAfterMove: false,
  movedFrom: null, // the focus key of the control a move in flight was made from
  awaitingDecision: false, // the keyboard waits on the bar for your next decision
  lastStatus: null,
  resultShown: null, // the match whose result was last brought into view
  seenStatus: null, // the room's status the play area was last drawn for
};
let socket = null;
window.saloon = state; // for people debugging from the console, and for the browser tests
state.clearSelection = () => { state.ui.selected = []; state.ui.menu = null; renderPlay(); };

// ---------------------------------------------------------------- helpers

function notice(text, kind = "error", ...more) {
  const el = $("#notice");
  fill(el, text || "", ...more.filter(Boolean).map((m) => [" ", m]));
  el.dataset.kind = kind;
  el.hidden = !text;
}

// What a game's refusal says before its rule: the move may have come from a page that
// had not yet seen the one before it (a reconnection, another tab).
const GAME_REFUSALS = {
  not_your_turn: "It is not your move now: the table has moved on.",
  illegal_action: "That move is not open to you now.",
  game_over: "The game is over.",
};

/** Says why a chat line was not said, beside the chat box (where the player looks); an
 * empty text clears it. */
function chatError(text) {
  const el = $("#chat-error");
  el.textContent = text;
  el.hidden = !text;
}

function names() {
  return (state.doc?.room?.seats || []).map((s) => s.name);
}

function isHost() {
  const r = state.doc?.room;
  return r && r.you !== null && r.you === r.host;
}

/** Makes a host's call; says `done` (or clears the notice), or the refusal. Returns
 * whether it was made. */
async function hostCall(method, path, body, done = "") {
  try {
    await api(method, `/rooms/${encodeURIComponent(code)}${path}`, { token: state.token, body });
    notice(done, "info");
    return true;
  } catch (err) {
    notice(err.message);
    return false;
  }
}

/** Starts a game (`path`: /start or /rematch), saving first the settings the host changed
 * and did not save: a game started without them would lose them without a word. */
async function startWithSettings(path) {
  const unsaved = state.unsavedSettings;
  state.unsavedSettings = null;
  if (unsaved && !(await unsaved())) return;
  await hostCall("POST", path);
}

async function loadTable(gameId) {
  if (state.tableId === gameId && state.table) return state.table;
  state.tableId = gameId;
  teaching.cardNotes(gameId).then((n) => { (state.notes ||= {})[gameId] = n; });
  try {
    state.table = await import(`/games/${encodeURIComponent(gameId)}/table.js`);
  } catch {
    state.table = generic;
  }
  // A game whose cards have no suits (its table says `suits = false`) offers no suit colours.
  $("#four-colour").closest(".field").hidden = state.table.suits === false;
  return state.table;
}

// ---------------------------------------------------------------- connection

function setConn(status, detail) {
  const el = $("#conn");
  el.dataset.state = status;
  el.textContent = {
    connecting: "Connecting…",
    open: "Connected",
    reconnecting: navigator.onLine === false ? "Reconnecting… (no network)" : "Reconnecting…",
    closed: "Disconnected",
  }[status] || status;
  document.body.dataset.conn = status;
  if (status === "closed") {
    if (detail === "unknown_room") noRoom();
    else if (detail === "forbidden") {
      // What the page shows was a seat's (one the host just took away): it goes, with its
      // controls; the room's public summary takes its place.
      state.doc = null;
      outside();
    } else if (detail === "kicked") {
      // Watching, unless the room takes no spectators (then "forbidden" follows).
      notice("The host removed you from your seat; you are watching now.", "info");
      tokens.drop(code);
      tokens.removed(code);
      state.token = null;
      state.kicked = true;
      socket.restart(null);
    }
    else if (detail === "bad_token") { tokens.drop(code); state.token = null; socket.restart(null); }
    else if (detail === "spectators_off") {
      notice("The host stopped allowing spectators. Take a seat to come back in.", "info");
      showJoin(true);
    } else if (detail === "too_many_connections") {
      notice("This room (or your seat) already has as many connections as it takes. Close another tab of it and reload.");
    }
  }
}

/** Shows or hides a phone's log and chat (on a wide screen they are always in the side
 * column). Shown, the keyboard goes to the log, to be read (on a phone, focus in the chat
 * box would raise the on-screen keyboard over it); hidden, back to the button, unless
 * `focus` is false (something else takes it). */
function showLog(on, { focus = true } = {}) {
  document.body.classList.toggle("log-shown", on);
  $("#log-open").setAttribute("aria-expanded", String(on));
  if (on) {
    $("#log-unread").hidden = true;
    state.unread = 0;
    const l = $("#log");
    l.scrollTop = l.scrollHeight;
    l.focus({ preventScroll: true });
  } else if (focus) $("#log-open").focus({ preventScroll: true });
}

/** A room that admits no spectator, seen by a visitor without a seat: what anyone may
 * know of it (its game, who sits, how far it is, its rules), from its public summary over
 * HTTP, and whether a seat can still be taken; no socket is open, by the host's choice
 * rather than a fault. */
async function outside() {
  const why = state.kicked || tokens.wasRemoved(code)
    ? "The host removed you from your seat, and this room takes no spectators."
    : "The host does not allow spectators in this room.";
  let room;
  try {
    room = await api("GET", `/rooms/${encodeURIComponent(code)}`);
  } catch {
    notice(why, "info");
    return;
  }
  if (state.doc) return; // a seat taken meanwhile brought the room itself
  state.outside = true;
  state.doc = { room: { ...room, you: null }, game: null, legal: [], log: [] };
  const free = room.status === "lobby" && room.seats.length < room.max_seats;
  notice(free ? `${why} Take a seat to come in.`
    : `${why} Its seats are taken${room.status === "lobby" ? "" : " and its game has begun"}: there is nothing to join or watch here.`, "info");
  render();
  $("#conn").textContent = "Not watching";
}

/** The page of a code no room has: what went wrong and the way to the lobby, and none of
 * a room's furniture (an invite to it, its seats, its chat). */
function noRoom() {
  for (const id of ["invite", "join", "log-open", "mute"]) $(`#${id}`).hidden = true;
  $("#room .layout").hidden = true;
  $("#conn").textContent = "No such room";
  notice("There is no room with this code. Check the link you were sent, or", "error",
    h("a", { href: "/", id: "to-lobby" }, "open a new room from the lobby."));
}

function connect() {
  socket?.close();
  socket = new RoomSocket(code, state.token, {
    onStatus: (status, detail) => {
      if (status === "reconnecting" && state.pending !== false) state.lostWithMove = true;
      setConn(status, detail);
    },
    onTime: heardServer,
    onDoc: (doc, version, ops) => {
      state.outside = false; // a socket brought the room itself
      const before = state.doc;
      // A sync within one game (after a missed version, or a reconnection) stands for the
      // patches it replaced: what it changed is found by comparing the documents.
      const synced = !ops && before?.game && doc.game && before.room.match === doc.room.match;
      if (synced) {
        state.syncs += 1;
        ops = changes(before, doc);
      }
      // A patch within one game is moves; one that brings a new game (a rematch) deals it.
      if (ops && before?.game && doc.game && before.room.match === doc.room.match) {
        state.pendingWords ||= new Set();
        for (const w of patchedWords(ops)) state.pendingWords.add(w);
        // Who just moved: the one seat that was to act, or of several acting at once, those
        // whose part of the view the patch changed. A sync may stand for several moves, of
        // seats that were not to act when the page last heard: every seat whose part changed.
        const was = before.room.to_act || [];
        if (ops.some((o) => String(o.path).startsWith("/game"))) {
          const changed = [...seatsPatched(ops, before.game)];
          const movers = synced && changed.length ? changed
            : was.length === 1 ? was : changed.filter((s) => was.includes(s));
          for (const m of movers) state.movers.add(m);
        }
      } else {
        state.pendingWords = null;
        state.movers.clear();
        if (!doc.game || before?.room?.match !== doc.room.match) state.marks.clear();
      }
      // The page's first document brings back cards chosen before a reload (a pass half made).
      if (!before && !state.ui.selected?.length) state.ui.selected = keptPicks(code, doc);
      state.doc = doc; state.version = version; render();
    },
    onSync: () => {
      // A move sent on a socket that was then lost may or may not have been stored: the
      // whole document now says which, and the player is told to look.
      if (state.pending !== false && state.lostWithMove) {
        notice("The connection dropped while your move was on its way. The table shows where "
          + "the game stands now: if it is still your move, play it again.", "info");
      }
      state.pending = false;
      state.lostWithMove = false;
    },
    onPresence: (msg) => { state.presence = msg; renderSeats(); },
    onAck: (ref) => {
      if (ref === state.pending) {
        state.pending = false;
        state.mineAt = socket.version; // the version of your move: "since yours" counts from it
      }
      if (ref === state.chat?.ref) {
        // Said: the box empties, unless something new was typed meanwhile.
        if ($("#chat-text").value.trim() === state.chat.text) $("#chat-text").value = "";
        state.chat = null;
        chatError("");
      }
    },
    onError: (msg) => {
      state.errorCount += 1;
      if (msg.code === "unknown_type") {
        // A message this server does not know (a ping): the page is newer than the server
        // (an update under way). Nothing the player did or can do, and no answer to a
        // move on its way: not theirs to read.
        console.warn("the server does not know a message the page sent:", msg.message);
        return;
      }
      if (msg.ref === undefined || msg.ref === state.pending) state.pending = false;
      if (msg.ref !== undefined && msg.ref === state.chat?.ref) {
        state.chat = null;
        chatError(msg.message); // the line stays in the box, to send again
        return;
      }
      // Those that close the socket: setConn says why once it is closed.
      if (!msg.refusal && msg.code !== "kicked" && msg.code !== "spectators_off") {
        // A game's refusal says its rule in the game's words; its message is for those
        // writing a client ("Expected an action from seat 1; got one from seat 0").
        const lead = msg.rule ? GAME_REFUSALS[msg.code] : null;
        notice(lead || msg.message, "error", teaching.refusalWords(msg, state.doc));
      }
      if (state.doc) render();
    },
  });
  state.socket = socket;
  socket.connect();
}

async function reclaim() {
  if (!state.token) return;
  try {
    await api("POST", `/rooms/${encodeURIComponent(code)}/join`, { token: state.token, body: {} });
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 404)) {
      tokens.drop(code);
      state.token = null;
    }
  }
}

/** Lets this tab give up the browser's seat and join as another player. */
async function notMe() {
  const r = state.doc?.room;
  // Another seat can be taken only in the lobby, while one is free; else this tab watches.
  const free = r?.status === "lobby" && r.seats.length < r.max_seats;
  const sure = await ask(free
    ? "This browser holds a seat in this room. Leave it to that window and take another seat (or watch) here?"
    : "This browser holds a seat in this room, and no other seat can be taken now. Watch in this tab instead? The seat stays this browser's: Back to my seat returns it here.",
  { yes: free ? "Take another seat here" : "Watch in this tab", no: "Stay in this seat" });
  if (!sure) return;
  tokens.leaveTab(code);
  state.token = null;
  state.pending = false;
  socket.restart(null);
  if (!free) return;
  $("#join").hidden = false;
  $("#join-name").value = "";
  $("#join-name").focus();
}

/** This tab takes back the browser's seat it left with Not you?. */
function backToSeat() {
  state.token = tokens.backToSeat(code);
  state.pending = false;
  socket.restart(state.token);
}

// ---------------------------------------------------------------- rendering

function showJoin(force = false) {
  const r = state.doc?.room;
  const open = force || (r && r.you === null && r.status === "lobby" && r.seats.length < r.max_seats);
  $("#join").hidden = !open;
  // A newcomer who cannot take a seat is told why they are watching (a kicked player is
  // told by the notice of the kick).
  const left = r && r.you === null && !state.kicked && tokens.leftSeat(code);
  // Kept out (no spectators here), a visitor is not watching: the notice says so.
  const why = !r || (open && !left) || r.you !== null || state.kicked || state.outside ? ""
    : left ? "You are watching in this tab; this browser still holds its seat in this room."
      : r.status === "lobby" ? "Every seat is taken, so you are watching. If a seat comes free, you can take it here."
        : r.status === "playing" ? "The game has started, so you are watching: seats are taken before a game starts."
          // A rematch keeps the seats: only a seat that comes free in the lobby can be taken.
          : "You are watching: a rematch keeps the same players. Seats can be taken only in a room's lobby, when one is free.";
  const note = $("#watch-note");
  refill(note, why, () => [why, left ? [" ", h("button", { type: "button", class: "small", id: "back-to-seat", onclick: backToSeat }, "Back to my seat")] : null]);
  note.hidden = !why;
}

/** What the table area says before the first game: who does what next. */
function lobbyWords(r) {
  if (isHost()) {
    return r.seats.length < r.min_seats
      ? `Send the invite link to your friends, or add bots in the Host panel: the game needs ${r.min_seats} players. Once they are seated, press Start the game.`
      : "Send the invite link to your friends, or add bots in the Host panel. Press Start the game when everyone is seated.";
  }
  const host = r.seats[r.host]?.name || "the host";
  return r.you !== null || $("#join").hidden ? `Waiting for ${host} to start the game.`
    : `Type your name above and press Take a seat to play${r.allow_spectators ? ", or watch from here" : ""}. ${host} starts the game.`;
}

// A click is a press and a release on one element: a redraw in between replaces the
// element, and the browser makes no click of it. Another player's move or a chat line may
// arrive at any moment, so a redraw that comes during a press waits for the release, and
// for the click it makes. A release the page never hears (the pointer let go outside the
// window) holds it five seconds at most.
const press = { until: 0, held: false, timer: 0 };
const HOLD_MS = 5000;

function pressed() {
  press.until = performance.now() + HOLD_MS;
}

function released() {
  press.until = 0;
  clearTimeout(press.timer);
  if (press.held) {
    press.held = false;
    setTimeout(render, 0); // a task after this one: the click comes first
  }
}

/** Returns whether the page is being pressed; if so, the redraw is owed on release. */
function redrawHeld() {
  const left = press.until - performance.now();
  if (left <= 0) return false;
  press.held = true;
  clearTimeout(press.timer);
  press.timer = setTimeout(released, left);
  return true;
}

function render() {
  const doc = state.doc;
  if (!doc || redrawHeld()) return;
  const r = doc.room;
  if (state.lastStatus !== `${r.status}:${r.you}`) {
    // The invite link matters to the seated while seats are being taken; once the game
    // runs it folds away. A visitor without a seat first meets the form to take one.
    $("#invite").open = r.status === "lobby" && r.you !== null;
    state.lastStatus = `${r.status}:${r.you}`;
  }
  flagTab(state.yourTurn, `Saloon — ${r.title}`);
  $("#chat-text").disabled = r.you === null;
  $("#chat-text").placeholder = r.you === null ? "Take a seat to chat" : "Say something";
  // Kept out of the room, a visitor hears none of its chat and invites nobody to it; the
  // chat box comes back with a seat free to take.
  $("#invite").hidden = state.outside;
  $("#chat-form").hidden = state.outside && !(r.status === "lobby" && r.seats.length < r.max_seats);
  fill($("#room-title"), 
    h("span", { class: "game-title" }, r.title), " ",
    h("span", { class: "status", "data-status": r.status }, { lobby: "waiting to start", playing: "playing", finished: "finished",
      abandoned: "abandoned: nobody played for too long" }[r.status] || r.status),
    r.match ? h("span", { class: "match" }, ` · game ${r.match + 1}`) : null,
    r.you === null && r.allow_spectators ? h("span", { class: "watching" }, " · watching") : null,
    r.you !== null ? h("span", { class: "who" }, h("span", { class: "sep" }, " · "), `you are ${r.seats[r.you]?.name ?? "seated"} `,
      h("button", { type: "button", class: "small link", id: "not-me", onclick: notMe }, "Not you?")) : null);
  document.body.dataset.status = r.status;
  showJoin();
  renderSeats();
  renderHost();
  renderPlay();
  renderLog();
}

function renderSeats() {
  const r = state.doc?.room;
  if (!r) return;
  const online = new Set(state.presence.seats || []);
  const toAct = new Set(r.to_act || []);
  const list = clear($("#seat-list"));
  const host = isHost();
  for (const seat of r.seats) {
    // A socket open is "connected", whether or not the server plays for the seat (away).
    // A visitor kept out has no socket to hear of sockets: a seat not marked gone is here.
    const here = seat.kind === "bot" || (state.outside ? seat.presence !== "gone" : online.has(seat.seat));
    const said = !here ? "not connected" : seat.presence === "away" ? "connected, away" : "connected";
    const tags = [];
    if (seat.seat === r.host) tags.push("host");
    if (seat.seat === r.you) tags.push("you");
    if (seat.kind === "bot") tags.push(`${seat.bot || "random"} bot`);
    if (seat.presence === "away") tags.push("away: the server plays for them");
    else if (seat.presence === "gone") tags.push("gone");
    const canRemove = host && seat.seat !== r.host && (r.status === "lobby" || (r.status === "playing" && seat.kind === "human"));
    list.append(h("li", { class: ["seat", toAct.has(seat.seat) && "acting"], "data-seat": seat.seat, "data-online": here ? "yes" : "no",
      "data-presence": seat.presence || "bot" },
      h("span", { class: "dot", title: said, "aria-hidden": "true" }),
      h("span", { class: "name" }, seat.name),
      h("span", { class: "sr-only" }, ` (${said})`),
      tags.length ? h("span", { class: "tags" }, tags.join(" · ")) : null,
      toAct.has(seat.seat) ? h("span", { class: "turn-mark" }, "to act") : null,
      toAct.has(seat.seat) && seat.presence !== "away" ? countdown(r, seat.seat) : null,
      canRemove ? h("button", { type: "button", class: "small", "aria-label": `${r.status === "lobby" ? "Remove" : "Kick"} ${seat.name}`,
        onclick: async () => {
          const lobby = r.status === "lobby";
          const question = lobby ? `Remove ${seat.name} from the room? Their seat becomes free.`
            : `Kick ${seat.name}? A bot plays on in their seat and ${seat.name} can only watch.`;
          if (seat.kind === "bot" || await ask(question, { yes: lobby ? `Remove ${seat.name}` : `Kick ${seat.name}` })) {
            hostCall("DELETE", `/seats/${seat.seat}`);
          }
        } },
      r.status === "lobby" ? "Remove" : "Kick") : null));
  }
  // Cowpoker's empty Ranches are played by Deadwood, part of the rules rather than a seat.
  const deadwood = Array.isArray(state.doc.game?.table) ? state.doc.game.table.filter((t) => t.deadwood) : [];
  for (const t of deadwood) {
    list.append(h("li", { class: "seat deadwood-seat" }, h("span", { class: "dot", "aria-hidden": "true" }),
      h("span", { class: "name" }, `Deadwood ${t.ranch}`), h("span", { class: "tags" }, "played by the rules")));
  }
  // The seats still free, in one line (a game of up to eight would list eight), with how
  // many more a game needs to start and what the game does with a seat left empty (its
  // table module's `emptySeats`: Cowpoker's Deadwood).
  const free = r.max_seats - r.seats.length, needed = r.min_seats - r.seats.length;
  if (r.status === "lobby" && free > 0) {
    if (state.tableId !== r.game) loadTable(r.game).then(renderSeats);
    const empty = state.tableId === r.game ? state.table?.emptySeats : null;
    list.append(h("li", { class: "seat empty" }, h("span", { class: "dot", "aria-hidden": "true" }),
      h("span", { class: "name" }, `${plural(free, "seat")} free`),
      needed > 0 ? h("span", { class: "tags" }, `${needed} more needed to start`) : null,
      empty ? h("span", { class: "tags" }, empty) : null));
  }
  const n = state.presence.spectators || 0;
  $("#spectators").textContent = `${r.min_seats === r.max_seats ? r.min_seats : `${r.min_seats}–${r.max_seats}`} players · ` +
    (r.allow_spectators ? `${n} watching` : "no spectators");
}

function renderHost() {
  const panel = $("#host");
  const r = state.doc.room;
  if (!isHost()) { panel.hidden = true; refill(panel, null, () => []); return; }
  panel.hidden = false;
  const game = state.games[r.game];
  // The game's table module words the options and gives their presets: the form is built
  // again once it has come.
  if (r.status !== "playing" && game && state.tableId !== r.game) loadTable(r.game).then(renderHost);
  const tableLoaded = state.tableId === r.game && !!state.table;
  // Keep the options form while the host edits it; rebuild when the room's options change.
  const optKey = JSON.stringify([r.status, r.options, r.allow_spectators, r.hints, r.seats.length, r.seats.map((s) => s.bot),
    r.clock && [r.clock.per_move, r.clock.bank], r.gone_after, !!game, tableLoaded]);
  const had = panel.contains(document.activeElement) ? document.activeElement.id : null;
  refill(panel, optKey, () => [h("h2", null, "Host"), ...hostControls(r, game)]);
  // A rebuilt panel keeps the keyboard on the control it had (the same id); one that is
  // gone (Start, once the game has started) hands it to the play area, where the
  // redraw that follows puts it on the first control of your decision, or the bar.
  if (had !== null && !panel.contains(document.activeElement)) {
    const again = had && document.getElementById(had);
    if (again && panel.contains(again)) again.focus({ preventScroll: true });
    else if (r.status === "playing") { state.focusAfterMove = true; state.movedFrom = null; }
    else panel.querySelector("button:not(:disabled)")?.focus({ preventScroll: true });
  }
}

/** The host's controls for the room's status: seats and options in the lobby, a rematch
 * after the game, a word on kicking during it. */
function hostControls(r, game) {
  if (r.status === "lobby") {
    const full = r.seats.length >= r.max_seats;
    const bots = game?.bots?.length ? game.bots : ["random"];
    const botSel = h("select", { id: "bot-kind", "aria-label": "Bot kind" }, bots.map((b) => h("option", { value: b, selected: b === "smart" }, b)));
    const enough = r.seats.length >= r.min_seats;
    return [
      h("div", { class: "row" }, botSel,
        h("button", { type: "button", id: "add-bot", disabled: full, onclick: () => hostCall("POST", "/bots", { bot: botSel.value }) }, "Add a bot")),
      h("button", { type: "button", id: "start", class: "primary", disabled: !enough, onclick: () => startWithSettings("/start") },
        enough ? "Start the game" : `Start (needs ${r.min_seats} seats)`),
      roomOptions(r, game)];
  }
  // Between games the settings may change too: they hold for the next game.
  if (r.status === "finished") {
    // The rematch is offered once, under the result, where the game ended.
    return [h("p", { class: "help", id: "rematch-where" }, "Rematch is under the result. Options set here hold for the next game."),
      roomOptions(r, game)];
  }
  if (r.status === "abandoned") {
    return [h("button", { type: "button", id: "rematch", class: "primary", onclick: () => startWithSettings("/rematch") },
      "Start a new game"), roomOptions(r, game)];
  }
  return [h("p", { class: "help" }, "Kick a player from the seat list: a bot plays on in that seat.")];
}

/** The room's settings as the host may change them outside a game (the game's options, the
 * turn clock, spectators, first-game hints), folded under "Options"; none until the game's
 * description has come. */
function roomOptions(r, game) {
  if (!game) return null;
  const said = state.table?.options || {};
  const form = optionsForm(game.options_schema, r.options, { idPrefix: "room-opt", presets: said.presets });
  const clock = clockFields(r.clock, r.gone_after, "room");
  const spect = h("input", { id: "room-spectators", type: "checkbox", checked: r.allow_spectators });
  const hints = h("input", { id: "room-hints", type: "checkbox", checked: r.hints });
  const save = (done = "") => hostCall("PUT", "/options", { options: form.read(), allow_spectators: spect.checked, hints: hints.checked, ...clock.read() }, done);
  const edited = () => { state.unsavedSettings = save; };
  return h("details", { class: "game-options" }, h("summary", null, r.status === "lobby" ? "Options" : "Options for the next game"),
    h("form", { oninput: edited, onchange: edited, onsubmit: (e) => {
      e.preventDefault();
      state.unsavedSettings = null;
      save(r.status === "lobby" ? "Settings saved; the log tells everyone what changed." : "Settings saved for the next game; the log tells everyone what changed.");
    } },
      form.presets, form.element, clock.element,
      h("div", { class: "field inline" }, spect, h("label", { for: spect.id }, "Allow spectators")),
      h("div", { class: "field inline" }, hints, h("label", { for: hints.id }, "First-game hints")),
      h("button", { type: "submit" }, "Save options")));
}

// The events of the last move said above the prompt on a phone, the latest last.
const RECENT_SHOWN = 2;

/** Says above the prompt what the last move did (its last events, as the log has them):
 * on a phone the log is a tap away, and the table under the dock may not show it. */
function recentLine(log, seats, over) {
  const told = (e) => e.type !== "chat" && e.type !== "notice" && e.text; // a game's event
  let i = log.length - 1;
  while (i >= 0 && !told(log[i])) i--;
  const v = i >= 0 ? log[i].v : null;
  const said = [];
  for (; i >= 0 && log[i].v === v && said.length < RECENT_SHOWN; i--) {
    if (told(log[i])) said.unshift(loggedText(log[i].text, seats));
  }
  // Several moves since your own (bots and the others playing on): the line says how many,
  // the log has them all, a tap away.
  const since = state.mineAt === null ? 0
    : new Set(log.filter((e) => told(e) && e.v > state.mineAt && e.v < v).map((e) => e.v)).size;
  const head = since ? `Last of ${since + 1} moves since yours: ` : "Last: ";
  // In the order they happened, each on a line of its own cut at its end (the newest may
  // take two, `fitRecent`): newest first read the effect before its cause, and one run
  // of text cut at its end lost the newest.
  const el = $("#recent");
  el.hidden = over || !said.length;
  const text = said.length ? `${head}${said.join(" · ")}` : "";
  if (el.title !== text) {
    // Named by what it shows (no label that would read otherwise), then what a tap does.
    el.replaceChildren(...said.map((t, k) => h("span", { class: "said" }, k ? t : `${head}${t}`)),
      h("span", { class: "sr-only" }, ". Open the log"));
    el.title = text;
  }
}

/** The last move's newest event takes a second line where the dock has room for it
 * (its key words, "You receive the Eight of clubs, the Jack of…", came last and were cut);
 * in a dock that holds more than it shows, one, so that the decision stays in view. */
function fitRecent(dock) {
  const el = $("#recent");
  el.classList.remove("tight");
  if (!el.hidden && !dock.hidden && dock.scrollHeight > dock.clientHeight + 1) el.classList.add("tight");
}

// The moves of an away period shown above "I'm back", the latest last; older ones are
// counted (the log has them all).
const AWAY_SHOWN = 3;

/** Says what the server played for you while you were away: the last `count` notices
 * for your seat alone, which are those moves (docs/protocol.md, `played_for`). */
function awayPlayed(count, log, you, seats) {
  const mine = count ? log.filter((e) => e.type === "notice" && e.only?.includes(you)).slice(-count) : [];
  refill($("#away-played"), JSON.stringify([count, mine.map((e) => e.v)]), () => {
    if (!count) return [];
    const shown = mine.slice(-AWAY_SHOWN);
    const earlier = count - shown.length;
    return [h("span", null, `What it played for you${earlier ? ` (the last ${shown.length} of ${count} moves)` : ""}:`),
      h("ul", null, shown.map((e) => h("li", null, seatText(cardSymbols(e.text.replace(/^The server played for you: /, "")), seats))))];
  });
}

function tableCtx() {
  const doc = state.doc;
  const seatNames = names();
  const table = state.table || generic;
  const ctx = {
    seats: seatNames,
    seatInfo: doc.room.seats,
    you: doc.room.you,
    legal: state.pending ? [] : doc.legal,
    room: doc.room,
    log: doc.log || [],
    fourColor: prefs.get("fourColor", false),
    ui: state.ui,
    text: (t) => seatText(t, seatNames),
    rerender: () => renderPlay(),
    act: (action) => {
      if (state.pending) return;
      const ok = doc.legal.some((a) => actionKey(a) === actionKey(action));
      if (!ok) { notice("That is not among your choices right now."); return; }
      notice("");
      state.ui.selected = [];
      state.ui.menu = null;
      const active = document.activeElement;
      state.focusAfterMove = $("#play").contains(active) || active === document.body;
      // The control the move was made from: the keyboard goes back to it once the move is
      // in, if it is still there (a draw's button, say, when you may draw again).
      state.movedFrom = state.focusAfterMove ? focusKey(active) : null;
      state.pending = socket.act(action) || false;
      if (state.pending === false) {
        notice("Not connected, so that move was not sent. Play it again once the page says Connected.");
      }
      renderPlay();
    },
  };
  if (isHost() && doc.room.status === "finished") ctx.rematch = () => startWithSettings("/rematch");
  // The game's own sentence for a move first (doc.teach.moves), else the table's label.
  ctx.words = (a) => { const w = teaching.moveWords(doc, a); return w ? ctx.text(w) : null; };
  ctx.label = (a) => ctx.words(a) || (table.label ? table.label(a, ctx) : null) || describeAction(a, ctx);
  return ctx;
}

function focusKey(el) {
  if (!el || el === document.body) return null;
  return el.id ? `#${el.id}` : el.dataset.focus || el.dataset.action || (el.dataset.card ? `card:${el.dataset.card}` : null);
}

function refocus(key) {
  if (!key) return;
  const root = $("#play");
  let el = null;
  if (key.startsWith("#")) el = document.getElementById(key.slice(1));
  else for (const c of root.querySelectorAll("[data-focus],[data-action],[data-card]")) {
    if (focusKey(c) === key) { el = c; break; }
  }
  if (el && root.contains(el)) el.focus({ preventScroll: true });
}

/** The first control of the decision: where the keyboard goes after a move. */
function firstControl() {
  const sel = "button:not(:disabled), [tabindex='0']";
  return $("#reaction").querySelector(`.act, [data-opens], [data-pick], button.primary:not(:disabled), ${sel}`)
    || $("#hand").querySelector("button.card:not(:disabled)") || null;
}

async function renderPlay() {
  const doc = state.doc;
  if (!doc || redrawHeld()) return;
  const r = doc.room;
  // A game that starts (or restarts) under the page's eyes, from its lobby or a result.
  const startedHere = r.status === "playing" && state.seenStatus !== null && state.seenStatus !== "playing";
  state.seenStatus = r.status;
  const key = $("#play").contains(document.activeElement) ? focusKey(document.activeElement) : null;
  const tableEl = $("#table"), promptEl = $("#prompt"), resultEl = $("#result"), reactionEl = $("#reaction"), handEl = $("#hand");
  teaching.renderBar($("#teach-bar"), doc);
  const dock = $("#dock");
  const lobbyNote = $("#lobby-note");
  const waiting = !doc.game && r.status === "lobby" ? lobbyWords(r) : "";
  refill(lobbyNote, waiting, () => [waiting]);
  lobbyNote.hidden = !waiting;
  if (!doc.game) {
    refill(promptEl, "", () => []);
    clear(tableEl); clear(resultEl); clear(reactionEl); clear(handEl);
    dock.hidden = true;
    $("#choices").hidden = true;
    tableEl.dataset.game = "";
    state.yourTurn = false;
    flagTab(false, `Saloon — ${r.title}`);
    state.renderedVersion = state.version;
    return;
  }
  const table = await loadTable(r.game);
  if (state.doc !== doc) return; // a newer document arrived while the table module loaded
  const ctx = tableCtx();
  const view = doc.game;
  const yourTurn = ctx.legal.length > 0;
  const over = r.status === "finished" || r.status === "abandoned" || !!view.result;
  const away = r.you !== null && r.seats[r.you]?.presence === "away";
  const seated = r.you !== null && r.you !== undefined;
  // "I'm back" is one element, shown or hidden, above the prompt: it stays put while the
  // server keeps playing for you. The prompt is redrawn only when what it says changes (a
  // press on a button replaced before its release is no click); its countdown reads the
  // deadline afresh on every tick.
  $("#away-note").hidden = !away;
  // To move while away, the move is offered all the same: a press of it is the player's own.
  const awayText = over ? "You were away: the server played for you."
    : yourTurn ? "You are away: the server plays this move for you in a moment, unless you make it yourself."
      : "You are away: the server is playing for you.";
  if ($("#away-text").textContent !== awayText) $("#away-text").textContent = awayText;
  awayPlayed(away ? r.clock?.seats[r.you]?.played_for || 0 : 0, doc.log || [], r.you, ctx.seats);
  const promptText = view.prompt ? seatText(view.prompt, ctx.seats) : null;
  const deadline = yourTurn ? r.clock?.seats[r.you]?.deadline ?? null : null;
  // Waiting on others: how long each of them has, and whom the server is playing for
  // (else a player gone idle looks like one thinking, for as long as the clock gives).
  const waitedOn = yourTurn || over ? [] : (r.to_act || []).filter((s) => s !== r.you && r.seats[s]?.kind !== "bot")
    .map((s) => [s, r.clock?.seats[s]?.deadline ?? null, r.seats[s]?.presence === "away"]);
  recentLine(doc.log || [], loggedNames(), over);
  refill(promptEl, JSON.stringify([yourTurn, !!state.pending, promptText, deadline, waitedOn]), () => [
    yourTurn && !state.pending ? h("span", { class: "your-turn" }, "Your move") : null,
    promptText ? h("span", { class: ["prompt-text", yourTurn && "yours"] }, promptText) : null,
    yourTurn && !away ? countdown(r, r.you, { mine: true }) : null,
    ...waitedOn.map(([s, , gone]) => {
      // The server plays for an away seat within seconds, whatever its clock says.
      const left = gone ? null : countdown(r, s);
      return left || gone ? h("span", { class: "waited", "data-seat": s }, `${ctx.seats[s] ?? `Seat ${s + 1}`} `, left,
        gone ? " (away: the server plays for them)" : null) : null;
    }),
    state.pending ? h("span", { class: "pending" }, " sending…") : null]);
  dock.hidden = false;
  dock.classList.toggle("yours", yourTurn || state.pending !== false);
  dock.classList.toggle("over", over);
  tableEl.dataset.game = r.game;
  if (r.you !== null) teaching.notePlayed(r.game);
  $("#play").dataset.game = r.game;
  // Where every face-up card is before the redraw, so that what moved can travel.
  const words = state.pendingWords;
  const before = words ? snapshot($("#play")) : null;
  clear(reactionEl);
  clear(handEl);
  clear(tableEl);
  ctx.reaction = reactionEl;
  ctx.decision = reactionEl;
  if (seated && !over) ctx.hand = handEl;
  try {
    table.render(tableEl, view, ctx);
  } catch (err) {
    console.error(err);
    clear(tableEl); clear(reactionEl); clear(handEl);
    generic.render(tableEl, view, ctx);
  }
  // A card's menu the table left out (a table draws those of its cards with several uses;
  // a touch screen opens one for a card's one use too, to confirm it): under the decision.
  if (state.ui.menu && !$("#play").querySelector(".menu")) {
    const uses = actionsFor(ctx.legal, state.ui.menu);
    // Titled by the card's name where it is one (a card whose words are its rule, "Trash
    // while drawing: … costs $2", read as the choice's price).
    const named = $("#play").querySelector(`[data-card="${CSS.escape(state.ui.menu)}"][data-name]`)?.dataset.name;
    const title = named && named.length <= 40 && !named.includes(":") ? `${named[0].toUpperCase()}${named.slice(1)}:` : "This card:";
    if (uses.length) reactionEl.append(menu(ctx, title, uses));
  }
  // The hand and the decision bar hold cards too: teaching marks and explains them all.
  teaching.afterRender($("#play"), doc, ctx);
  handEl.hidden = !handEl.firstChild;
  asideHand(handEl, yourTurn, decisionOf(yourTurn, view, ctx));
  teaching.fitDockHint(dock);
  fitRecent(dock);
  followZoom();
  clear(resultEl);
  if (over) renderResult(resultEl, view, r, ctx, table);
  if (startedHere && $("#play").getBoundingClientRect().top < 0) {
    // A game begun while the page was scrolled down (to Start, at the host panel's foot on
    // a phone): the play area comes into view from its top, the first hint and the
    // table's figures. (Not a page opened or reloaded on a game: its scroll is the reader's.)
    $("#play").scrollIntoView({ block: "start" });
  }
  if (over && state.resultShown !== r.match && resultEl.firstChild) {
    // The result sits above the table, and the page may have scrolled down to a trick or
    // the Store during play: the end of a game brings it into view, once, from its top
    // (who won): a result taller than the screen would otherwise show its foot.
    state.resultShown = r.match;
    resultEl.scrollIntoView({ block: "start", behavior: motionAllowed(prefs.get("motion", true)) ? "smooth" : "auto" });
  }
  renderChoices($("#choices"), $("#choice-list"), ctx);
  if (!state.pending) keepPicks(code, doc, state.ui.selected);
  // A game that deals its cards anew (a Wyoming Cowboy hand) names the same cards again:
  // a mark of the last deal's move would fall on a card just dealt.
  const deal = table.dealOf?.(view) ?? null;
  if (deal !== state.deal) { state.marks.clear(); state.deal = deal; }
  // Motion and memory: what the patches named and moved travels, and stays marked.
  if (words) {
    const touched = settle($("#play"), before, words, motionAllowed(prefs.get("motion", true)));
    remember(state.marks, [...state.movers], touched);
    state.pendingWords = null;
    state.movers.clear();
  }
  if (over) state.marks.clear(); // the game is over: no move is "the last" any more
  mark($("#play"), state.marks);
  refocus(key);
  // An open menu stays in view (the dock scrolls when a long menu runs past the screen's
  // foot), after any redraw too: a patch arriving while it is open rebuilds the dock and
  // may push it down. On a phone it is a sheet fixed over the foot of the screen, always
  // in view: nothing scrolls. Just opened, the keyboard goes to its first choice.
  // Behind the sheet the page is dimmed, and a tap there closes the menu.
  const menuEl = state.ui.menu ? reactionEl.querySelector(".menu") : null;
  if (menuEl && state.ui.menu !== state.lastMenu && document.body.classList.contains("log-shown")) {
    // A card's menu opened with the phone's log up: the log goes down, or it would cover
    // the menu's sheet and leave only the dimmed page. The keyboard goes to the menu.
    showLog(false, { focus: false });
  }
  if (menuEl) {
    reactionEl.prepend(h("div", { class: "menu-backdrop", "aria-hidden": "true", onclick: () => state.clearSelection() }));
    if (getComputedStyle(menuEl).position !== "fixed") menuEl.scrollIntoView({ block: "nearest" });
    if (state.ui.menu !== state.lastMenu) menuEl.querySelector(".act")?.focus({ preventScroll: true });
  }
  state.lastMenu = state.ui.menu;
  // After a move the button pressed is gone, and a redraw may take away the card that had
  // the keyboard: it waits on the decision bar while the move is in flight; once the move
  // is in, it goes back to the control the move was made from if that is there again,
  // else to the next decision's first control, else it stays on the bar.
  const decisionEl = $("#decision");
  const lost = !document.activeElement || document.activeElement === document.body;
  const parked = document.activeElement === decisionEl;
  if (state.focusAfterMove && !state.pending && (lost || parked)) {
    refocus(state.movedFrom);
    const still = document.activeElement;
    if (!still || still === document.body || still === decisionEl) {
      const first = yourTurn && firstControl();
      (first || decisionEl).focus({ preventScroll: true });
      // Nothing of yours to decide yet (the others are still to move): the keyboard
      // waits on the bar for your next decision, and goes to it when it comes.
      state.awaitingDecision = !first;
    }
  } else if (state.awaitingDecision && parked && yourTurn) {
    firstControl()?.focus({ preventScroll: true });
  } else if (lost && key) {
    (yourTurn && firstControl() || decisionEl).focus({ preventScroll: true });
  }
  if (!state.pending) state.focusAfterMove = false;
  if (document.activeElement !== decisionEl) state.awaitingDecision = false; // moved on
  turnNoticed(yourTurn, view, ctx, table);
  state.renderedVersion = state.version;
}

/** What tells one decision of yours from the next ("" while none is yours). */
function decisionOf(yourTurn, view, ctx) {
  return yourTurn ? `${state.doc.room.match}:${view.prompt}:${ctx.legal.length}` : "";
}

/** A new decision of yours: a chime, the tab's flag, a notification when hidden, in view. */
function turnNoticed(yourTurn, view, ctx, table) {
  const r = state.doc.room;
  const decision = decisionOf(yourTurn, view, ctx);
  const fresh = yourTurn && !state.yourTurn;
  state.yourTurn = yourTurn || state.pending !== false;
  flagTab(yourTurn, `Saloon — ${r.title}`);
  if (fresh) {
    if (prefs.get("sound", true)) chime();
    notifyTurn(prefs.get("notify", false), seatText(view.prompt || "It is your move.", ctx.seats));
  }
  if (decision !== state.decisionKey) foldDock(false); // a new decision is shown whole
  if (yourTurn && decision !== state.decisionKey) {
    // Controls that live on the table (a Store card, a Gang card) are scrolled into view.
    const target = table.focusTarget?.(view, ctx, $("#table"));
    // The dock stands over the foot of the screen: the place must end above it.
    intoViewAbove(target, $("#dock"), motionAllowed(prefs.get("motion", true)));
  }
  state.decisionKey = decision;
}

// One column: the dock stands over the table's foot (a phone's, most of it).
const NARROW = matchMedia("(max-width: 900px)");

/** A decision of yours that takes no card of your hand (choosing the pass's direction,
 * answering a shot) leaves the hand aside on a narrow screen, as one button that shows it: the
 * dock then leaves more of the table in view. It shows again at a decision that takes a
 * card of it, and whenever the player asks. */
function asideHand(handEl, yourTurn, decision) {
  // (A hand holding any control, a card to click or a button, is part of the decision; a
  // slot holding what is not a hand, the cards a seat drew this round, is always read.)
  const aside = yourTurn && NARROW.matches && !handEl.hidden
    && handEl.querySelector("[data-place='hand']")
    && !handEl.querySelector("button, input, select, [data-action]");
  const shown = state.handShownAt === decision;
  if (aside) {
    const count = handEl.querySelectorAll(".card[data-card]").length;
    handEl.prepend(h("button", { type: "button", class: "small hand-toggle", id: "hand-toggle",
      "aria-expanded": String(shown),
      onclick: () => { state.handShownAt = shown ? null : decision; renderPlay(); } },
    shown ? "Hide your hand" : `Show your hand (${plural(count, "card")}): this decision takes none of them`));
  }
  handEl.classList.toggle("aside", aside && !shown);
}

/** Folds the dock down to its prompt (the table above it in view, a phone's above all, where
 * a decision's choices and the hand may fill most of the screen), or unfolds it. */
function foldDock(fold) {
  const dock = $("#dock"), button = $("#dock-fold");
  if (dock.classList.contains("folded") === fold) return;
  if (fold && ($("#reaction").contains(document.activeElement) || $("#hand").contains(document.activeElement))) {
    button.focus({ preventScroll: true }); // what had the keyboard folds away
  }
  dock.classList.toggle("folded", fold);
  button.setAttribute("aria-expanded", String(!fold));
  button.textContent = fold ? "Back to your move" : "See the table";
}

/** The seats' names as the log says them: one's own marked "(you)", since the game's
 * events tell one's own moves in the third person ("Ana (you) discards...") beside those
 * told to one alone in the second ("You draw..."). */
function loggedNames() {
  const you = state.doc?.room?.you;
  return names().map((n, i) => (i === you ? `${n} (you)` : n));
}

function renderLog() {
  const log = state.doc.log || [];
  const last = log.length ? `${log.length}:${log[log.length - 1].v}:${log[0].v}` : "0";
  const seatNames = loggedNames();
  const key = last + JSON.stringify(seatNames);
  if (key === state.lastLogKey) return;
  state.lastLogKey = key;
  const el = $("#log");
  const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 30;
  fill(el, ...log.map((e) => e.type === "chat"
    ? h("li", { class: "chat" }, h("b", null, e.name || seatNames[e.seat] || "?"), ": ", e.text)
    : h("li", { class: e.type === "notice" ? "notice-line" : "event", "data-type": e.type }, loggedText(e.text, seatNames))));
  if (atBottom || el.dataset.first !== "no") { el.scrollTop = el.scrollHeight; el.dataset.first = "no"; }
  // On a phone the log sits behind a button: it counts the chat lines not yet seen.
  const chats = log.filter((e) => e.type === "chat").length;
  if (state.chatsSeen !== undefined && chats > state.chatsSeen && !document.body.classList.contains("log-shown")) {
    state.unread = (state.unread || 0) + chats - state.chatsSeen;
    const u = $("#log-unread");
    u.textContent = ` (${state.unread} new)`;
    u.hidden = false;
  }
  state.chatsSeen = chats;
}

/** A log entry's words as the log and the last-move line write them: seats named (`names`,
 * one's own marked, `loggedNames`), card symbols, one's own mark joining a bracket. */
function loggedText(text, names) {
  return youJoined(seatText(cardSymbols(text), names));
}

/** Short card texts in game events ("KD") read better as "K♦". */
function cardSymbols(text) {
  return text.replace(/\b([2-9TJQKA])([CDHS])\b/g, (_, r, su) => `${r === "T" ? "10" : r}${SUIT_SYMBOL[su]}`);
}

// ---------------------------------------------------------------- wiring

function wire() {
  const url = `${location.origin}/r/${code}`;
  $("#invite-url").value = url;
  $("#copy").addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(url); $("#copy").textContent = "Copied"; }
    catch { $("#invite-url").select(); document.execCommand?.("copy"); $("#copy").textContent = "Copied"; }
    setTimeout(() => { $("#copy").textContent = "Copy"; }, 1500);
  });
  $("#join-name").value = prefs.get("name", "");
  $("#join-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const name = $("#join-name").value.trim();
    if (!name) return;
    try {
      const joined = await api("POST", `/rooms/${encodeURIComponent(code)}/join`, { body: { name } });
      prefs.set("name", name);
      tokens.set(code, joined.token);
      state.token = joined.token;
      $("#join-error").textContent = "";
      $("#join").hidden = true;
      notice("");
      socket.restart(joined.token);
    } catch (err) {
      $("#join-error").textContent = err.message;
    }
  });
  $("#im-back").addEventListener("click", () => socket?.back());
  $("#recent").addEventListener("click", () => showLog(true));
  document.addEventListener("pointerdown", pressed, true);
  for (const type of ["pointerup", "pointercancel"]) window.addEventListener(type, released, true);
  window.addEventListener("blur", released); // the window's own, not a control's (no capture)
  $("#chat-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = $("#chat-text");
    const text = input.value.trim();
    if (!text) return;
    if (state.doc?.room?.you === null) { chatError("Spectators cannot chat; take a seat first."); return; }
    const ref = socket.chat(text);
    state.chat = ref === null ? null : { ref, text };
    chatError(ref === null ? "Not connected, so that line was not sent. Send it again once the page says Connected." : "");
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && (state.ui.menu || state.ui.selected?.length)) state.clearSelection();
  });
  const four = $("#four-colour");
  four.checked = prefs.get("fourColor", false);
  document.body.classList.toggle("four-colour", four.checked);
  four.addEventListener("change", () => {
    prefs.set("fourColor", four.checked);
    document.body.classList.toggle("four-colour", four.checked);
    renderPlay();
  });
}

/** The sound, motion and notification settings, and the log drawer of a phone. */
function wirePrefs() {
  const sound = $("#sound"), mute = $("#mute"), motion = $("#motion"), notify = $("#notify");
  const paintSound = () => {
    const on = prefs.get("sound", true);
    sound.checked = on;
    mute.textContent = on ? "Sound on" : "Sound off";
    mute.setAttribute("aria-pressed", String(!on));
    mute.title = on ? "Turn the sounds off" : "Turn the sounds on";
  };
  paintSound();
  sound.addEventListener("change", () => { prefs.set("sound", sound.checked); paintSound(); if (sound.checked) chime(); });
  mute.addEventListener("click", () => { prefs.set("sound", !prefs.get("sound", true)); paintSound(); });
  motion.checked = prefs.get("motion", true);
  motion.addEventListener("change", () => prefs.set("motion", motion.checked));
  notify.checked = prefs.get("notify", false) && "Notification" in window && Notification.permission === "granted";
  notify.disabled = !("Notification" in window);
  notify.addEventListener("change", async () => {
    const ok = notify.checked ? await askToNotify() : false;
    notify.checked = ok;
    prefs.set("notify", ok);
    if (!ok && notify.checked === false && "Notification" in window && Notification.permission === "denied") {
      notice("This browser blocks notifications for this site; allow them in its settings first.", "info");
    }
  });
  $("#dock-fold").addEventListener("click", () => foldDock(!$("#dock").classList.contains("folded")));
  const panel = $("#log-panel"), open = $("#log-open");
  open.addEventListener("click", () => showLog(!document.body.classList.contains("log-shown")));
  $("#log-close").addEventListener("click", () => showLog(false));
  panel.addEventListener("keydown", (e) => { if (e.key === "Escape" && document.body.classList.contains("log-shown")) showLog(false); });
  // One enlarged-card dialog: the teaching module's, with the card's note and why it waits.
  const explain = async (el) => {
    const d = state.doc;
    if (!d) return;
    hideZoom();
    const notes = await teaching.cardNotes(d.room.game);
    teaching.enlarge(el, { note: teaching.noteFor(notes, el.dataset.card), why: teaching.whyNot(d, el.dataset.card),
      names: names(), gameId: d.room.game, title: d.room.title });
  };
  installZoom(document, { modal: explain });
  // The hover tooltip says what the card does in this game too (notes fetched once a game).
  // A card without a name is titled by its effect, which the note begins with: said once.
  zoomSlots.push((el, data) => {
    let note = teaching.noteFor(state.notes?.[state.doc?.room?.game], el.dataset.card);
    const title = (data?.title || "").trim().replace(/[.!]$/, "");
    if (note && title && note.startsWith(title)) note = note.slice(title.length).replace(/^[.!]?\s*/, "");
    return note ? h("p", { class: "zoom-text zoom-note" }, note) : null;
  });
}

const beep = beeper(() => prefs.get("sound", true));
setInterval(() => { if (state.doc) tick(state.doc.room, state.doc.room.you, beep); }, 250);

async function main() {
  wire();
  wirePrefs();
  try {
    const games = await api("GET", "/games");
    for (const g of games) state.games[g.id] = g;
  } catch { /* the options form is then missing; play still works */ }
  await reclaim();
  connect();
}

main();
