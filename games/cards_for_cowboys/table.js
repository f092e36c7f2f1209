// Cards for Cowboys: the Store pyramid (covered cards as backs), every player's round,
// your deck; drawing, trashing, buying, burning and rock-paper-scissors as clicks.
// The omniscient view (admin replay) gives faces where a seat's view gives backs or
// counts: covered Store cards (dimmed), every player's draw pile and discard pile, their
// pending choices and unrevealed throws; they are drawn read-only.

import { actionKey, add, h, listed, plural, s } from "/static/js/dom.js";
import { actButton, actionsFor, toggleSelect } from "/static/js/actions.js";
import { cardElement, squeezed, textLines, wrap } from "/static/js/cards.js";
import { withDefaults, actionableCard, barCards, buttons, decisionSlot, handSlot, menuFrom, seatName, stat, zone } from "/static/js/tables/common.js";

const CACTI = { river: 1, cactus: 2, rattlesnake: 3 };
const PHASE = { draw: "Drawing", rps: "Rock, paper, scissors", choose: "Choosing who buys first", buy: "Buying", give: "Passing on the Jail", over: "Game over" };
const THROW = { rock: "Rock", paper: "Paper", scissors: "Scissors" };

const backOf = (c) => (typeof c === "string" ? c : c?.back);

function cactus(x, y) {
  return s("g", { transform: `translate(${x} ${y})`, class: "cactus" },
    s("rect", { x: -2.5, y: -9, width: 5, height: 18, rx: 2.5 }),
    s("rect", { x: -7, y: -5, width: 3.5, height: 8, rx: 1.7 }),
    s("rect", { x: -7, y: 1, width: 6, height: 3, rx: 1.2 }),
    s("rect", { x: 3.5, y: -7, width: 3.5, height: 8, rx: 1.7 }),
    s("rect", { x: 1, y: -1, width: 6, height: 3, rx: 1.2 }));
}

// A back by its kind (its cacti tell a draw's risk); without one, a face-down pile's
// plain back, which tells nothing of the cards in it.
function backSvg(back) {
  const n = back ? CACTI[back] || 1 : 0;
  const xs = [[], [30], [21, 39], [15, 30, 45]][n];
  return s("svg", { viewBox: "0 0 60 84", class: `card-svg c4c-back back-${back || "plain"}`, "aria-hidden": "true", focusable: "false" },
    s("rect", { x: 1, y: 1, width: 58, height: 82, rx: 5, class: "card-bg" }),
    s("rect", { x: 5, y: 5, width: 50, height: 74, rx: 3, class: "c4c-back-fill" }),
    xs.map((x) => cactus(x, 44)),
    s("text", { x: 30, y: back ? 74 : 46, "text-anchor": "middle", class: "c4c-back-word" }, back || "discards"));
}

export function faceWords(c) {
  const parts = [c.covered ? `face down: ${c.text}` : c.text];
  if (c.cost) parts.push(`costs $${c.cost}`);
  if (c.doubled) parts.push("counts double");
  return parts.join(", ");
}

function valueLines(c) {
  const lines = [];
  if (c.cows) lines.push([plural(c.cows, "Cow"), "c4c-cows"]);
  if (c.bandits) lines.push([plural(c.bandits, "Bandit"), "c4c-bandits"]);
  if (c.jail) lines.push([`Jail ${c.jail}`, "c4c-jail"]);
  if (c.lose_cow) lines.push([`−${plural(c.lose_cow, "Cow")}`, "c4c-bandits"]);
  return lines;
}

// A card with an effect prints its whole text (which names its $, Cows and Bandits too);
// a plain card prints its values in large type. The text starts below the $ and the
// price badge, where a card has them: a first line beside the badge would run under it.
// A phone draws cards 62 px wide, where that text would be 7 px: there the stylesheet
// shows it in larger type instead, as much of it as the card holds, ended by "…" where
// it is cut (the enlarged card, a tap or a long press away, says it all).
// A Store thumbnail (some 46 px wide on a phone, 64 on a desktop) has no room for a rule
// in legible type: it shows the card's values and its effect in a few large words (the
// enlarged card, a hover, long press or Z away, and the decision bar's copy say it all).
const SHORT = {
  trash_for_2_dollars: ["Trash:", "+$2"], trash_for_jail: ["Trash:", "Jail 1"],
  trash_to_buy_first: ["Trash:", "buy 1st"], trash_to_replay: ["Trash:", "replay"],
  trash_to_reorder: ["Trash:", "reorder"], reorder_top_three: ["Reorder", "top 3"],
  two_cows_if_first: ["First:", "2 Cows"], draw_four: ["Draw 4", "more"],
  double_next: ["Next", "card ×2"], extra_buy: ["+1 buy"], return_to_deck: ["Put one", "back"],
  gift_others: ["Others", "+$1"], pass_jail: ["Then", "give it"],
};

function faceSvg(c, { short = false } = {}) {
  const hasEffect = c.effect && c.effect !== "none";
  const top = c.cash || c.cost ? 31 : 20;
  if (short) return shortSvg(c, top, hasEffect);
  const effect = hasEffect ? wrap(c.text, 15, Math.floor((83 - top) / 7.3) + 1) : [];
  const compact = hasEffect ? wrap(c.text, 11, Math.floor((84 - top) / 9.4) + 1) : [];
  const lines = hasEffect ? [] : valueLines(c);
  return faceFrame(c, false,
    lines.map(([t, cls], i) => s("text", { x: 5, y: 40 + i * 11, class: cls }, t)),
    s("g", { class: "face-full" }, textLines(effect, 4, top, 7.3, { class: "c4c-effect" })),
    s("g", { class: "face-compact" }, textLines(compact, 3.5, top + 1, 9.4, { class: "c4c-c-effect" })),
    c.doubled ? s("text", { x: 55, y: 80, "text-anchor": "end", class: "c4c-double" }, "×2") : null);
}

/** A face's frame: its back's band, the $ it pays and its price badge (`thumb`: a Store
 * thumbnail's, its number larger), around `children`. */
function faceFrame(c, thumb, ...children) {
  return s("svg", { viewBox: "0 0 60 84", class: `card-svg c4c-face${thumb ? " c4c-short-face" : ""} back-${c.back}`, "aria-hidden": "true", focusable: "false" },
    s("rect", { x: 1, y: 1, width: 58, height: 82, rx: 5, class: "card-bg" }),
    s("rect", { x: 1, y: 1, width: 58, height: 8, rx: 4, class: "c4c-band" }),
    c.cash ? s("text", { x: 5, y: 24, class: "c4c-cash" }, `$${c.cash}`) : null,
    c.cost ? [s("circle", { cx: 50, cy: 18, r: thumb ? 7.5 : 7, class: "c4c-cost" }),
      s("text", { x: 50, y: thumb ? 22 : 21.5, "text-anchor": "middle", class: thumb ? "c4c-cost-n c4c-short-value" : "c4c-cost-n" }, String(c.cost))] : null,
    ...children);
}

/** A Store thumbnail: its $, price and values in large type, then an effect in the few
 * words of `SHORT`; a line longer than the card holds in that type ("2 Bandits") is drawn
 * narrower to fit, rather than smaller. Its foot names its back in the back's colour: the
 * band alone, a colour strip, said nothing to a newcomer of the risk the card will tell
 * from the top of a draw pile. (Three lines at most above it: a value and two of effect.) */
function shortSvg(c, top, hasEffect) {
  const lines = valueLines(c);
  const said = hasEffect ? SHORT[c.effect] || wrap(c.text, 8, 2) : [];
  const from = lines.length ? 40 + lines.length * 11.5 : top + 11.5;
  return faceFrame(c, true,
    lines.map(([t, cls], i) => s("text", { x: 5, y: 40 + i * 11.5, class: `${cls} c4c-short-value`, ...squeezed(t, 7, 51) }, t)),
    said.map((t, i) => s("text", { x: 5, y: from + i * 11.5, class: "c4c-short", ...squeezed(t, 7, 51) }, t)),
    c.back ? [s("rect", { x: 1, y: 70, width: 58, height: 13, rx: 4, class: "c4c-foot" }),
      s("text", { x: 30, y: 80.5, "text-anchor": "middle", class: "c4c-foot-word", ...squeezed(c.back, 7, 54) }, c.back)] : null);
}

function zoomInfo(c) {
  const facts = [`${c.back} back`];
  if (c.cost) facts.push(`costs $${c.cost} in the Store`);
  if (c.doubled) facts.push("counts double this round");
  if (c.covered) facts.push("covered in the Store: it cannot be bought yet");
  return { title: c.text, text: null, facts };
}

function face(c, opts = {}) {
  const { short, ...rest } = opts;
  return cardElement(faceSvg(c, { short }), { ...rest, card: c.id, label: faceWords(c), zoom: zoomInfo(c), extraClass: c.covered ? "dim" : opts.extraClass });
}

function back(b, opts = {}) {
  return cardElement(backSvg(b), { ...opts, label: `face down, ${b} back (${plural(CACTI[b] || 1, "cactus", "cacti")})`, extraClass: "back" });
}

/** Another seat's discard pile: face down, its top card's back not shown (it is not the
 * next card drawn, and a back's cacti would tell a risk that is not there). */
function discardPile(opts = {}) {
  return cardElement(backSvg(null), { ...opts, label: "discard pile, face down", extraClass: "back" });
}

export function label(a, ctx) {
  const v = ctx.view;
  const find = (id) => {
    for (const row of v?.store || []) for (const c of row) if (c && typeof c === "object" && c.id === id) return c;
    for (const p of v?.players || []) {
      for (const c of [...(p.row || []), ...(p.bought || []), ...(p.pending?.choices || [])]) if (c.id === id) return c;
      if (p.discard_top?.id === id) return p.discard_top;
    }
    return null;
  };
  const name = (id) => { const c = find(id); return c ? `“${c.text}”` : "a card"; };
  switch (a.type) {
    case "draw": return "Draw a card";
    case "stop": return "Stop drawing";
    case "trash": return `Trash ${name(a.card)}`;
    case "replay": return `Replay ${name(a.card)}`;
    case "return": return `Put ${name(a.card)} back on your deck`;
    case "reorder": return `Order: ${a.order.map((id, i) => `${i ? "then " : "top "}${name(id)}`).join(", ")}`;
    case "skip": return "Keep it (skip)";
    case "throw": return THROW[a.hand] || a.hand;
    case "first": return `${seatName(ctx, a.seat)} buys first`;
    case "buy": { const c = find(a.card); return `Buy ${name(a.card)}${c ? ` for $${c.cost}` : ""}`; }
    case "burn": return `Burn ${name(a.card)}`;
    case "pass": return "Pass (no buy)";
    case "give": return `Give the Jail to ${seatName(ctx, a.to)}`;
    default: return null;
  }
}

// A screen wide enough for the Store's caption open beside the dock (as the room's CSS).
const WIDE = matchMedia("(min-width: 901px)");

function store(view, ctx) {
  const acts = ctx.legal.filter((a) => a.type === "buy" || a.type === "burn");
  const rows = view.store.map((row, r) => h("div", { class: "store-row", "data-row": r }, row.map((c) => {
    if (c === null || c === undefined) return h("div", { class: "card small store-gap", "aria-hidden": "true" });
    // The pyramid is drawn in thumbnails (hover, long-press or Z enlarges one); the cards
    // a buy may take are repeated full size in the decision bar.
    if (typeof c !== "object" || !c.id) return back(backOf(c), { small: true });
    if (c.covered) return face(c, { small: true, short: true });
    return actionableCard(ctx, c.id, (o) => face(c, { ...o, small: true, short: true }), actionsFor(acts, c.id));
  })));
  const open = ctx.ui.menu && actionsFor(acts, ctx.ui.menu);
  const menu = open && open.length >= menuFrom() ? h("div", { class: "menu", role: "group", "aria-label": "Store card" },
    h("p", { class: "menu-title" }, label({ type: "burn", card: ctx.ui.menu }, ctx).replace(/^Burn /, ""), ":"),
    open.map((a) => actButton(a, ctx)),
    h("button", { type: "button", class: "small", "data-focus": "menu-close", onclick: () => { ctx.ui.menu = null; ctx.rerender(); } }, "Cancel")) : null;
  if (ctx.decision && acts.length) {
    // The Store's open cards are repeated in the decision bar, so the choice is in view.
    const items = [];
    for (const row of view.store) {
      for (const c of row) {
        if (!c || typeof c !== "object" || !c.id || c.covered) continue;
        const mine = actionsFor(acts, c.id);
        if (!mine.length) continue;
        // A card past the $ left can still be burned: marked so, it is not taken for a buy.
        const burnOnly = !mine.some((a) => a.type === "buy");
        items.push([c.id, (o) => {
          const el = face(c, burnOnly ? { ...o, extraClass: "burn-only" } : o);
          el.dataset.back = c.back; // named under it (the stylesheet), as the Store names it
          return el;
        }]);
      }
    }
    const buys = acts.some((a) => a.type === "buy");
    add(ctx.decision, barCards(ctx, buys ? "Buy or burn from the Store (the price is in the dark circle):"
      : "Burn from the Store (every card costs more than you have):", items, acts), menu);
  }
  // The caption above the pyramid: under it, the dock covered it during one's move.
  return zone(`Store · ${plural(view.store_left, "card")} left`, { class: "store-zone", "data-place": "store" },
    // A card shows two sums: its price, and the $ it pays when drawn; a newcomer takes
    // the large one for the price.
    // Folded on a phone: nine lines there pushed the cards for sale under the dock.
    h("details", { class: "sub figures-key store-key", open: (ctx.ui?.storeKey ?? WIDE.matches) || null,
      ontoggle: (e) => { if (ctx.ui) ctx.ui.storeKey = e.target.open; } },
      h("summary", null, "Every face-up card is for sale: how the Store works"),
      "The pyramid is drawn upside down, its face-up bottom row on top: a face-down card turns face up once both cards above it here are bought or burned. A card's price is in its dark circle; the $ it shows is what it pays when you draw it. Its back, named in brackets where a choice names the card (\u201c$1 (cactus)\u201d), tells its risk when it is on top of your draw pile: river (one cactus) safe, cactus (two) mixed, rattlesnake (three) risky."),
    h("div", { class: "store" }, rows),
    ctx.decision ? null : menu,
    view.box?.length ? h("p", { class: "sub" }, `${plural(view.box.length, "card")} burned or out of the game`) : null);
}

function rps(view, ctx) {
  const throws = ctx.legal.filter((a) => a.type === "throw");
  const info = view.rps;
  if (!throws.length && !info) return null;
  const last = (info?.last || []).some(Boolean) ? h("p", { class: "sub" }, "Last throws: ",
    info.last.map((t, i) => (t ? `${seatName(ctx, i)}: ${t}` : null)).filter(Boolean).join(", ")) : null;
  return zone("Rock, paper, scissors — the winner chooses who buys first", { class: ["rps", throws.length && "acting"] },
    // Settled, the one contender left is the winner (the panel stays up while buying).
    info ? h("p", { class: "sub" }, info.contenders.length === 1 && view.phase !== "rps"
      ? `Won by ${seatName(ctx, info.contenders[0])}` : `Between ${listed(info.contenders.map((x) => seatName(ctx, x)))}`,
      info.thrown?.length ? ` · thrown: ${info.thrown.map((x) => seatName(ctx, x)).join(", ")}` : "",
      info.your_throw ? ` · you threw ${info.your_throw}` : "") : null,
    info?.throws?.some(Boolean) ? h("p", { class: "sub" }, "Thrown, not yet revealed: ",
      info.throws.map((t, i) => (t ? `${seatName(ctx, i)}: ${THROW[t] || t}` : null)).filter(Boolean).join(", ")) : null,
    last,
    throws.length && !ctx.decision ? h("div", { class: "actions-row rps-buttons" }, throws.map((a) => actButton(a, ctx, THROW[a.hand] || a.hand))) : null);
}

function playerZone(p, view, ctx, mine, bustedLast) {
  const toAct = (view.to_act || []).includes(p.seat);
  const buyer = view.buy?.buyer === p.seat;
  const trashActs = ctx.legal.filter((a) => ["trash", "return"].includes(a.type));
  const row = p.row?.length
    ? h("div", { class: "cards-row", "data-place": `row:${p.seat}` }, p.row.map((c) => mine
      ? actionableCard(ctx, c.id, (o) => face(c, o), actionsFor(trashActs, c.id))
      : face(c, { small: true })))
    : view.phase === "over" ? null
      // A bust sends the drawn cards to the discard pile at once: the zone says so rather
      // than that nothing was drawn.
      : p.status === "busted" ? h("p", { class: "sub danger" }, `Busted this round: ${mine ? "your" : "their"} Bandits not jailed reached three before ${mine ? "you" : "they"} stopped, and the cards drawn went to the discard pile (the log has them).`)
      : h("p", { class: "sub" }, "No cards drawn yet this round.");
  const stats = h("div", null,
    stat(`$${p.cash_left ?? p.cash}${p.cash_left !== undefined && p.cash_left !== p.cash ? ` of $${p.cash}` : ""}`),
    stat(plural(p.cows || 0, "Cow")), stat(plural(p.bandits || 0, "Bandit"), { class: ["stat", p.bandits >= 2 && "danger"] }),
    p.jails ? stat(`${p.jails} Jailed`) : null, p.gift ? stat(`+$${p.gift} gift`, { title: "From the other players' gift cards this round" }) : null,
    p.trashed_cash ? stat(`+$${p.trashed_cash} trashed`, { title: "From cards trashed for $2 this round" }) : null,
    p.double_next ? stat("next card doubles") : null, p.must_draw ? stat(`must draw ${p.must_draw}`) : null,
    p.buys_left ? stat(`${plural(p.buys_left, "buy")} left`) : null, p.busts ? stat(`busted ${p.busts}×`) : null,
    bustedLast.has(p.seat) && !p.row?.length && view.phase !== "over" ? stat("busted last round", { class: ["stat", "danger"] }) : null);
  const piles = h("div", { class: "piles" },
    h("div", { class: "pile" }, p.top_back ? back(p.top_back, { small: true }) : h("div", { class: "card small empty-pile" }),
      h("span", null, "Deck ", h("span", { class: "count" }, String(p.draw_count)))),
    h("div", { class: "pile" }, p.discard_top ? face(p.discard_top, { small: true }) : p.discard_count ? discardPile({ small: true }) : h("div", { class: "card small empty-pile" }),
      h("span", null, "Discards ", h("span", { class: "count" }, String(p.discard_count)))),
    p.bought?.length ? h("div", { class: "pile" }, h("div", { class: "cards-row" }, p.bought.map((c) => face(c, { small: true }))), h("span", null, "Bought this round")) : null);
  return zone(`${mine ? `You (${seatName(ctx, p.seat)})` : seatName(ctx, p.seat)} · Herd ${p.herd}`,
    { class: [mine && "mine", toAct && "acting"], "data-seat": p.seat },
    view.phase === "over" ? null : h("p", { class: "sub" }, p.status || "", buyer ? " · buying now" : "", p.buy_first ? " · buys first" : ""),
    stats, mine && ctx.hand ? null : row, piles, mine ? null : theirChoice(p), mine ? null : myDeck(p, ctx));
}

// Another player's pending choice, when the view shows it (the omniscient view).
function theirChoice(p) {
  const pend = p.pending;
  if (!pend?.choices?.length) return null;
  const what = { replay: "replay one from the discard pile", return: "put one back on the deck", reorder: "reorder the top of the deck" }[pend.step] || pend.step;
  return h("div", { class: "pending-step" }, h("p", { class: "sub" }, `Choosing: ${what}`),
    h("div", { class: "cards-row" }, pend.choices.map((c) => face(c, { small: true }))));
}

function pendingPanel(me, ctx) {
  const pend = me?.pending;
  const acts = ctx.legal.filter((a) => ["replay", "reorder", "skip"].includes(a.type));
  if (!pend && !acts.length) return null;
  const replay = ctx.legal.filter((a) => a.type === "replay");
  const choices = pend?.choices || [];
  // Offered a look at the top cards, the card's trash that gives it stands beside "Keep
  // the card" (it is the prompt's subject; the card itself is also a control on the row).
  const look = acts.some((a) => a.type === "skip") ? ctx.legal.filter((a) => a.type === "trash") : [];
  const reordering = pend?.step === "reorder" && choices.length;
  const source = reordering ? [...(me.row || []), ...(me.bought || [])].find((c) => c.id === pend.card) : null;
  // Three cards or more are put back by choosing them in order: their six orders, each a
  // button, ran under a phone's screen.
  const picking = reordering && choices.length >= 3 && acts.some((a) => a.type === "reorder");
  const others = acts.filter((a) => a.type !== "replay" && !(picking && a.type === "reorder"));
  return h("div", { class: "pending-step" },
    replay.length ? h("div", { class: "cards-row" }, choices.map((c) => actionableCard(ctx, c.id, (o) => face(c, o), actionsFor(replay, c.id)))) : null,
    // The cards being put back, and the card that lets you: the orders alone named them
    // in a long list of sentences.
    reordering ? [h("p", { class: "sub" }, choices.length > 1
      ? [`Your top ${plural(choices.length, "card")}, top first now`, source ? ` (your “${source.text}” lets you put them back in any order):` : ":"]
      : ["Your top card", source ? ` (your “${source.text}” lets you look at it):` : ":"]),
    picking ? orderPicker(choices, acts, ctx) : h("div", { class: "cards-row" }, choices.map((c) => face(c, { small: true })))] : null,
    h("div", { class: "actions-row" }, [...look, ...distinctOrders(others, choices)]
      .map((a) => (a.type === "reorder" ? orderButton(a, choices, ctx) : actButton(a, ctx)))));
}

const PLACES = ["1st (top)", "2nd", "3rd", "4th", "5th"];

/** The top cards to put back, chosen one by one, the top first (once all but one are
 * chosen, the last goes under them), then confirmed; the selection is the room's, cleared
 * at each move. */
function orderPicker(choices, acts, ctx) {
  const ids = choices.map((c) => c.id);
  const chosen = (ctx.ui.selected ||= []).filter((id) => ids.includes(id));
  ctx.ui.selected = chosen;
  const order = chosen.length >= ids.length - 1 ? [...chosen, ...ids.filter((id) => !chosen.includes(id))] : chosen;
  const match = order.length === ids.length
    ? acts.find((a) => a.type === "reorder" && a.order.join("\n") === order.join("\n")) : null;
  const pick = (id) => { toggleSelect(ctx, id); ctx.rerender(); };
  return h("div", { class: "picker order-picker" },
    h("div", { class: "cards-row" }, choices.map((c) => {
      const at = order.indexOf(c.id);
      return h("div", { class: "pile order-pick" }, face(c, { pick: true, selected: chosen.includes(c.id), onclick: () => pick(c.id) }),
        h("span", { class: "order-at" }, at >= 0 ? PLACES[at] : "\u2014"));
    })),
    h("div", { class: "confirm-row" },
      h("button", { type: "button", class: "primary", "data-confirm": "yes", "data-action": match ? actionKey(match) : null,
        disabled: !match, onclick: () => match && ctx.act(match) },
      match ? `Put them back, on top: ${orderWords(match, choices)}` : `Choose the cards in order, the top first (${chosen.length} of ${ids.length - 1} chosen)`),
      chosen.length ? h("button", { type: "button", class: "small", onclick: () => { ctx.ui.selected = []; ctx.rerender(); } }, "Clear") : null));
}

/** An order's cards, top first, in their short words: "$1, then 1 Bandit, then $1". */
function orderWords(a, choices) {
  const text = new Map(choices.map((c) => [c.id, c.text]));
  return a.order.map((id) => text.get(id) ?? "a card").join(", then ");
}

/** An order's button, short: the cards shown above it, named top first ("On top: $1, then
 * 1 Bandit, then $1"); the game's sentence for it, long, is its accessible name. One card
 * alone has no order to choose: its button puts it back. */
function orderButton(a, choices, ctx) {
  const words = a.order.length === 1 ? "OK, put it back" : `On top: ${orderWords(a, choices)}`;
  return actButton(a, ctx, words, { ariaLabel: ctx.label(a) });
}

/** The orders to offer, one of each that reads differently: two cards alike (two $1s)
 * swapped make the same order, offered twice before. */
function distinctOrders(acts, choices) {
  const alike = new Map(choices.map((c) => [c.id, JSON.stringify({ ...c, id: null })]));
  const seen = new Set();
  return acts.filter((a) => {
    if (a.type !== "reorder") return true;
    const key = a.order.map((id) => alike.get(id) ?? id).join("|");
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// The seat's own deck; in the omniscient view every player's, the draw pile as faces
// (top first, open) and the discard pile (bottom first).
function myDeck(me, ctx) {
  if (!me.draw_pile) return null;
  const known = new Map((me.known || []).map((k) => [k.position, k]));
  const faces = me.draw_pile.some((c) => typeof c === "object");
  const whose = ctx && me.seat !== ctx.view?.you ? `${seatName(ctx, me.seat)}'s deck` : "Your deck";
  return h("details", { class: "deck", open: faces || null }, h("summary", null, `${whose}: ${me.draw_pile.length} to draw, top first`),
    h("div", { class: "cards-row" }, me.draw_pile.map((b, i) => (typeof b === "object" ? face(b, { small: true })
      : known.has(i) ? face(known.get(i), { small: true }) : back(b, { small: true })))),
    me.discard?.length ? [h("p", { class: "sub" }, `Discard pile: ${me.discard.length}, bottom first`),
      h("div", { class: "cards-row" }, me.discard.map((c) => face(c, { small: true })))] : null,
    me.deck?.length ? h("ul", { class: "deck-list" }, me.deck.map((d) => h("li", null, `${d.count} × ${d.text}`))) : null);
}

// The seats whose bust the room's log (ctx.log, where the page has one) places in the
// round before this one.
function bustedLastRound(view, ctx) {
  return new Set((ctx.log || []).filter((e) => e.type === "bust" && e.round === view.round - 1).map((e) => e.seat));
}

/** The face of the card whose Bandits busted `seat` in `round` (the last it drew before
 * the bust, as the log tells it), if the log still holds it. */
function bustingFace(log, seat, round) {
  const at = log.findLastIndex((e) => e.type === "bust" && e.seat === seat && e.round === round);
  for (let i = at - 1; i >= 0; i--) if (log[i].seat === seat && log[i].face) return log[i].face;
  return null;
}

/** The seat's own bust said in the bar, with the card that did it: the drawn row goes to
 * the discard pile at once, and a bust read as a round gone without a reason. */
function bustNote(view, ctx, round, now) {
  const c = bustingFace(ctx.log || [], view.you, round);
  const how = c ? `the ${c.text} you drew brought your Bandits not jailed to three` : "your Bandits not jailed reached three";
  return h("div", { class: "bar-note danger bust-note" }, c ? face(c, { small: true }) : null,
    h("p", null, now ? `You busted: ${how} before you stopped. Your drawn cards went to your discard pile, and you buy nothing this round.`
      : `You busted last round: ${how} before you stopped, so you bought nothing.`));
}

export function render(container, view, ctx) {
  withDefaults(ctx, label);
  ctx.view = view;
  const you = view.you;
  const seated = you !== null && you !== undefined;
  add(container, h("div", { class: "info" }, stat(`Act ${view.act}`), stat(`Round ${view.round}`), stat(PHASE[view.phase] || view.phase),
    view.buy?.buyer !== null && view.buy?.buyer !== undefined && view.phase !== "over" ? stat(`Buying: ${seatName(ctx, view.buy.buyer)}`) : null));
  const me = seated ? view.players[you] : null;
  const bustedLast = bustedLastRound(view, ctx); // the log read once, for every seat
  const z = me ? playerZone(me, view, ctx, true, bustedLast) : null;
  const bar = decisionSlot(ctx, z || container);
  const gives = ctx.legal.filter((a) => a.type === "give");
  // One button a player, named: the sentence that would repeat the card's whole text on
  // each (only the name differs) is said once, above them.
  if (gives.length) add(bar, h("div", { class: "reaction", role: "group", "aria-label": "Pass on the Jail" },
    h("h3", null, "Pass on the Jail card"),
    h("p", { class: "sub" }, "It goes on the discard pile of the player you choose, to jail a Bandit of theirs when they draw it. Give it to:"),
    h("div", { class: "actions-row" }, gives.map((a) => actButton(a, ctx, seatName(ctx, a.to), { title: ctx.label(a) })))));
  add(ctx.decision ? container : bar, rps(view, ctx));
  if (ctx.decision) {
    const throws = ctx.legal.filter((a) => a.type === "throw");
    if (throws.length) add(bar, h("div", { class: "actions-row rps-buttons", role: "group", "aria-label": "Rock, paper or scissors" }, throws.map((a) => actButton(a, ctx, THROW[a.hand] || a.hand))));
  }
  const firsts = ctx.legal.filter((a) => a.type === "first");
  if (firsts.length) add(bar, h("div", { class: "actions-row", role: "group", "aria-label": "Choose who buys first" }, h("p", { class: "bar-title" }, "Choose who buys first:"), firsts.map((a) => actButton(a, ctx))));
  add(container, store(view, ctx));
  const others = view.players.filter((p) => p.seat !== you);
  add(container, h("div", { class: "opponents" }, others.map((p) => playerZone(p, view, ctx, false, bustedLast))));
  if (!me) return;
  const main = buttons(ctx, ["draw", "stop", "pass"]);
  if (main) main.classList.add("big-actions");
  // A round can end, the others drawing on and buying, before a seat that busted has seen
  // its third Bandit: the next round's first decision says so.
  // A bust of this round is said at once, to the seat that busted, for as long as the
  // round lasts: its drawn cards are gone to its discard pile.
  const bustNow = me.status === "busted" && view.phase !== "over";
  const busted = bustNow ? bustNote(view, ctx, view.round, true)
    // (A note of the round before, never under the game's end.)
    : bustedLast.has(you) && !me.row?.length && view.phase !== "over" ? bustNote(view, ctx, view.round - 1, false)
      : null;
  // A drawn card that may be trashed (or put back) now says so in the bar, in the game's
  // words, beside Draw and Stop: its outline in the row alone tells a newcomer nothing.
  const uses = ctx.legal.filter((a) => a.type === "trash" || a.type === "return");
  const useRow = uses.length && ctx.legal.some((a) => a.type === "draw" || a.type === "stop")
    ? h("div", { class: "actions-row", role: "group", "aria-label": "Use a card you drew" }, uses.map((a) => actButton(a, ctx))) : null;
  add(bar, busted, main, useRow, pendingPanel(me, ctx));
  if (ctx.hand) {
    const trashActs = ctx.legal.filter((a) => ["trash", "return"].includes(a.type));
    add(ctx.hand, h("div", { class: "my-hand", "data-seat": you, "data-place": `row:${you}` },
      h("h3", null, bustNow ? "Drawn this round: busted, nothing kept"
        : `Drawn this round: $${me.cash_left ?? me.cash}${dollarsBeyond(me)} · ${plural(me.cows || 0, "Cow")} · ${banditsSaid(me, view.phase === "draw" && me.status === "drawing")}`),
      me.row?.length ? h("div", { class: "cards-row hand" }, me.row.map((c) => actionableCard(ctx, c.id, (o) => face(c, o), actionsFor(trashActs, c.id))))
        : h("p", { class: "sub" }, bustNow ? "Busted: your drawn cards went to your discard pile."
          : `No cards drawn${me.status === "drawing" ? " yet" : ""} this round.`)));
  }
  add(z, myDeck(me, ctx));
  add(container, z);
}

/** The part of a seat's $ that no card of its row shows, said beside the sum: " ($1 of
 * it from another player's gift card)", or "" when the cards show it all. */
function dollarsBeyond(p) {
  const parts = [p.gift ? `$${p.gift} of it from ${p.gift === 1 ? "another player's gift card" : "the others' gift cards"}` : null,
    p.trashed_cash ? `$${p.trashed_cash} ${p.gift ? "" : "of it "}from cards trashed` : null].filter(Boolean);
  return parts.length ? ` (${parts.join(" and ")})` : "";
}

/** A row's Bandits as they weigh on a bust: a Jail cancels one ("3 Bandits, 1 jailed");
 * while `drawing` (the player has not stopped), a warning one Bandit short of it. */
function banditsSaid(p, drawing) {
  const bandits = p.bandits || 0, jails = Math.min(p.jails || 0, bandits);
  return `${plural(bandits, "Bandit")}${jails ? `, ${jails} jailed` : ""}${drawing && bandits - jails === 2 ? " (one more busts you)" : ""}`;
}

/** The place on the table a decision of the viewer needs to see (the room scrolls to it). */
export function focusTarget() { return null; }

export function renderBreakdown(view, room, ctx) {
  const detail = room.result?.detail || view.result?.detail;
  const rows = detail?.seats || (view.players || []).map((p) => ({ seat: p.seat, herd: p.herd, lines: [`Herd: ${plural(p.herd, "Cow")}`, p.busts ? `Rounds busted: ${p.busts} (no Cows in them)` : "Rounds busted: none"] }));
  const out = rows.map((row) => h("section", { class: "breakdown-seat" },
    h("h3", null, `${seatName(ctx, row.seat)} — Herd ${row.herd}`),
    h("ul", { class: "breakdown-lines" }, (row.lines || []).map((l) => h("li", null, (typeof l === "string" ? l : `${l.label || l.what}: ${l.points}`))))));
  if (detail?.tie_rule) out.push(h("p", { class: "help" }, detail.tie_rule));
  return out;
}


export function explainResult(view, room, ctx) {
  const winners = (room.result?.winners || []).map((s) => seatName(ctx, s));
  const herd = room.result?.scores?.[room.result.winners?.[0]];
  // The rule itself ("equal largest Herds share the win") stands once, under the lines.
  const shared = winners.length > 1 ? ", equal Herds" : "";
  return { why: `${listed(winners)} gathered the largest Herd${herd !== undefined ? ` (${plural(herd, "Cow")}${shared})` : shared} over the three Acts.`,
    unit: "Herd" };
}

/** What the running score is (`Game.scores`), said under the admin's score chart. */
/** Its cards have no suits: the room offers no four-colour suits. */
export const suits = false;

export const scoreMeaning = "the Herd, the Cows banked at the ends of the rounds so far";

// Game length measured with `saloon simulate` (smart bots, 40 games a seat count); minutes
// assume about three seconds an action, the draws made by everybody at once.
export const options = {
  presets: [
    { title: "Full game", about: "three Acts, about 15–30 minutes (340 moves with 2 players, 620 with 4)", options: {} },
  ],
};
