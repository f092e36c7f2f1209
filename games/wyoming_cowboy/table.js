// Wyoming Cowboy: hands, guns, badges, 10s and the piles; passing, shooting and
// reactions turned into clicks. render(container, view, ctx) is also used by replays.

import { add, h, plural } from "/static/js/dom.js";
import { actButton, actionsFor, lineName, menuCancel, pointsCell } from "/static/js/actions.js";
import { cardBack, cardNames, cardShort, cardWords, playingCard, SUIT_WORD } from "/static/js/cards.js";
import { withDefaults, actionableCard, buttons, decisionSlot, handSlot, openMenu, pickAndConfirm, seatName, seatNameYou, stat, zone } from "/static/js/tables/common.js";

const STEP_WORDS = { act: "action", shoot: "shooting", react: "a shot, waiting for the target to answer", hand_over: "a hit, waiting for the cowboy handed over", discard: "discarding", draw: "drawing" };

const GUN_NAMES = { 22: ".22", 38: ".38", 357: ".357", "357q": ".357 quick draw", 45: ".45" };
const gunLabel = (g) => g.name || GUN_NAMES[g.kind] || g.kind;

function gunName(view, id, kind) {
  for (const seat of view?.seats || []) for (const g of seat.guns || []) if (g.id === id) return gunLabel(g);
  return GUN_NAMES[kind] || "gun";
}

// The discard a draw takes is named where the view says which it is: right after your own
// discard it is the card under it (with top_discard=previous), not the top one.
function drawWords(a, view) {
  const parts = [];
  const takes = view?.takeable_discard;
  if (a.discard) parts.push(takes ? `take the ${cardWords(takes)} from the discards` : "take the top discard");
  if (a.pile) parts.push(`draw ${a.pile} from the pile`);
  return parts.join(" and ");
}

function cardsText(cards) { return cards.map(cardShort).join(" "); }

// Two decks: which of two like kings goes, protected or not, is named by `badges`.
function badgeWords(a) {
  if (!Array.isArray(a.badges)) return "";
  return a.badges.length ? ` (with the badge ${cardsText(a.badges)})` : " (the unprotected copy)";
}

export function label(a, ctx) {
  const who = (s) => seatName(ctx, s);
  switch (a.type) {
    case "direction": return `Pass the opening cards ${a.direction === "across" ? "across" : `to the ${a.direction}`}`;
    case "pass": return `Pass ${cardsText(a.cards)}${badgeWords(a)}`;
    case "nothing": return "Skip your action and go to discard";
    case "couple": return `Show the King and Queen of ${SUIT_WORD[a.suit]} (+25)`;
    case "nine": return `Play the ${cardWords(a.card)}: all pass two ${a.direction === "across" ? "across" : `to the ${a.direction}`}`;
    case "pull": return `Pull a ${GUN_NAMES[a.gun] || a.gun} (${cardsText(a.cards)})`;
    case "shoot": return `Shoot ${who(a.target)} with the ${gunName(ctx.view, a.gun)}`;
    case "holster": return "Stop shooting";
    case "backfire": return `Backfire: hand the shooter the ${cardWords(a.card)}`;
    case "quick_draw": return `Quick draw (${cardsText(a.cards)}) and take the gun`;
    case "stand": return "Let the shot come";
    case "hand_over": return `Hand over the ${cardWords(a.card)} and draw ${a.draw}`;
    case "discard": {
      const then = drawWords(a, ctx.view);
      // A 10 "discarded" is laid on the player's table, not on the discards.
      const head = a.card[0] === "T" ? `Lay the ${cardWords(a.card)} on the table (+10)` : `Discard the ${cardWords(a.card)}${badgeWords(a)}`;
      return `${head}${then ? `, then ${then}` : ""}`;
    }
    case "draw": {
      const w = drawWords(a, ctx.view);
      return w ? w.replace(/^./, (c) => c.toUpperCase()) : "Draw nothing";
    }
    case "deal": return "Deal the next hand";
    default: return null;
  }
}

function card(text, ctx, opts = {}) {
  return playingCard(text, { ...opts, small: opts.small });
}

function backs(n, small = true) {
  const shown = Math.min(n, 12);
  return h("div", { class: "cards-row fan", "aria-label": `${plural(n, "card")} in hand`, role: "img" },
    Array.from({ length: shown }, () => cardBack({ small, label: "a card, face down" })));
}

// The fire button of a gun and, once pressed, its targets (in the decision bar when there is one).
function fireControl(g, ctx) {
  const shots = ctx.legal.filter((a) => a.type === "shoot" && a.gun === g.id);
  if (!shots.length) return null;
  const open = ctx.ui.menu === `gun:${g.id}`;
  const name = gunLabel(g);
  return h("div", { class: "fire" },
    h("button", { type: "button", class: ["gun-button", open && "selected"], "data-opens": "menu", "data-gun": g.id,
      "aria-expanded": String(open), onclick: () => { ctx.ui.menu = open ? null : `gun:${g.id}`; ctx.rerender(); } },
    `Fire the ${name}`, h("span", { class: "gun-cards" }, ` (${cardsText(g.cards)})`)),
    open ? h("div", { class: "menu", role: "group", "aria-label": `Targets for the ${name}` },
      h("p", { class: "menu-title" }, `Fire the ${name} at:`), shots.map((a) => actButton(a, ctx, seatName(ctx, a.target))),
      menuCancel(ctx)) : null);
}

const HAND_DONE = new Set(["scoring", "over"]);
// Why a gun on the table may not fire now (the view's `waits`).
const GUN_WAITS = { new: "new: fires from its owner's next turn", fired: "fired this turn" };

function gunEl(g, ctx, mine) {
  const shots = mine && !ctx.decision ? ctx.legal.filter((a) => a.type === "shoot" && a.gun === g.id) : [];
  const open = ctx.ui.menu === `gun:${g.id}`;
  const name = gunLabel(g);
  const head = shots.length
    ? h("button", { type: "button", class: ["gun-button", open && "selected"], "data-opens": "menu", "data-gun": g.id,
      "aria-expanded": String(open), onclick: () => { ctx.ui.menu = open ? null : `gun:${g.id}`; ctx.rerender(); } },
    `${name} — fire`)
    // Whether a gun may fire says nothing once the hand is over.
    : h("span", { class: "gun-name" }, name, g.ready || HAND_DONE.has(ctx.view?.phase) ? ""
      : ` (${(mine && g.waits === "new" ? "new: fires from your next turn" : GUN_WAITS[g.waits]) || "not ready"})`);
  return h("div", { class: ["gun", g.ready && "ready"], "data-gun": g.id },
    head, h("div", { class: "cards-row" }, g.cards.map((c) => card(c, ctx, { small: true }))),
    open && shots.length ? h("div", { class: "menu", role: "group", "aria-label": `Targets for the ${name}` },
      h("p", { class: "menu-title" }, `Fire the ${name} at:`), shots.map((a) => actButton(a, ctx, seatName(ctx, a.target)))) : null);
}

function tableau(seat, ctx, mine) {
  const parts = [];
  if (seat.badges.length) parts.push(h("div", { class: "group" }, h("span", { class: "sub" }, "Badges "), h("div", { class: "cards-row" }, seat.badges.map((c) => card(c, ctx, { small: true })))));
  const kings = seat.protected || [...new Set(seat.badges.map((a) => `K${a[1]}`))];
  if (kings.length) parts.push(h("p", { class: "sub" }, "Protected: ", kings.map(cardWords).join(", ")));
  if (seat.tens.length) parts.push(h("div", { class: "group" }, h("span", { class: "sub" }, "10s "), h("div", { class: "cards-row" }, seat.tens.map((c) => card(c, ctx, { small: true })))));
  if (seat.couples.length) parts.push(h("p", { class: "sub" }, "Couples shown: ", seat.couples.map((s) => SUIT_WORD[s] || s).join(", ")));
  if (seat.guns.length) parts.push(h("div", { class: "guns" }, seat.guns.map((g) => gunEl(g, ctx, mine))));
  return parts.length ? h("div", { class: "tableau" }, parts)
    : h("p", { class: "sub" }, HAND_DONE.has(ctx.view?.phase) ? "Nothing on the table." : "Nothing on the table yet.");
}

function piles(view, ctx) {
  const takeable = view.takeable_discard;
  // A card discarded this turn (a 9 just played, say) lies on the one that may be taken:
  // that one is shown beside it, or a newcomer was offered a card nowhere in sight.
  const under = takeable && takeable !== view.top_discard;
  return h("div", { class: "piles" },
    h("div", { class: "pile" }, view.draw_pile ? cardBack({ label: `draw pile, ${plural(view.draw_pile, "card")}` }) : h("div", { class: "card empty-pile" }),
      h("span", null, "Draw pile ", h("span", { class: "count" }, String(view.draw_pile)))),
    h("div", { class: "pile" }, view.top_discard ? card(view.top_discard, ctx, { extraClass: takeable && !under ? "takeable" : "" }) : h("div", { class: "card empty-pile" }),
      h("span", null, "Discards ", h("span", { class: "count" }, String(view.discard_pile)), takeable && !under ? " · top may be taken" : "")),
    under ? h("div", { class: "pile" }, card(takeable, ctx, { extraClass: "takeable" }),
      h("span", null, `Under the ${cardShort(view.top_discard)}:`, h("br"), "may be taken")) : null,
    h("div", { class: "pile" }, view.top_shot ? card(view.top_shot, ctx) : h("div", { class: "card empty-pile" }),
      h("span", null, "Shot ", h("span", { class: "count" }, String(view.shot_pile)))),
    h("div", { class: "pile" }, h("div", { class: "cards-row" }, view.ace_pile.length ? view.ace_pile.map((c) => card(c, ctx, { small: true })) : h("span", { class: "sub" }, "none left")),
      h("span", null, "Badge pile (aces)")));
}

function reaction(view, ctx) {
  const types = ["backfire", "quick_draw", "stand", "hand_over"];
  const acts = ctx.legal.filter((a) => types.includes(a.type));
  if (!acts.length) return null;
  const shot = view.shot;
  const hit = acts[0].type === "hand_over";
  const title = hit ? "You are hit!" : "You are being shot at!";
  // The victim is asked every time, so that nobody learns his hand from the pause. The
  // prompt above says who shoots, with what, and the answers there are: this panel says
  // only what it leaves out (why no backfire, which cowboys can go), beside the buttons.
  const only = acts.length === 1 && acts[0].type === "stand";
  // Only a .22 backfires: with another gun the prompt does not name backfiring at all.
  const noBackfire = only && shot && shot.kind !== "22" ? `A ${GUN_NAMES[shot.kind] || "gun"} cannot backfire (only a .22 can).` : null;
  // Which cowboys a hit can take, and why not the others: a .45's shot of a protected
  // King's suit takes him and his badge; any other hit, one King without a badge.
  const kings = hit ? [...new Set(acts.map((a) => a.card))] : [];
  const badged = hit && kings.length === 1 && kings[0][1] === view.top_shot?.[1];
  const safe = hit && !badged && (view.my_hand || []).some((c) => c[0] === "K" && !kings.includes(c));
  const ask = badged ? `Your ${cardWords(kings[0])} wears a badge: he goes with his badge.`
    // (Without a King wearing a badge, every King can go: nothing to say.)
    : hit && safe ? "Only a cowboy (a King) without a badge can go: a King wearing a badge is safe from this shot."
    : noBackfire;
  return h("div", { class: "reaction", role: "dialog", "aria-label": title },
    h("h3", null, title), ask ? h("p", null, ask) : null,
    h("div", { class: "actions-row" }, acts.map((a) => actButton(a, ctx, [
      a.card ? card(a.card, ctx, { small: true }) : null,
      a.cards ? a.cards.map((c) => card(c, ctx, { small: true })) : null,
      h("span", null, cardNames(ctx.label(a))),
    ]))));
}

function handSummary(view, ctx) {
  if (view.phase !== "scoring") return null;
  const last = view.last_hand || view.hands?.[view.hands.length - 1];
  if (!last) return null;
  return zone(`Hand ${last.hand} is over — ${endedBy(last, ctx)}`, { class: "hand-over" }, breakdowns(last, ctx));
}

/** Who ended a hand, and how. */
function endedBy(last, ctx) {
  const ended = last.ender !== null && last.ender !== undefined && last.ender >= 0 ? `${seatNameYou(ctx, last.ender)} ended it` : "nobody ended it";
  return `${ended}${last.why ? ` (${last.why})` : ""}`;
}

/** Each seat's points of a hand, line by line, and the total it brought them to. */
function breakdowns(last, ctx) {
  const perSeat = last.lines
    ? last.lines.map((lines, i) => ({ lines, total: last.points?.[i] ?? 0 }))
    : (last.seats || []).map((x) => ({ lines: x.lines, total: x.total }));
  return h("div", { class: "breakdowns" }, perSeat.map((x, i) => h("section", { class: "breakdown-seat" },
    h("h3", null, `${seatNameYou(ctx, i)}: ${x.total >= 0 ? "+" : ""}${x.total} → ${last.totals[i]}`),
    h("table", { class: "breakdown" }, h("tbody", null, (x.lines || []).map(([what, pts]) =>
      h("tr", null, h("td", null, lineName(what, pts)), pointsCell(pts))))))));
}

/** Through the hand after, how the last one ended, in a line that opens to its scoring:
 * its panel stands only while the hand lies on show, which a bot dealing next cuts to an
 * instant, and the player who looked away met the next hand's pass with no word of it. */
function lastHandLine(view, ctx) {
  const last = view.last_hand;
  if (!last?.lines || view.phase === "scoring" || view.phase === "over" || last.hand !== view.hand_no - 1) return null;
  const points = last.points.map((p, i) => `${seatNameYou(ctx, i)} ${p >= 0 ? "+" : ""}${p}`).join(", ");
  return h("details", { class: "last-hand panel" },
    h("summary", null, h("b", null, `Hand ${last.hand}: `), `${endedBy(last, ctx)}. ${points}.`),
    breakdowns(last, ctx));
}

/** Which deal of the cards is on the table (each hand deals the deck anew, and its cards
 * are named as the last hand's were): the page forgets the last moves' marks at a new one. */
export function dealOf(view) {
  return view.hand_no;
}

// What wins: the target, and with a hand limit, the highest total when the last hand ends.
// A game of one hand ends with it whatever the scores: the target plays no part.
function goal(view) {
  if (!view.max_hands) return `Target: ${view.target}`;
  if (view.max_hands === 1) return "One hand: the highest score wins";
  return `Target: ${view.target}, or the highest total after ${view.max_hands} hands`;
}

export function render(container, view, ctx) {
  withDefaults(ctx, label);
  ctx.view = view;
  const you = view.you;
  const toAct = new Set(view.to_act || []);
  const n = view.seats.length;
  add(container, h("div", { class: "info" },
    stat(view.max_hands ? `Hand ${view.hand_no} of ${view.max_hands}` : `Hand ${view.hand_no}`),
    stat(`Dealer: ${seatName(ctx, view.dealer)}`), stat(goal(view)),
    view.phase === "turn" ? stat(`Turn: ${seatName(ctx, view.turn)} — ${STEP_WORDS[view.step] || view.step}`) : null,
    view.pass ? stat(`Passing ${view.pass.size} ${view.pass.direction}`) : null,
    // The seats' points are the banked ones, where the log already says "+10" of a 10 laid.
    view.phase !== "over" ? h("p", { class: "sub figures-key" }, "A seat's points are those banked: the cards of a hand score when it ends, a couple at once.") : null));
  if (ctx.reaction) add(ctx.reaction, reaction(view, ctx));
  add(container, handSummary(view, ctx));
  // While the new hand's opening pass is chosen, its line heads the dock, where a phone's
  // player looks (the table's top is scrolled away under it); then it stays on the table.
  const opening = view.phase === "direction" || (view.phase === "pass" && view.pass?.size === 3);
  add(opening && ctx.decision ? ctx.decision : container, lastHandLine(view, ctx));
  add(container, zone("Piles", { class: "piles-zone" }, piles(view, ctx)));
  // Everyone else, clockwise from the viewer's left.
  const order = you === null || you === undefined ? [...Array(n).keys()] : Array.from({ length: n - 1 }, (_, i) => (you + 1 + i) % n);
  // The viewer's own zone heads the seats' grid (below): on a wide screen it stands beside
  // the others, above the dock, rather than under them where the dock covers it.
  const seatsGrid = h("div", { class: "opponents" }, order.map((s) => {
    const seat = view.seats[s];
    const shown = view.revealed?.[s] || seat.hand;
    return zone(`${seatName(ctx, s)} · ${view.scores[s]} pts`, { class: [toAct.has(s) && "acting"], "data-seat": s },
      h("p", { class: "sub" }, `${plural(seat.hand_size, "card")} in hand`, seat.passing ? " · choosing cards to pass" : "", s === view.dealer ? " · dealer" : ""),
      shown ? h("div", { class: "cards-row" }, shown.map((c) => card(c, ctx, { small: true }))) : backs(seat.hand_size),
      tableau(seat, ctx, false));
  }));
  add(container, seatsGrid);
  if (you === null || you === undefined) return;
  const me = view.seats[you];
  const hand = view.my_hand || [];
  const passes = ctx.legal.filter((a) => a.type === "pass");
  const mine = zone(`You (${seatName(ctx, you)}) · ${view.scores[you]} pts${you === view.dealer ? " · dealer" : ""}`, { class: ["mine", toAct.has(you) && "acting"], "data-seat": you },
    view.my_pass ? h("p", { class: "sub" }, "You pass: ", view.my_pass.map(cardWords).join(", "), " — waiting for the others.") : null);
  const bar = decisionSlot(ctx, mine);
  const handBox = h("div", { class: "my-hand", "data-seat": you, "data-place": "hand" },
    h("h3", null, `Your hand · ${plural(hand.length, "card")}`));
  if (passes.length) {
    const picker = pickAndConfirm(ctx, passes, hand, (c, o) => card(c, ctx, o), { verb: "Pass", hint: `Choose ${plural(passes[0].cards.length, "card")} to pass ${view.pass?.direction || ""}.` });
    // The cards stay in the hand; the confirm goes to the decision bar.
    const confirm = picker.querySelector(".confirm-row");
    add(handBox, picker);
    add(bar, confirm);
    // The same cards with a protected king or his unprotected twin: offer the other copy too.
    const chosen = [...(ctx.ui.selected || [])].sort().join(" ");
    const twins = passes.filter((a) => [...a.cards].sort().join(" ") === chosen).slice(1);
    if (twins.length) add(bar, h("div", { class: "actions-row" }, twins.map((a) => actButton(a, ctx))));
  } else {
    const cardActs = ctx.legal.filter((a) => a.card || a.cards);
    const handActs = cardActs.filter((a) => !["backfire", "quick_draw", "hand_over"].includes(a.type));
    // The 10 that ends the hand is confirmed in its menu with a mouse too: one click
    // ended the hand, beyond undoing.
    const ending = (c) => view.last_ten_ends && c[0] === "T";
    add(handBox, h("div", { class: "cards-row hand" }, hand.map((c) => actionableCard(ctx, c,
      (o) => card(c, ctx, o), actionsFor(handActs, c), { confirm: ending(c) }))));
    add(bar, openMenu(ctx, handActs, (c) => `The ${cardWords(c)}:`, ending));
  }
  add(bar, me.guns.map((g) => (ctx.decision ? fireControl(g, ctx) : null)));
  add(bar, buttons(ctx, ["direction", "nothing", "couple", "holster", "draw", "deal"]));
  if (view.step === "act" && view.turn === you && ctx.legal.length) add(bar, actionStep(ctx));
  else if (view.turn === you && ctx.legal.some((a) => a.type === "discard")) {
    add(bar, h("p", { class: "help bar-help" }, `Choose a card in your hand to discard it and draw${fromWhere(ctx)}.`));
  }
  add(handSlot(ctx, mine), handBox);
  add(mine, tableau(me, ctx, true));
  seatsGrid.prepend(mine);
}

// At most this many guns to pull and 9s to play are offered as buttons of their own (each
// card's menu offers them too): more would push the hand off a phone's screen.
const ACTION_BUTTONS = 6;

/** A turn's action step, said where the decision is: the guns to pull and the 9s to play
 * as buttons (otherwise found only in the menus of their cards), and that a card of the
 * hand is chosen to discard. */
function actionStep(ctx) {
  const actions = ctx.legal.filter((a) => a.type === "pull" || a.type === "nine");
  // Above this line the bar may also offer a couple to show and guns to fire.
  const others = actions.length || ctx.legal.some((a) => a.type === "couple" || a.type === "shoot");
  // Short words on small buttons (the game's whole sentence is each one's tooltip): on a
  // phone, the hand under them must stay on the screen.
  const row = actions.length && actions.length <= ACTION_BUTTONS
    ? h("div", { class: "actions-row" }, actions.map((a) => actButton(a, ctx, label(a, ctx), { class: "small", title: ctx.words?.(a) || undefined })))
    : null;
  return [row,
    h("p", { class: "help bar-help" }, actions.length > ACTION_BUTTONS
      ? `Or choose a card in your hand to see what it can do: pull a gun, play a 9, or discard it and draw${fromWhere(ctx)}.`
      : `${others ? "Or choose" : "Choose"} a card in your hand to discard it and draw${fromWhere(ctx)}.`)];
}

/** Where a discard's draw may come from, when the top discard may be taken: the pile
 * alone needs no saying, the discard the pile's label alone would not tell. */
function fromWhere(ctx) {
  const top = ctx.view?.takeable_discard;
  return top && ctx.legal.some((a) => a.type === "discard" && a.discard > 0)
    ? ` (from the pile; or, in the menu of the card you discard, take the ${cardWords(top)} from the discards)` : "";
}

/** The place on the table a decision of the viewer needs to see (the room scrolls to it). */
export function focusTarget(view, ctx, root) {
  if (ctx.legal.some((a) => a.type === "shoot")) return root.querySelector(".opponents > :not(.mine)");
  // The next dealer reads how the hand scored (from its top) before dealing the next.
  if (ctx.legal.some((a) => a.type === "deal")) return root.querySelector(".hand-over");
  return null;
}

export function renderBreakdown(view, room, ctx) {
  const res = view.result || room.result?.detail;
  if (!res?.seats) return null;
  // Every hand played, for every seat: a hand a seat scored nothing in says so, where an
  // empty section read as something failed to load.
  const hands = res.hands || Math.max(0, ...res.seats.flatMap((s) => s.lines.map((l) => l.hand)));
  return res.seats.map((row) => {
    const byHand = new Map(Array.from({ length: hands }, (_, i) => [i + 1, []]));
    for (const l of row.lines) { if (!byHand.has(l.hand)) byHand.set(l.hand, []); byHand.get(l.hand).push(l); }
    return h("section", { class: "breakdown-seat" },
      h("h3", null, `${seatName(ctx, row.seat)} — ${row.total}`),
      h("table", { class: "breakdown" }, h("tbody", null, [...byHand.entries()].map(([hand, lines]) => [
        h("tr", { class: "hand-row" }, h("th", { colspan: 2 }, `Hand ${hand}`)),
        lines.length ? lines.map((l) => h("tr", null, h("td", null, lineName(l.label, l.points)), pointsCell(l.points)))
          : h("tr", { class: "nothing" }, h("td", null, "Nothing scored"), pointsCell(0)),
      ]))));
  });
}

const ENDED = {
  target: (v) => `reached the target of ${v.target} points, the highest score at the end of that hand`,
  hand_limit: (v, d) => `had the highest total after the ${d.hands === 1 ? "one hand" : `${d.hands} hands`} this game was set to last`,
};

export function explainResult(view, room, ctx) {
  const d = room.result?.detail || view.result || {};
  const winners = (room.result?.winners || []).map((s) => seatName(ctx, s));
  const how = ENDED[d.ended]?.(view, d) || "had the highest total";
  const who = winners.length === 1 ? winners[0] : winners.join(" and ");
  return { why: `${who} ${how}.`, unit: "Points" };
}

/** What the running score is (`Game.scores`), said under the admin's score chart. */
export const scoreMeaning = "the total of the hands scored so far, with the couples shown in the hand under way";

// Game lengths measured with `saloon simulate` (smart bots, 3 and 4 seats, 40 games
// each); minutes assume about five seconds a decision. (The options' words are their
// model's: games/wyoming_cowboy/options.py.)
export const options = {
  presets: [
    { title: "One hand", about: "the highest score after one hand, about 6 minutes (65–75 moves)", options: { max_hands: 1 } },
    { title: "Five hands", about: "the highest total after five hands, about 25–30 minutes (300–390 moves)", options: { max_hands: 5 } },
    { title: "First to 250", about: "about 30 minutes (360–400 moves)", options: { target_score: 250 } },
    { title: "Full game", about: "first to 500, as written: about 70 minutes (about 830 moves)", options: {} },
  ],
};
