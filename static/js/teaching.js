// Teaching at the table: the rules in a side panel, cards that explain themselves, every
// move in words, why a card waits, the score so far, and first-game hints. Everything the
// game says comes from the document's `teach` part (see docs/protocol.md) or from the
// game's own files (/games/<id>/rules, /games/<id>/cards); this module only shows it.

import { actionKey, h, intoViewAbove, seatText } from "./dom.js";
import { prefs } from "./api.js";
import { zoomTitle } from "./zoom.js";

const notesCache = new Map();
const HINT_KEY = (game, id) => `saloon.hint.${game}.${id}`;

function store(key, value) {
  try { if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, value); } catch { /* private mode */ }
}
function stored(key) { try { return localStorage.getItem(key); } catch { return null; } }

// ---------------------------------------------------------------- first game in this browser

/** Whether this browser has played `game` before (the lobby's hint default): per game,
 * since a player of one game is a newcomer to the next. */
export function playedBefore(game) { return !!prefs.get(`played.${game}`, false); }
export function notePlayed(game) { if (!playedBefore(game)) prefs.set(`played.${game}`, true); }

// ---------------------------------------------------------------- the rules panel

function panel() {
  let el = document.getElementById("rules-panel");
  if (el) return el;
  el = h("aside", { id: "rules-panel", class: "side-panel", role: "dialog", "aria-modal": "false",
    "aria-labelledby": "rules-panel-title", hidden: true },
  h("header", { class: "side-panel-head" },
    h("h2", { id: "rules-panel-title" }, "Rules"),
    h("a", { class: "small link", id: "rules-new-tab", target: "_blank", rel: "noopener" }, "Open in a tab"),
    h("button", { type: "button", class: "small", id: "rules-close", "aria-label": "Close the rules",
      onclick: () => closeRules() }, "Close")),
  h("div", { class: "side-panel-body", id: "rules-body", tabindex: "-1" }));
  document.body.append(el);
  document.addEventListener("keydown", (e) => { if (e.key === "Escape" && !el.hidden) closeRules(); });
  return el;
}

export function closeRules() {
  const el = document.getElementById("rules-panel");
  if (!el || el.hidden) return;
  el.hidden = true;
  document.body.classList.remove("rules-open");
  el.returnFocus?.focus?.({ preventScroll: true });
}

/**
 * Opens the game's rules beside the page (the game goes on underneath), at `anchor` if
 * given. The ids of the page's headings are prefixed with "rule-" so that they never meet
 * the room page's own ids.
 */
export async function openRules(gameId, title, anchor = null) {
  const el = panel();
  el.returnFocus = document.activeElement;
  const body = el.querySelector("#rules-body");
  el.querySelector("#rules-panel-title").textContent = title ? `${title}: rules` : "Rules";
  el.querySelector("#rules-new-tab").href = `/games/${encodeURIComponent(gameId)}/rules${anchor ? `#${anchor}` : ""}`;
  if (body.dataset.game !== gameId) {
    body.textContent = "Loading the rules…";
    try {
      const res = await fetch(`/games/${encodeURIComponent(gameId)}/rules?part=true`);
      if (!res.ok) throw new Error(res.statusText);
      const doc = new DOMParser().parseFromString(await res.text(), "text/html");
      const article = doc.querySelector("article");
      for (const x of article.querySelectorAll("[id]")) x.id = `rule-${x.id}`;
      for (const a of article.querySelectorAll('a[href^="#"]')) {
        const target = a.getAttribute("href").slice(1);
        a.addEventListener("click", (e) => { e.preventDefault(); scrollToRule(target); });
      }
      body.replaceChildren(document.adoptNode(article));
      body.dataset.game = gameId;
    } catch {
      body.textContent = "The rules could not be loaded.";
      body.dataset.game = "";
    }
  }
  el.hidden = false;
  document.body.classList.add("rules-open");
  if (anchor) scrollToRule(anchor);
  else body.scrollTop = 0;
  el.querySelector("#rules-close").focus({ preventScroll: true });
}

function scrollToRule(anchor) {
  const target = document.getElementById(`rule-${anchor}`);
  if (!target) return;
  target.scrollIntoView({ block: "start" });
  for (const old of document.querySelectorAll("#rules-body .flash")) old.classList.remove("flash");
  target.classList.add("flash");
}

/** A button that opens the rules panel (the lobby's and the table's). */
export function rulesButton(gameId, title, label = "Rules") {
  return h("button", { type: "button", class: "small rules-button", "data-rules": gameId,
    "aria-haspopup": "dialog", onclick: () => openRules(gameId, title) }, label);
}

/** A link to one section of the rules, opening the panel there. */
export function ruleLink(gameId, title, rule, words = "Rules") {
  if (!rule || !gameId) return null;
  const at = rule.anchor ? `#${rule.anchor}` : "";
  return h("a", { href: `/games/${encodeURIComponent(gameId)}/rules${at}`, class: "rule-link",
    onclick: (e) => { e.preventDefault(); openRules(gameId, title, rule.anchor || null); } }, words);
}

// ---------------------------------------------------------------- moves in words

/** The game's sentence for a legal action of the document, or null. */
export function moveWords(doc, action) {
  const moves = doc?.teach?.moves;
  if (!moves?.length) return null;
  const k = actionKey(action);
  const i = (doc.legal || []).findIndex((a) => actionKey(a) === k);
  return i >= 0 ? moves[i] ?? null : null;
}

// ---------------------------------------------------------------- cards that explain themselves

export async function cardNotes(gameId) {
  if (!notesCache.has(gameId)) {
    notesCache.set(gameId, fetch(`/games/${encodeURIComponent(gameId)}/cards`)
      .then((r) => (r.ok ? r.json() : {})).catch(() => ({})));
  }
  return notesCache.get(gameId);
}

/** A card's note: by its name, else by its bare name (a starter's "c91a" is "c91"). */
export function noteFor(notes, card) {
  if (!notes || !card) return null;
  return notes[card] ?? notes[String(card).replace(/[a-z]$/, "")] ?? null;
}

function closeCard() {
  const el = document.getElementById("card-zoom");
  if (!el) return;
  el.remove();
  document.zoomReturn?.focus?.({ preventScroll: true });
}

/** A note whose first sentence the heading already says ("$1" under "$1, costs $2") starts
 * at its second one. */
function withoutTitle(note, title) {
  if (!note) return note;
  const first = note.split(/(?<=\.)\s+/)[0];
  const rest = note.slice(first.length).trim();
  return rest && title.startsWith(first.replace(/\.$/, "")) ? rest : note;
}

/** Shows a card large, with what it does in this game and, if it waits, why. */
export function enlarge(cardEl, { note, why, names, gameId, title }) {
  closeCard();
  const svg = cardEl.querySelector("svg")?.cloneNode(true);
  const label = cardEl.getAttribute("aria-label") || cardEl.getAttribute("title") || "Card";
  document.zoomReturn = cardEl;
  // The card's own name: a card that is a button is titled by the move it makes.
  const heading = zoomTitle(cardEl) || label.split(":")[0];
  note = withoutTitle(note, heading);
  const box = h("div", { id: "card-zoom", class: "card-zoom", role: "dialog", "aria-modal": "true", "aria-label": heading,
    onclick: (e) => { if (e.target.id === "card-zoom") closeCard(); },
    onkeydown: (e) => { if (e.key === "Escape") { e.stopPropagation(); closeCard(); } } },
  h("div", { class: "card-zoom-inner" },
    h("div", { class: "card-zoom-face" }, svg),
    h("div", { class: "card-zoom-text" },
      h("h2", null, heading),
      note ? h("p", { class: "card-note" }, note) : null,
      why ? h("p", { class: "why-not", role: "note" }, h("b", null, "Not now: "), seatText(why.text, names), " ",
        ruleLink(gameId, title, why, "Read the rule")) : null,
      h("button", { type: "button", class: "small", id: "card-zoom-close", onclick: closeCard }, "Close"))));
  document.body.append(box);
  box.querySelector("#card-zoom-close").focus({ preventScroll: true });
  // A card read large once, the tip that says how has done its work.
  if (!prefs.get("enlarged", false)) {
    prefs.set("enlarged", true);
    document.getElementById("card-tip")?.remove();
  }
}

/** The rule that keeps `card` from being used now (`{anchor, text}`), or undefined: the
 * document keeps each rule once (`rules`) and each waiting card's index into them. */
export function whyNot(doc, card) {
  const why = doc?.teach?.why_not;
  return why?.cards && Object.hasOwn(why.cards, card) ? why.rules[why.cards[card]] : undefined;
}

// ---------------------------------------------------------------- the table's hooks

/**
 * After the table is drawn: marks the cards the game says cannot be used now ("waits"),
 * makes inert cards open their enlarged face with a click or Enter, and lets any card
 * open it with a right click or a long press.
 */
export function afterRender(tableEl, doc, ctx) {
  const waiting = doc?.teach?.why_not?.cards || {};
  const gameId = doc?.room?.game;
  for (const el of tableEl.querySelectorAll(".card[data-card]")) {
    const card = el.dataset.card;
    const inert = el.tagName !== "BUTTON";
    if (inert && Object.hasOwn(waiting, card)) el.classList.add("waits");
    if (inert) {
      el.setAttribute("tabindex", "0");
      el.classList.add("zoomable");
    }
  }
  if (tableEl.dataset.teaching === "on") return;
  tableEl.dataset.teaching = "on";
  const open = async (el) => {
    const d = window.saloon?.doc;
    if (!d) return;
    const notes = await cardNotes(d.room.game);
    enlarge(el, { note: noteFor(notes, el.dataset.card), why: whyNot(d, el.dataset.card),
      names: (d.room.seats || []).map((s) => s.name), gameId: d.room.game, title: d.room.title });
  };
  tableEl.addEventListener("click", (e) => {
    const el = e.target.closest(".card[data-card]");
    if (el && el.tagName !== "BUTTON") open(el);
  });
  tableEl.addEventListener("keydown", (e) => {
    const el = e.target.closest?.(".card[data-card]");
    if (el && el.tagName !== "BUTTON" && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); open(el); }
  });
  tableEl.addEventListener("contextmenu", (e) => {
    const el = e.target.closest(".card[data-card]");
    if (el) { e.preventDefault(); open(el); }
  });
  let press = null;
  tableEl.addEventListener("touchstart", (e) => {
    const el = e.target.closest(".card[data-card]");
    if (el) press = setTimeout(() => { press = null; open(el); }, 550);
  }, { passive: true });
  for (const end of ["touchend", "touchmove", "touchcancel"]) {
    tableEl.addEventListener(end, () => { if (press) clearTimeout(press); press = null; }, { passive: true });
  }
  void gameId; void ctx;
}

// ---------------------------------------------------------------- the teaching bar: rules, score, hints

/** Draws the bar above the table: the rules button, the score so far, and a hint. */
export function renderBar(bar, doc) {
  const r = doc.room;
  const names = (r.seats || []).map((s) => s.name);
  const score = doc.teach?.score;
  const open = bar.dataset.score === "open";
  const scoreButton = score ? h("button", { type: "button", class: "small", id: "score-toggle",
    "aria-expanded": String(open), "aria-controls": "score-panel",
    onclick: () => {
      bar.dataset.score = open ? "" : "open";
      renderBar(bar, window.saloon?.doc || doc);
      // On a phone the dock would cover all but its first lines.
      if (!open) intoViewAbove(document.getElementById("score-panel"), document.getElementById("dock"));
    } },
  open ? "Hide the score so far" : "Score so far") : null;
  // On a wide screen the hint heads the side column, beside the table and clear of the
  // log and chat under it. On a narrow one, while a game is played, it heads the dock,
  // where the player looks to decide: above the table it was scrolled out of view each
  // time a decision brought the part of the table it needs into view. Else it sits above
  // the table.
  const hint = hintBox(doc, names);
  const side = document.getElementById("side-hint"), docked = document.getElementById("dock-hint");
  const slot = WIDE.matches ? side : r.status === "playing" && doc.game && docked ? docked : null;
  const invite = r.status === "playing" && doc.game ? inviteButton(() => renderBar(bar, window.saloon?.doc || doc)) : null;
  const parts = [slot ? null : hint, h("div", { class: "teach-buttons" }, invite, rulesButton(r.game, r.title), scoreButton, doc.game ? cardTip() : null),
    score && open ? scorePanel(score, names, doc.game?.scores, r.you) : null];
  bar.replaceChildren(...parts.filter(Boolean));
  for (const place of [side, docked]) place?.replaceChildren(...(place === slot && hint ? [hint] : []));
}

/** While a game runs, the invite folds into this row (the stylesheet hides its panel
 * while folded): its own line above the table kept a link sent before the game in view
 * all through it, some 45 px of a phone's screen. The button opens and folds it again;
 * `redraw` redraws the row when the panel is folded by its own heading. */
function inviteButton(redraw) {
  const panel = document.getElementById("invite");
  if (!panel || panel.hidden) return null;
  panel.ontoggle = redraw;
  return h("button", { type: "button", class: "small", id: "invite-open", "aria-controls": "invite",
    "aria-expanded": String(panel.open),
    onclick: () => {
      panel.open = !panel.open;
      if (panel.open) {
        panel.scrollIntoView({ block: "nearest" });
        document.getElementById("copy")?.focus();
      }
    } }, panel.open ? "Fold the invite" : "Invite friends");
}

/** Keeps the dock's hint from pushing the decision off the screen: where the dock, at its
 * tallest, holds more than it shows, the hint takes one line (a tap opens it whole); where
 * it still does, the hint waits for a decision that leaves it room. It never goes above
 * the table, where a phone's dock covered it, "Got it" too. */
export function fitDockHint(dock) {
  const slot = document.getElementById("dock-hint");
  const hint = slot?.querySelector(".hint");
  if (!hint || dock.hidden) return;
  const over = () => dock.scrollHeight > dock.clientHeight + 1;
  slot.classList.remove("tucked");
  slot.hidden = false;
  if (!over() || hint.classList.contains("open")) return;
  slot.classList.add("tucked");
  if (over()) slot.hidden = true;
}

// A mouse shows a card large when it rests on it; on a touch screen nothing says that a
// long press does: a tip does, until a card has been read large in this browser.
const TOUCH = matchMedia("(pointer: coarse)");
function cardTip() {
  if (!TOUCH.matches || prefs.get("enlarged", false) || prefs.get("hintsOff", false)) return null;
  return h("span", { class: "help card-tip", id: "card-tip" }, "Press and hold a card to read it large.");
}

// The width at which the room's side column stands beside the table with room for a hint.
const WIDE = matchMedia("(min-width: 1100px)");
WIDE.addEventListener("change", () => {
  const bar = document.getElementById("teach-bar");
  if (bar && window.saloon?.doc) renderBar(bar, window.saloon.doc);
});

/** Your score's lines (`teach.score`), then every seat's score as all can see it (the
 * view's `scores`, headed by what the game says they count, `standings`): the standings
 * a player asks for with "Score so far". */
function scorePanel(score, names, scores, you) {
  const everyone = Array.isArray(scores) && scores.length === names.length ? scores : null;
  return h("section", { id: "score-panel", class: "score-panel", "aria-label": "Score so far" },
    h("h3", null, score.title || "Score so far"),
    h("table", { class: "breakdown" }, h("tbody", null,
      (score.lines || []).map(([label, pts]) => h("tr", null, h("td", null, seatText(label, names)),
        h("td", { class: "num" }, pts > 0 ? `+${pts}` : String(pts)))),
      h("tr", { class: "total" }, h("td", null, "Total"), h("td", { class: "num" }, String(score.total))))),
    (score.notes || []).map((n) => h("p", { class: "help" }, seatText(n, names))),
    everyone ? [h("h3", null, score.standings || "Everyone, as all can see it"),
      h("table", { class: "breakdown standings" }, h("tbody", null, everyone.map((pts, seat) =>
        h("tr", { class: seat === you ? "you" : null }, h("td", null, seat === you ? `${names[seat]} (you)` : names[seat]),
          h("td", { class: "num" }, String(Math.round(pts * 10) / 10))))))] : null);
}

function hintBox(doc, names) {
  const r = doc.room;
  if (!r.hints || r.you === null || prefs.get("hintsOff", false)) return null;
  const hints = doc.teach?.hints || {};
  const id = Object.keys(hints).find((k) => !stored(HINT_KEY(r.game, k)));
  if (!id) return null;
  const hint = hints[id];
  const dismiss = () => { store(HINT_KEY(r.game, id), "seen"); renderBar(document.getElementById("teach-bar"), window.saloon?.doc || doc); };
  // In the dock its words are cut at two lines: a tap on them shows them all.
  const whole = (e) => { if (!e.target.closest("a, button")) e.currentTarget.closest(".hint").classList.toggle("open"); };
  return h("aside", { class: "hint", id: "hint", role: "status", "aria-live": "polite", "data-hint": id, "aria-label": "Hint" },
    h("p", { onclick: whole }, h("b", null, "Hint: "), seatText(hint.text, names), " ", ruleLink(r.game, r.title, hint, "More in the rules")),
    h("div", { class: "row" },
      h("button", { type: "button", class: "small primary", id: "hint-ok", onclick: dismiss }, "Got it"),
      h("button", { type: "button", class: "small", id: "hints-off",
        onclick: () => { prefs.set("hintsOff", true); dismiss(); } }, "No more hints")));
}

// ---------------------------------------------------------------- refusals

/** The words of a refusal: its message, and the rule that forbids the move, with a link. */
export function refusalWords(msg, doc) {
  if (!msg.rule) return null;
  const r = doc?.room;
  const names = (r?.seats || []).map((s) => s.name);
  return h("span", null, seatText(msg.rule.text, names), " ",
    r ? ruleLink(r.game, r.title, msg.rule, "Read the rule") : null);
}
