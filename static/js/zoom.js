// The enlarged card: any face-up card shows its whole face and its text at a readable
// size, on hover (a mouse: a tooltip beside the card), a long press (a touch screen) or
// the Z key. Tables say what a card's text is with zoomable(); anything else (what the
// card does in this game, why it waits) is added through zoomSlots. The room hands the
// long press and the key to the teaching module's enlarged card (a dialog with the card's
// note and why it waits) through installZoom's `modal`; without one they open this
// module's own dialog.

import { h } from "./dom.js";

const info = new WeakMap();
/** Functions (card element, card info) → a Node or null, appended under the card's text. */
export const zoomSlots = [];

const HOVER_MS = 450;
const PRESS_MS = 450;
let box = null;
let opener = null;
let hoverTimer = null;
let pressTimer = null;
let pressed = false;
// The card the mouse last moved over, by id: a card a redraw slides under a still mouse
// is not hovered, and a card whose tooltip is open stays so only while the mouse is on it.
let moved = null;

/** Records what the enlarged view of `el` shows: {title, text, facts: [strings]}. */
export function zoomable(el, data) {
  info.set(el, data);
  return el;
}

/** The card's name as its enlarged view heads it (a card that is a button is named by the
 * move it makes: "2 choices", "Skip your action and discard..."), or null if none was recorded. */
export function zoomTitle(el) {
  return info.get(el)?.title || null;
}

// A redraw replaces the card elements: the same card is found again by its id.
function current(el) {
  if (el?.isConnected) return el;
  const id = el?.dataset?.card;
  if (!id) return null;
  for (const c of document.querySelectorAll(".card[data-card]")) if (c.dataset.card === id && !c.closest(".zoom")) return c;
  return null;
}

/** After a redraw: the enlarged card stays open while that card is still on the page. */
export function followZoom() {
  if (!box) return;
  const id = box.dataset.card;
  const again = current({ dataset: { card: id } });
  if (!again) { hideZoom(); return; }
  if (opener) opener = again;
}

/** Whether a card's menu of moves is open in the decision bar. */
const menuOpen = () => !!document.querySelector(".decision-body .menu");

/** Whether the enlarged card is a hover's tooltip (not a dialog). */
const hovering = () => box && !box.classList.contains("modal");

function cardOf(target) {
  const el = target?.closest?.(".card[data-card]");
  return el && !el.closest(".zoom") ? el : null;
}

/**
 * Renders the enlarged face of `el` into a new element: the card drawn large, its title,
 * facts and text (unless a slot adds the game's note, class zoom-note, which says it all),
 * then `description` (optional) and whatever zoomSlots add.
 */
export function zoomContent(el, description = null) {
  const data = info.get(el) || { title: el.getAttribute("aria-label") || el.title || "Card" };
  const svg = el.querySelector("svg")?.cloneNode(true);
  if (svg) svg.setAttribute("class", `${svg.getAttribute("class") || ""} zoom-svg`);
  const extras = zoomSlots.map((f) => { try { return f(el, data); } catch { return null; } }).filter(Boolean);
  // A game's note on the card says everything its facts and text say, in sentences: shown
  // together they would read the same effect two or three times.
  const noted = extras.some((x) => x.classList?.contains("zoom-note"));
  return h("div", { class: "zoom-body" },
    svg ? h("div", { class: ["zoom-face", ...el.classList].filter((c) => c !== "card" && c !== "small" && c !== "clickable" && c !== "selected") }, svg) : null,
    h("div", { class: "zoom-words" },
      h("h3", { class: "zoom-title" }, data.title),
      !noted && data.facts?.length ? h("ul", { class: "zoom-facts" }, data.facts.map((f) => h("li", null, f))) : null,
      !noted && data.text ? h("p", { class: "zoom-text" }, data.text) : null,
      description, extras));
}

/** Shows the enlarged card; `modal` (keyboard, touch) adds a Close button and takes focus. */
export function showZoom(el, { modal = false, description = null } = {}) {
  hideZoom();
  el = current(el);
  if (!el) return;
  opener = modal ? el : null;
  const data = info.get(el);
  box = h("div", { class: ["zoom", modal && "modal"], id: "zoom", role: modal ? "dialog" : "tooltip",
    "aria-label": `Card: ${data?.title || el.getAttribute("aria-label") || ""}`, "aria-modal": modal ? "true" : null },
  zoomContent(el, description),
  modal ? h("button", { type: "button", class: "small zoom-close", onclick: () => hideZoom(true) }, "Close") : null);
  box.dataset.card = el.dataset.card;
  document.body.append(box);
  if (!modal) {
    const r = el.getBoundingClientRect();
    const w = box.offsetWidth, hgt = box.offsetHeight;
    let left = r.right + 12;
    if (left + w > innerWidth - 8) left = Math.max(8, r.left - w - 12);
    const top = Math.min(Math.max(8, r.top + r.height / 2 - hgt / 2), Math.max(8, innerHeight - hgt - 8));
    box.style.left = `${left}px`;
    box.style.top = `${top}px`;
  } else {
    box.querySelector(".zoom-close").focus({ preventScroll: true });
  }
}

export function hideZoom(restore = false) {
  clearTimeout(hoverTimer);
  if (box) { box.remove(); box = null; }
  if (restore && opener?.isConnected) opener.focus({ preventScroll: true });
  opener = null;
}

/**
 * Wires hover, long press and the Z key for every card under `root`. `modal(el)`, if
 * given, opens the enlarged card as a dialog (the long press and the key).
 */
export function installZoom(root = document, { modal = null } = {}) {
  const dialog = (el) => (modal ? modal(el) : showZoom(el, { modal: true }));
  root.addEventListener("pointerover", (e) => {
    if (e.pointerType !== "mouse") return;
    const el = cardOf(e.target);
    clearTimeout(hoverTimer);
    if (!el) return;
    hoverTimer = setTimeout(() => {
      // Shown only if the mouse moved onto this card: one the page slid under it is not;
      // nor while a card's menu is open, whose choices a tooltip beside the card covered.
      if (!box?.classList.contains("modal") && moved === el.dataset.card && !menuOpen()) showZoom(el);
    }, HOVER_MS);
  });
  root.addEventListener("pointermove", (e) => {
    if (e.pointerType !== "mouse") return;
    moved = cardOf(e.target)?.dataset.card ?? null;
    // Off the card its tooltip shows (a redraw may have moved the card away from the
    // mouse, and no pointerout comes from an element that is gone): the tooltip goes.
    if (hovering() && moved !== box.dataset.card) hideZoom();
  }, { passive: true });
  // Pressing a card acts on it (a menu, a choice): the tooltip would cover what it opens.
  root.addEventListener("pointerdown", (e) => {
    if (e.pointerType !== "mouse") return;
    clearTimeout(hoverTimer);
    if (hovering()) hideZoom();
  });
  addEventListener("scroll", () => { if (hovering()) hideZoom(); }, { passive: true });
  root.addEventListener("pointerout", (e) => {
    if (e.pointerType !== "mouse") return;
    const el = cardOf(e.target);
    if (el && !el.contains(e.relatedTarget)) {
      clearTimeout(hoverTimer);
      if (box && !box.classList.contains("modal")) hideZoom();
    }
  });
  root.addEventListener("touchstart", (e) => {
    const el = cardOf(e.target);
    clearTimeout(pressTimer);
    pressed = false;
    if (!el) return;
    pressTimer = setTimeout(() => { pressed = true; hideZoom(); dialog(el); }, PRESS_MS);
  }, { passive: true });
  const cancel = () => clearTimeout(pressTimer);
  root.addEventListener("touchmove", cancel, { passive: true });
  root.addEventListener("touchend", (e) => {
    clearTimeout(pressTimer);
    // A long press shows the card; it must not also play it.
    if (pressed) { e.preventDefault(); pressed = false; }
  });
  root.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && box) { e.stopPropagation(); hideZoom(true); return; }
    const el = cardOf(e.target);
    if (!el || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "z" || e.key === "Z" || (!modal && e.key === "Enter" && el.tagName !== "BUTTON")) {
      e.preventDefault();
      hideZoom();
      dialog(el);
    }
  }, true);
  root.addEventListener("click", (e) => {
    if (box?.classList.contains("modal") && !box.contains(e.target)) hideZoom();
  });
}
