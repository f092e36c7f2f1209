// Shared pieces of every table: action labels, the list of all legal actions (so no
// state can be stuck whatever the table draws), selection helpers, the end screen.

import { actionKey, add, clear, h } from "./dom.js";
import { cardNames, cardWords, isStandardCard } from "./cards.js";

const SEAT_FIELDS = new Set(["seat", "target", "to", "victim"]);

function fieldWords(key, value, ctx) {
  if (SEAT_FIELDS.has(key) && Number.isInteger(value)) return ctx.seats?.[value] ?? `seat ${value + 1}`;
  if (typeof value === "string" && isStandardCard(value)) return cardWords(value);
  if (Array.isArray(value)) return value.map((v) => fieldWords(key, v, ctx)).join(", ");
  if (value && typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** A readable label for any action, from its fields. */
export function describeAction(action, ctx = {}) {
  const verb = String(action.type).replace(/_/g, " ");
  const rest = Object.entries(action).filter(([k]) => k !== "type")
    .map(([k, v]) => `${k.replace(/_/g, " ")}: ${fieldWords(k, v, ctx)}`);
  return verb.charAt(0).toUpperCase() + verb.slice(1) + (rest.length ? ` (${rest.join("; ")})` : "");
}

/**
 * A button that sends `action` (only ever made for a legal one). Cards its words name
 * can be shown short (`cardNames`).
 */
export function actButton(action, ctx, content, attrs = {}) {
  const words = content ?? ctx.label(action);
  return h("button", { type: "button", class: ["act", attrs.class], "data-action": actionKey(action),
    title: attrs.title, "aria-label": attrs.ariaLabel, onclick: () => ctx.act(action) },
  typeof words === "string" ? cardNames(words) : words);
}

/** Legal actions that name `card` (as `card`, or inside `cards`). */
export function actionsFor(legal, card) {
  return legal.filter((a) => a.card === card || (Array.isArray(a.cards) && a.cards.includes(card)));
}

/** Fills the fallback list: every legal action as a labelled button. */
export function renderChoices(details, list, ctx) {
  clear(list);
  details.hidden = !ctx.legal.length;
  if (!ctx.legal.length) return;
  details.querySelector("summary").textContent = `All your choices (${ctx.legal.length})`;
  add(list, ctx.legal.map((a) => actButton(a, ctx, ctx.label(a))));
}

/**
 * Multi-card choice: toggles `card` in ctx.ui.selected and returns the legal action whose
 * card set equals the selection, if any.
 */
export function toggleSelect(ctx, card) {
  const sel = ctx.ui.selected || (ctx.ui.selected = []);
  const i = sel.indexOf(card);
  if (i >= 0) sel.splice(i, 1); else sel.push(card);
}

export function matchSelection(ctx, candidates, field = "cards") {
  const sel = [...(ctx.ui.selected || [])].sort();
  return candidates.find((a) => {
    const cards = [...a[field]].sort();
    return cards.length === sel.length && cards.every((c, i) => c === sel[i]);
  }) || null;
}

/**
 * A small menu of several actions about one thing (a card with more than one use). On a
 * phone it rises as a sheet over the foot of the screen, so that every choice shows at once.
 */
export function menu(ctx, title, actions) {
  return h("div", { class: "menu", role: "group", "aria-label": title },
    h("p", { class: "menu-title" }, title),
    actions.map((a) => actButton(a, ctx)),
    menuCancel(ctx));
}

/** The Cancel that closes an open menu (every menu has one: a phone's sheet covers the
 * control that opened it). */
export function menuCancel(ctx) {
  return h("button", { type: "button", class: "small", "data-focus": "menu-close", onclick: () => { ctx.ui.menu = null; ctx.rerender(); } }, "Cancel");
}

function genericLines(detail, ctx) {
  // Common shapes: {seats: [{seat, total, lines: [{label|what, points}]}]} or {ranches: [...]}.
  const rows = detail?.seats || detail?.ranches || detail?.players;
  if (!Array.isArray(rows)) return null;
  return rows.map((row, i) => {
    const who = row.seat !== undefined && row.seat !== null ? ctx.seats[row.seat] : (row.ranch || `Seat ${i + 1}`);
    const lines = Array.isArray(row.lines) ? row.lines : [];
    return h("section", { class: "breakdown-seat" },
      h("h3", null, `${who}${row.ranch && row.seat !== undefined && row.seat !== null ? ` (${row.ranch})` : ""}`,
        row.total !== undefined ? ` — ${row.total}` : ""),
      lines.length ? h("table", { class: "breakdown" }, h("tbody", null, lines.map((l) => {
        if (typeof l === "string") return h("tr", null, h("td", { colspan: 2 }, ctx.text(l)));
        const what = Array.isArray(l) ? l[0] : (l.label || l.what || "");
        const pts = Array.isArray(l) ? l[1] : l.points;
        const extra = !Array.isArray(l) && l.hand ? ` (${l.hand})` : "";
        const hand = !Array.isArray(l) && l.hand !== undefined && typeof l.hand === "number" ? `Hand ${l.hand}: ` : "";
        return h("tr", null, h("td", null, hand, lineName(ctx.text(what), pts), typeof l.hand === "number" ? "" : extra), pointsCell(pts));
      }))) : null);
  });
}

/** A score line's points, signed; a line that takes points away is called a penalty. */
export function pointsCell(points) {
  return h("td", { class: "num" }, points > 0 ? `+${points}` : String(points));
}

export function lineName(what, points) {
  const text = String(what);
  return points < 0 && !/penalt/i.test(text) ? [h("span", { class: "penalty-tag" }, "Penalty"), " ", text] : text;
}

/**
 * The end screen: who won and why, the ranking (seats that could not win apart), and the
 * breakdown of every score line (the table's own, else a generic one). A table may export
 * explainResult(view, room, ctx) → {why, ranking: [{name, score, won, apart}], apartTitle}.
 */
export function renderResult(container, view, room, ctx, table) {
  const result = room.result;
  if (!result) return;
  const winners = (result.winners || []).map((s) => ctx.seats[s]);
  const told = table?.explainResult?.(view, room, ctx) || {};
  const ranking = told.ranking || (result.scores || []).map((sc, i) => ({ name: ctx.seats[i] ?? `Seat ${i + 1}`, score: sc, won: result.winners?.includes(i) }));
  const fmt = (n) => (Number.isInteger(n) ? String(n) : String(Math.round(n * 10) / 10));
  const ordered = [...ranking].sort((x, y) => (x.apart === y.apart ? y.score - x.score : x.apart ? 1 : -1));
  // The viewer's own win is said to them as theirs.
  const won = result.winners || [];
  const others = won.filter((s) => s !== ctx.you).map((s) => ctx.seats[s]);
  const head = !won.length ? "Nobody wins."
    : others.length < won.length ? (others.length ? `You share the win with ${others.join(" and ")}!` : "You win!")
    : winners.length === 1 ? `${winners[0]} wins!` : `${winners.join(" and ")} share the win!`;
  const box = h("section", { class: "panel result", id: "game-over", "aria-label": "Result" },
    h("h2", null, "Game over"),
    h("p", { class: "winner" }, head),
    told.why ? h("p", { class: "why" }, told.why) : null,
    // What comes next, under who won: on a phone the score lines run screens long.
    ctx.rematch ? h("button", { type: "button", class: "primary", id: "result-rematch", onclick: ctx.rematch }, "Rematch: same seats, new game")
      : room.status === "finished" ? h("p", { class: "help" }, "The host may start a rematch.") : null,
    h("table", { class: "scores" },
      h("thead", null, h("tr", null, h("th", { scope: "col" }, "Place"), h("th", { scope: "col" }, "Player"), h("th", { scope: "col", class: "num" }, told.unit || "Score"))),
      h("tbody", null, ordered.map((row, i) => h("tr", { class: [row.won && "won", row.apart && "apart"] },
        h("td", null, row.apart ? "—" : String(ordered.filter((o) => !o.apart && o.score > row.score).length + 1)),
        // " — winner": a name may end in brackets already ("Bo (San Joaquin)").
        h("td", null, row.name, row.won ? " — winner" : "", row.apart ? ` (${told.apartWhy || "cannot win"})` : ""),
        h("td", { class: "num" }, fmt(row.score)))))));
  const custom = table?.renderBreakdown?.(view, room, ctx);
  const lines = custom || genericLines(result.detail, ctx) || genericLines(view.result, ctx);
  if (lines) box.append(h("h3", { class: "breakdown-title" }, "Every score line"), h("div", { class: "breakdowns" }, lines));
  add(container, box);
}
