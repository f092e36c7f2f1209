// High Card's table: your hand to play from, who has chosen, the tricks so far.
// A game from another package builds on the client's shared modules like the built-in ones.

import { add, h } from "/static/js/dom.js";
import { actionsFor } from "/static/js/actions.js";
import { cardBack, cardWords, playingCard } from "/static/js/cards.js";
import { actionableCard, seatName, stat, withDefaults, zone } from "/static/js/tables/common.js";

export function label(a) {
  return a.type === "play" ? `Play the ${cardWords(a.card)}` : null;
}

const tricksWord = (n) => `${n} ${n === 1 ? "trick" : "tricks"}`;

function status(view, s) {
  return view.played[s] ? "has chosen a card" : view.to_act.includes(s) ? "choosing…" : "";
}

function seatZone(view, ctx, s) {
  return zone(`${seatName(ctx, s)} · ${tricksWord(view.won[s])}`,
    { class: ["seat-zone", view.to_act.includes(s) && "acting"], "data-seat": s },
    h("p", { class: "sub" }, status(view, s)),
    h("div", { class: "cards-row" }, Array.from({ length: view.hand_sizes[s] }, () => cardBack({ small: true }))));
}

export function render(container, view, ctx) {
  withDefaults(ctx, label);
  const you = ctx.you ?? null;
  const others = [...view.hand_sizes.keys()].filter((s) => s !== you);
  add(container, h("div", { class: "info" }, stat(`${tricksWord(view.tricks.length)} played`),
    stat(`${view.stock} cards unused`)));
  add(container, h("div", { class: "opponents" }, others.map((s) => seatZone(view, ctx, s))));
  add(container, zone("Tricks played", { class: "tricks-zone" }, view.tricks.length
    ? view.tricks.map((t, i) => h("div", { class: "cards-row trick", "data-trick": i }, t.map((c) => playingCard(c, { small: true }))))
    : h("p", { class: "sub" }, "No trick yet.")));
  if (view.hand && you !== null) {
    add(container, zone(`Your hand · ${tricksWord(view.won[you])}`, { class: "mine hand-zone", "data-seat": you },
      h("p", { class: "sub" }, view.played[you] ? "You have chosen a card: waiting for the others." : ""),
      h("div", { class: "cards-row hand" }, view.hand.map((c) =>
        actionableCard(ctx, c, (o) => playingCard(c, o), actionsFor(ctx.legal, c))))));
  }
}

export function renderBreakdown(view, room, ctx) {
  return h("table", { class: "breakdown" }, h("tbody", null, view.won.map((w, s) =>
    h("tr", null, h("td", null, `${seatName(ctx, s)}: tricks won`), h("td", { class: "num" }, String(w))))));
}
