// Cowpoker: four Ranches around the table (Deadwood ones included), Gangs with their
// poker hands and points, Cellar counts, your hand, the Roundup or Gunfight under way.

import { add, h, s } from "/static/js/dom.js";
import { actButton, actionsFor } from "/static/js/actions.js";
import { cardElement, SUIT_SYMBOL, SUIT_WORD, rankShow, textLines, wrap } from "/static/js/cards.js";
import { withDefaults, actionableCard, buttons, openMenu, seatName, stat, zone } from "/static/js/tables/common.js";

const RANK_WORD = { 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight", 9: "Nine", T: "Ten", J: "Jack", Q: "Queen", K: "King", A: "Ace" };
const rankOf = (n) => ({ 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A" }[n] || String(n));
const KIND = { roundup: "Roundup", gunfight: "Gunfight" };
const PHASE = { play: "Playing into the Gangs", trick: "Trick", showdown: "Showdown: Roundup or Gunfight?", rustle: "Rustling", unload: "Unloading", over: "Game over" };

export function faceWords(c) {
  const face = c.rank === "Joker" ? "Joker" : `${RANK_WORD[c.rank] || c.rank} of ${SUIT_WORD[c.suit] || c.suit}`;
  return `${c.name}, ${face}, ${c.ranch}: ${c.points} points, Roundup ${c.roundup}, Gunfight ${c.gunfight}${c.text ? `. ${c.text}` : ""}`;
}

function faceSvg(c) {
  const joker = c.rank === "Joker";
  const suit = joker ? "J" : c.suit;
  const corner = joker ? "★" : rankShow(c.rank);
  const sym = joker ? "" : SUIT_SYMBOL[c.suit];
  const name = wrap(c.name, 12, 2);
  const effect = wrap(c.text || "", 17, 3);
  return s("svg", { viewBox: "0 0 60 84", class: "card-svg cow-face", "aria-hidden": "true", focusable: "false" },
    s("rect", { x: 1, y: 1, width: 58, height: 82, rx: 5, class: "card-bg" }),
    s("g", { class: `ink suit-${suit}` },
      s("text", { x: 9, y: 15, class: "cow-rank", "text-anchor": "middle" }, corner),
      s("text", { x: 9, y: 26, class: "cow-suit", "text-anchor": "middle" }, joker ? "J" : sym)),
    textLines(name, 37, 10, 7, { class: "cow-name", "text-anchor": "middle" }),
    s("text", { x: 37, y: 28, class: "cow-ranch", "text-anchor": "middle" }, c.ranch),
    s("g", { class: "cow-values" },
      s("rect", { x: 3, y: 33, width: 54, height: 13, rx: 3, class: "cow-box" }),
      s("text", { x: 12, y: 43, "text-anchor": "middle", class: "cow-pts" }, String(c.points)),
      s("text", { x: 30, y: 43, "text-anchor": "middle", class: "cow-ru" }, `R${c.roundup}`),
      s("text", { x: 48, y: 43, "text-anchor": "middle", class: "cow-gf" }, `G${c.gunfight}`)),
    textLines(effect, 4, 55, 7.5, { class: "cow-effect" }));
}

function face(c, opts = {}) {
  return cardElement(faceSvg(c), { ...opts, card: c.id, label: faceWords(c) });
}

function cowBack(opts = {}) {
  return cardElement(s("svg", { viewBox: "0 0 60 84", class: "card-svg", "aria-hidden": "true", focusable: "false" },
    s("rect", { x: 1, y: 1, width: 58, height: 82, rx: 5, class: "card-bg" }),
    s("rect", { x: 5, y: 5, width: 50, height: 74, rx: 3, class: "cow-back-fill" }),
    s("text", { x: 30, y: 48, "text-anchor": "middle", class: "cow-back-word" }, "COW"),
    s("text", { x: 30, y: 60, "text-anchor": "middle", class: "cow-back-word small" }, "POKER")),
  { ...opts, label: opts.label || "a face-down card", extraClass: "back" });
}

function ranchOwner(view, ranch, ctx) {
  const row = (view.table || []).find((r) => r.ranch === ranch);
  if (!row) return ranch;
  return row.seat === null || row.seat === undefined ? `${ranch} (Deadwood)` : `${ranch} (${seatName(ctx, row.seat)})`;
}

export function label(a, ctx) {
  const v = ctx.view;
  const c = a.card ? v?.cards?.[a.card] : null;
  const name = c ? c.name : "a card";
  switch (a.type) {
    case "play": return `Play ${name} into your Gang`;
    case "trick": return `Play ${name} to the ${KIND[v?.trick?.kind] || "trick"}`;
    case "call": return `Call a ${KIND[a.trick] || a.trick}`;
    case "rustle": { const from = (v?.table || []).find((r) => r.gang.includes(a.card)); return `Rustle ${name}${from ? ` from ${from.ranch}` : ""}`; }
    case "unload": return `Move ${name} to ${ranchOwner(v, a.to, ctx)}`;
    case "keep": return "Keep your Gang as it is";
    default: return null;
  }
}

function trickZone(view, ctx) {
  const t = view.trick;
  if (!t) return null;
  return zone(`${KIND[t.kind] || t.kind} called by ${ranchOwner(view, t.caller, ctx)}`, { class: "trick-zone" },
    h("p", { class: "sub" }, "Order: ", t.order.join(" → "), t.next ? ` · next: ${ranchOwner(view, t.next, ctx)}` : ""),
    h("div", { class: "cards-row trick" }, t.played.map((p) => h("div", { class: "pile" },
      p.card && view.cards?.[p.card] ? face(view.cards[p.card]) : cowBack({ label: "a card played face down" }),
      h("span", null, p.ranch)))));
}

function ranchZone(row, view, ctx) {
  const mine = row.seat !== null && row.seat === view.you;
  const acting = row.seat !== null && (view.to_act || []).includes(row.seat);
  const gangActs = ctx.legal.filter((a) => a.type === "rustle" || a.type === "unload");
  const who = row.deadwood ? "Deadwood" : seatName(ctx, row.seat);
  const gang = row.gang.length
    ? h("div", { class: "cards-row" }, row.gang.map((id) => {
      const c = view.cards?.[id];
      if (!c) return cowBack({ small: true });
      return actionableCard(ctx, id, (o) => face(c, o), actionsFor(gangActs, id));
    }))
    : h("p", { class: "sub" }, "No Gang yet.");
  return zone(`${row.ranch} — ${mine ? `you (${who})` : who}`, { class: [mine && "mine", acting && "acting", row.deadwood && "deadwood"], "data-ranch": row.ranch },
    h("div", null, stat(`Gang ${row.gang_points} pts`), stat(row.gang_hand), row.gang_wild?.length ? stat(`wild: ${row.gang_wild.map(rankOf).join(", ")}`) : null,
      stat(`Cellar ${row.cellar_count}`), row.deadwood ? null : stat(`${row.hand_count} in hand`),
      view.turn === row.ranch ? stat("turn") : null, view.lead === row.ranch ? stat("lead") : null),
    gang,
    row.cellar ? h("details", { class: "deck" }, h("summary", null, `Your Cellar: ${row.cellar.length} cards, ${row.cellar_points} pts, ${row.cellar_hand}`),
      h("div", { class: "cards-row" }, row.cellar.map((id) => (view.cards?.[id] ? face(view.cards[id], { small: true }) : cowBack({ small: true }))))) : null,
    row.hand ? h("div", { class: "cards-row" }, row.hand.map((id) => (view.cards?.[id] ? face(view.cards[id], { small: true }) : cowBack({ small: true })))) : null);
}

export function render(container, view, ctx) {
  withDefaults(ctx, label);
  ctx.view = view;
  add(container, h("div", { class: "info" }, stat(PHASE[view.phase] || view.phase), stat(`Deck ${view.deck_count}`),
    view.turn ? stat(`Turn: ${ranchOwner(view, view.turn, ctx)}`) : null, view.lead ? stat(`Lead: ${view.lead}`) : null,
    view.hand_wild?.length ? stat(`Wild in your hand: ${view.hand_wild.map(rankOf).join(", ")}`) : null,
    view.pending ? stat({ extra_play: "Extra play", rustle: "Rustle", live_rustle: "Live rustle" }[view.pending] || view.pending) : null));
  const calls = buttons(ctx, ["call"]);
  if (calls) add(ctx.reaction || container, h("div", { class: "reaction", role: "dialog", "aria-label": "Showdown" },
    h("h3", null, "Showdown! Roundup or Gunfight?"), calls));
  add(container, trickZone(view, ctx));
  const m = openMenu(ctx, ctx.legal.filter((a) => a.type === "unload" || a.type === "rustle"), (id) => `${view.cards?.[id]?.name || "This card"}:`);
  add(container, m);
  const rows = view.table || [];
  add(container, h("div", { class: "opponents ranches" }, rows.filter((r) => r.seat === null || r.seat !== view.you).map((r) => ranchZone(r, view, ctx))));
  const mine = rows.find((r) => r.seat !== null && r.seat === view.you);
  if (!mine) return;
  const handActs = ctx.legal.filter((a) => a.type === "play" || a.type === "trick");
  const hand = view.hand || [];
  const mz = ranchZone(mine, view, ctx);
  add(mz, h("h3", null, `Your hand${view.hand_poker ? ` — ${view.hand_poker}` : ""}`),
    h("div", { class: "cards-row hand" }, hand.map((id) => {
      const c = view.cards?.[id];
      return c ? actionableCard(ctx, id, (o) => face(c, o), actionsFor(handActs, id)) : cowBack();
    })),
    buttons(ctx, ["keep"]));
  add(container, mz);
}

export function renderBreakdown(view, room, ctx) {
  const rows = view.result?.ranches || room.result?.detail?.ranches;
  if (!rows) return null;
  return rows.map((row) => h("section", { class: "breakdown-seat" },
    h("h3", null, `${row.ranch} — ${row.deadwood ? "Deadwood" : seatName(ctx, row.seat)}: ${row.total}`),
    h("table", { class: "breakdown" }, h("tbody", null, row.lines.map((l) => h("tr", null,
      h("td", null, l.what, l.hand ? ` (${l.hand})` : "", l.cellar_points !== undefined ? ` (${l.cellar_points} pts)` : "", l.shared ? " — shared" : ""),
      h("td", { class: "num" }, l.points > 0 ? `+${l.points}` : String(l.points))))))));
}
