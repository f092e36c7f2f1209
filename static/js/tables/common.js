// Pieces several tables share: seat zones, piles, hands that turn legal actions into clicks.

import { actionKey, h, plural, seatText } from "../dom.js";
import { actButton, actionsFor, describeAction, matchSelection, menu, toggleSelect } from "../actions.js";

export function seatName(ctx, seat) {
  return ctx.seats?.[seat] ?? `Seat ${Number(seat) + 1}`;
}

/** A seat's name as the log says it, one's own marked: "Ana (you)". */
export function seatNameYou(ctx, seat) {
  return seat === ctx.you ? `${seatName(ctx, seat)} (you)` : seatName(ctx, seat);
}

export function zone(title, attrs, ...children) {
  return h("section", { ...attrs, class: ["zone", ...[attrs?.class].flat()] }, h("h3", null, title), ...children);
}

export function stat(text, attrs = {}) {
  return h("span", { class: "stat", ...attrs }, text);
}

// On a touch screen a card's one use is confirmed too, in the menu a tap opens: a card
// tapped to be read (a long press reads it large) was played at once, beyond undoing.
const TOUCH = matchMedia("(pointer: coarse)");

/** The fewest uses of a card for which a tap opens its menu rather than acting. */
export function menuFrom() {
  return TOUCH.matches ? 1 : 2;
}

/**
 * A card the player may click: one legal action about it acts at once (with a mouse or
 * keyboard; on a touch screen, or with `confirm` for a move that weighs much, it opens a
 * menu of that one use), several open a menu; none leaves it inert. `make(opts)` draws
 * the card with click options.
 */
export function actionableCard(ctx, id, make, actions, { confirm = false } = {}) {
  if (!actions.length) return make({});
  if (actions.length < (confirm ? 1 : menuFrom())) {
    const a = actions[0];
    return make({ onclick: () => ctx.act(a), action: actionKey(a), title: ctx.label(a), extraClass: "act" });
  }
  const open = ctx.ui.menu === id;
  const el = make({ onclick: () => { ctx.ui.menu = open ? null : id; ctx.rerender(); }, selected: open,
    title: actions.length === 1 ? ctx.label(actions[0]) : `${actions.length} choices` });
  el.dataset.opens = "menu";
  el.setAttribute("aria-haspopup", "true");
  el.setAttribute("aria-expanded", String(open));
  return el;
}

/** The menu of a card with several uses, shown when that card is open (`confirmed(id)`:
 * a card whose one use is confirmed in it, as `actionableCard`'s `confirm`). */
export function openMenu(ctx, legal, title, confirmed = () => false) {
  const id = ctx.ui.menu;
  if (!id) return null;
  const actions = actionsFor(legal, id);
  if (actions.length < (confirmed(id) ? 1 : menuFrom())) return null;
  return menu(ctx, title(id), actions);
}

/** Select-then-confirm: a row of pickable cards and a confirm button for a matching action. */
export function pickAndConfirm(ctx, candidates, cards, make, { field = "cards", verb = "Confirm", hint = "" } = {}) {
  const sel = (ctx.ui.selected ||= []).filter((c) => cards.includes(c));
  ctx.ui.selected = sel;
  const usable = new Set(candidates.flatMap((a) => a[field]));
  const match = matchSelection(ctx, candidates, field);
  const size = candidates.length ? candidates[0][field].length : 0;
  // Once as many cards are chosen as the choice takes, a card more is not taken (it could
  // never match): the others are dimmed, and one tapped has the help say to put a chosen
  // card back first.
  const full = sel.length >= size;
  const row = h("div", { class: "cards-row hand" }, cards.map((c) => !usable.has(c) ? make(c, { extraClass: "dim" })
    : full && !sel.includes(c) ? make(c, { pick: true, extraClass: "dim", onclick: () => { ctx.ui.tooMany = true; ctx.rerender(); } })
    : make(c, { pick: true, selected: sel.includes(c), onclick: () => { ctx.ui.tooMany = false; toggleSelect(ctx, c); ctx.rerender(); } })));
  const tooMany = full && ctx.ui.tooMany;
  const confirm = h("button", { type: "button", class: "primary", "data-confirm": "yes",
    "data-action": match ? actionKey(match) : null, disabled: !match, onclick: () => match && ctx.act(match) },
  match ? (ctx.words?.(match) || `${verb}: ${ctx.label(match)}`) : `${verb} (${sel.length} of ${size} chosen)`);
  return h("div", { class: "picker" }, row, h("div", { class: "confirm-row" }, confirm,
    sel.length ? h("button", { type: "button", class: "small", onclick: () => { ctx.ui.selected = []; ctx.rerender(); } }, "Clear") : null,
    full && size ? h("span", { class: ["help", tooMany && "warn"] }, tooMany
      // "Choose", not "tap" nor "click": the same words on a phone and with a mouse.
      ? `You have chosen ${plural(size, "card")}: choose one of them again to put it back first.`
      : `${plural(size, "card")} chosen: choose one again to put it back.`)
      : hint ? h("span", { class: "help" }, hint) : null));
}

/** Buttons for legal actions of the given types. */
export function buttons(ctx, types) {
  const list = ctx.legal.filter((a) => types.includes(a.type));
  return list.length ? h("div", { class: "actions-row" }, list.map((a) => actButton(a, ctx))) : null;
}

/**
 * Fills what a caller left out of ctx, in place, so a table renders for the room page
 * and for a read-only replay alike: without `act`, nothing is clickable.
 */
export function withDefaults(ctx, label) {
  ctx.seats ??= [];
  ctx.ui ??= {};
  ctx.rerender ??= () => {};
  ctx.text ??= (t) => seatText(t, ctx.seats);
  ctx.label ??= (a) => label?.(a, ctx) || describeAction(a, ctx);
  if (typeof ctx.act !== "function" || !Array.isArray(ctx.legal)) ctx.legal = [];
  return ctx;
}

/**
 * Where a table puts what the player decides now: the room's decision bar when there is
 * one (ctx.decision), else `fallback` (a read-only replay has none). Returns the element.
 */
export function decisionSlot(ctx, fallback) {
  return ctx.decision || fallback;
}

/** The player's own hand: pinned in the room's dock (ctx.hand), else in `fallback`. */
export function handSlot(ctx, fallback) {
  return ctx.hand || fallback;
}

/**
 * Groups of bar cards (`barCards`) side by side in one row that scrolls sideways, under
 * `title`: however many cards, the bar stays a card high. Once drawn, a row wider than the
 * bar says so (a hidden scrollbar, as on a phone, would not).
 */
export function barRow(title, groups) {
  const row = h("div", { class: "bar-row" }, groups);
  const more = h("p", { class: "bar-note bar-more", hidden: true }, "The row holds more cards than it shows: scroll it sideways.");
  requestAnimationFrame(() => {
    if (row.isConnected && row.scrollWidth > row.clientWidth + 1) more.hidden = false;
  });
  return h("div", { class: "bar-groups" }, h("p", { class: "bar-title" }, title), more, row);
}

/**
 * Table cards a decision needs, repeated in the decision bar as small controls so that
 * they are in view whatever the table's scroll (full size when few, else small):
 * `items` are [id, make(opts)] pairs.
 */
export function barCards(ctx, title, items, legal) {
  if (!items.length) return null;
  return h("div", { class: "bar-pick", role: "group", "aria-label": title },
    h("p", { class: "bar-title" }, title),
    h("div", { class: "bar-cards" }, items.map(([id, make]) => actionableCard(ctx, id, (o) => make({ ...o, small: items.length > 6 }), actionsFor(legal, id)))));
}
