// Cowpoker: four Ranches around the table (Deadwood ones included), Gangs with their
// poker hands and points, Cellar counts, your hand, the Roundup or Gunfight under way.

import { add, h, plural, s } from "/static/js/dom.js";
import { actButton, actionsFor, lineName, pointsCell } from "/static/js/actions.js";
import { cardElement, SUIT_SYMBOL, SUIT_WORD, rankShow, squeezed, textLines, wrap } from "/static/js/cards.js";
import { withDefaults, actionableCard, barCards, barRow, buttons, decisionSlot, handSlot, openMenu, seatName, stat, zone } from "/static/js/tables/common.js";

const RANK_WORD = { 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight", 9: "Nine", T: "Ten", J: "Jack", Q: "Queen", K: "King", A: "Ace" };
const KIND = { roundup: "Roundup", gunfight: "Gunfight" };
// What a Wild card in a place does, said where it does it: "7s are wild here".
const RANKS_SAID = { 11: "Jacks", 12: "Queens", 13: "Kings", 14: "Aces" };
const wildSaid = (ranks, where) => `${ranks.map((r) => RANKS_SAID[r] || `${r}s`).join(" and ")} are wild ${where}`;
const PHASE = { play: "Playing into the Gangs", trick: "Trick", showdown: "Showdown: Roundup or Gunfight?", rustle: "Rustling", unload: "Unloading", over: "Game over" };

export function faceWords(c) {
  const face = c.rank === "Joker" ? "Joker" : `${RANK_WORD[c.rank] || c.rank} of ${SUIT_WORD[c.suit] || c.suit}`;
  return `${c.name}, ${face}, ${c.ranch}: ${plural(c.points, "point")}, Roundup ${c.roundup}, Gunfight ${c.gunfight}${c.text ? `. ${c.text}` : ""}`;
}

// Sized for a card 96 px wide: no text under 11 px (7 units of the 60-unit face). A
// phone draws cards 62 px wide, where that text would be 7 px: there the face's compact
// drawing shows instead (the stylesheet picks one), the name, Ranch and values larger and
// the effect in a word, read in full on the enlarged card (a tap or a long press).
function faceSvg(c, ignored = false) {
  const joker = c.rank === "Joker";
  const suit = joker ? "J" : c.suit;
  const corner = joker ? "★" : rankShow(c.rank);
  const sym = joker ? "" : SUIT_SYMBOL[c.suit];
  // Every name in two lines of eleven characters at most, the longest pressed to the
  // room beside the corner (at ten a line, "Wells Fargo Agent" lost its last word).
  const name = wrap(c.name, 11, 2);
  // Ignored, the effect's words (faded) go under the tag that says so, never under a
  // stamp over them: four lines are left for them, the whole text on the enlarged card.
  const effect = wrap(faceText(c), 15, ignored ? 4 : 6);
  return s("svg", { viewBox: "0 0 60 84", class: "card-svg cow-face", "aria-hidden": "true", focusable: "false" },
    s("rect", { x: 1, y: 1, width: 58, height: 82, rx: 5, class: "card-bg" }),
    s("g", { class: `ink suit-${suit}` },
      s("text", { x: 8, y: 14, class: "cow-rank", "text-anchor": "middle" }, corner),
      // A Joker's corner is its star alone: a "J" under it read as a Jack.
      joker ? null : s("text", { x: 8, y: 25, class: "cow-suit", "text-anchor": "middle" }, sym)),
    s("g", { class: "face-full" },
      name.map((line, i) => s("text", { x: 36, y: 9.3 + i * 7.2, class: "cow-name", "text-anchor": "middle", ...squeezed(line, 10, 41) }, line)),
      s("text", { x: 36, y: 24.3, class: "cow-ranch", "text-anchor": "middle" }, c.ranch),
      s("g", { class: "cow-values" },
        s("rect", { x: 3, y: 27, width: 54, height: 11.5, rx: 3, class: "cow-box" }),
        s("text", { x: 12, y: 36, "text-anchor": "middle", class: "cow-pts" }, String(c.points)),
        s("text", { x: 30, y: 36, "text-anchor": "middle", class: "cow-ru" }, `R${c.roundup}`),
        s("text", { x: 48, y: 36, "text-anchor": "middle", class: "cow-gf" }, `G${c.gunfight}`)),
      // In one's hand, a card whose effect would be ignored says so above its words.
      ignored ? s("g", { class: "cow-ignored" },
        s("rect", { x: 3, y: 40.5, width: 54, height: 9.5, rx: 3 }),
        s("text", { x: 30, y: 47.8, class: "cow-ignored-word", "text-anchor": "middle", ...squeezed(IGNORED_STAMP, 12, 50) }, IGNORED_STAMP)) : null,
      textLines(effect, 3.5, ignored ? 56.5 : 45, 7.2, { class: ["cow-effect", ignored && "ignored"] })),
    compactSvg(c, ignored));
}


/** The face's drawing for a phone: no text under 9 px on a card 62 px wide. */
function compactSvg(c, ignored = false) {
  const name = wrap(c.name, 11, 2);
  const tag = tagWord(c);
  return s("g", { class: "face-compact" },
    // Between the corner's index and the border (2 units), with room for the glyphs' overhang.
    name.map((line, i) => s("text", { x: 37, y: 11 + i * 9.5, class: "cow-c-name", "text-anchor": "middle", ...squeezed(line, 7, 37) }, line)),
    s("rect", { x: 2.5, y: 30, width: 55, height: 14, rx: 3, class: "cow-box" }),
    s("text", { x: 11, y: 41, "text-anchor": "middle", class: "cow-c-value cow-pts", ...squeezed(String(c.points), 2, 16) }, String(c.points)),
    s("text", { x: 30, y: 41, "text-anchor": "middle", class: "cow-c-value cow-ru", ...squeezed(`R${c.roundup}`, 2, 16) }, `R${c.roundup}`),
    s("text", { x: 49, y: 41, "text-anchor": "middle", class: "cow-c-value cow-gf", ...squeezed(`G${c.gunfight}`, 2, 16) }, `G${c.gunfight}`),
    s("text", { x: 30, y: 56, class: "cow-c-ranch", "text-anchor": "middle", ...squeezed(c.ranch, 10, 54) }, c.ranch),
    c.text ? [s("rect", { x: 3, y: 64, width: 54, height: 14, rx: 7, class: ["cow-c-tag", ignored && "ignored"] }),
      s("text", { x: 30, y: 74.5, class: "cow-c-tag-word", "text-anchor": "middle", ...squeezed(tag, 9, 50) }, tag),
      // Ignored, the effect's word stays readable, struck through: what the play gives up.
      ignored ? s("line", { x1: 7, y1: 71, x2: 53, y2: 71, class: "cow-c-struck" }) : null] : null);
}

// The effect in a word on a phone's card, so a hand can be read without enlarging each
// card (the enlarged card says it whole): what it starts, or where it always goes.
const TAG = { roundup: "Roundup!", gunfight: "Gunfight!", showdown: "Showdown", extra_play: "Play again",
  rustle: "Rustle", live_rustle: "Rustle any", unload: "Unload", wild: "Wild" };
const PLACE = { most_points: "→ most pts", fewest_points: "→ fewest pts", best_hand: "→ best hand", worst_hand: "→ worst hand" };

// Said on a card of one's hand whose effect would be ignored now (a phone strikes its
// effect's word through instead: "No effect" alone read as a card that has none).
const IGNORED_STAMP = "No effect now";

// Where a card always goes, in fewer words than its rule's "However this card is played,
// it always goes into the Gang with…", which a face cut after six lines (the Jokers').
const GOES = { most_points: "the most points", fewest_points: "the fewest points", best_hand: "the best poker hand", worst_hand: "the worst poker hand" };

/** A card's effect as its full-size face says it: its rule's words, or for a card that
 * always goes to one Gang, the same said short (the enlarged card says it whole). */
function faceText(c) {
  if (!c.place || !GOES[c.place]) return c.text || "";
  return `${c.rank === "Joker" ? "Wild. " : ""}Always goes into the Gang with ${GOES[c.place]}.`;
}

function tagWord(c) {
  // A Wild card names the rank it makes wild: its own rank is another ("Threes are wild in
  // the place this card lies" on a Two).
  if (c.effect === "wild" && c.wild_rank) return `${RANKS_SAID[c.wild_rank] || `${c.wild_rank}s`} wild`;
  return TAG[c.effect] || PLACE[c.place] || "effect";
}

// Why a card in one's hand would have its effect ignored, said where the card is read:
// in a trick every card's is (one's own Ranch's and the Town's too); on a turn, another
// Ranch's card's, without that Ranch's Ace in one's Gang.
function ignoredWhy(c, view) {
  return view?.phase === "trick"
    ? "Played into this trick, its effect is ignored: no card's effect works in a Roundup or Gunfight"
    : `Played by you now, its effect is ignored: it is ${c.ranch}'s card, and ${c.ranch}'s Ace is not in your Gang`;
}

/** `text` ended as a sentence: a full stop unless it ends in one already ("Roundup!"). */
const ended = (text) => (/[.!?]$/.test(text) ? text : `${text}.`);

function zoomInfo(c, why) {
  const face = c.rank === "Joker" ? "Joker" : `${RANK_WORD[c.rank] || c.rank} of ${SUIT_WORD[c.suit] || c.suit}`;
  return { title: c.name, text: c.text || "No special effect.",
    facts: [`${face}, of the ${c.ranch} Ranch`, `${plural(c.points, "point")} in a Gang`, `Roundup ${c.roundup} · Gunfight ${c.gunfight}`,
      why ? `${why}.` : null].filter(Boolean) };
}

/** A card's face; `why`: in the viewer's hand, why its effect would be ignored if played
 * now (none: it would not be). */
function face(c, opts = {}, why = null) {
  return cardElement(faceSvg(c, !!why), { ...opts, card: c.id,
    label: why ? `${ended(faceWords(c))} ${why}.` : faceWords(c), zoom: zoomInfo(c, why) });
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
    // Said to the player on a button; the admin's replay (no viewer) names the step.
    case "play": return ctx.you === null || ctx.you === undefined ? `Play ${name}` : `Play ${name} into your Gang`;
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
  // One trick straight after another: the first's outcome, in a line, or it flashed by.
  const before = lastTrick(ctx.log || [], view, { during: true });
  return zone(`${KIND[t.kind] || t.kind} called by ${ranchOwner(view, t.caller, ctx)}`, { class: "trick-zone" },
    before?.winner ? h("p", { class: "sub last-said" }, `The last ${KIND[before.kind] || "trick"} went to ${ranchOwner(view, before.winner, ctx)}: ${plural(before.taken.length, "card")} into their Cellar.`) : null,
    h("p", { class: "sub" }, "Order: ", t.order.join(" → "), t.next ? ` · next: ${ranchOwner(view, t.next, ctx)}` : ""),
    h("div", { class: "cards-row trick" }, t.played.map((p) => h("div", { class: "pile" },
      p.card && view.cards?.[p.card] ? face(view.cards[p.card]) : cowBack({ label: "a card played face down" }),
      h("span", null, p.ranch)))));
}

/** The trick that ended last, from the log's events (each says its Ranch and card), when
 * none is under way (or, `during`, before the one under way) and the viewer (a spectator:
 * anyone) has not played into a Gang since:
 * bots and Deadwood finish a trick in a blink, and a newcomer saw their card vanish
 * without seeing who won it or where the cards went. */
export function lastTrick(log, view, { during = false } = {}) {
  if ((view.trick && !during) || view.phase === "over") return null;
  // (``during`` a trick, walking back passes its own start and plays to the last end.)
  let end = -1;
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i];
    if (e.type === "trick_end") { end = i; break; }
    // A play into a Gang since: the viewer's own, or anyone's for a spectator.
    if (e.type === "play" && (!view.your_ranch || e.ranch === view.your_ranch)) return null;
  }
  if (end < 0) return null;
  let start = end;
  while (start > 0 && log[start].type !== "trick_start") start--;
  if (log[start].type !== "trick_start") return null;
  const events = log.slice(start + 1, end);
  return {
    kind: log[start].kind, caller: log[start].ranch, winner: log[end].ranch ?? null,
    taken: log[end].cards || [],
    plays: events.filter((e) => e.type === "trick_play").map((e) => ({ ranch: e.ranch, card: e.card ?? null })),
    placed: Object.fromEntries(events.filter((e) => e.type === "placed").map((e) => [e.card, e.ranch])),
  };
}

function lastTrickZone(view, ctx) {
  const t = lastTrick(ctx.log || [], view);
  if (!t) return null;
  const kind = KIND[t.kind] || "trick";
  const said = t.winner
    ? `${ranchOwner(view, t.winner, ctx)} won it: ${plural(t.taken.length, "card")} into their Cellar, face down`
    : "Nobody had a card: it was void";
  return zone(`The last ${kind}, called by ${ranchOwner(view, t.caller, ctx)}`, { class: "trick-zone last-trick" },
    h("p", { class: "sub" }, said),
    h("div", { class: "cards-row trick" }, t.plays.map((p) => {
      const c = p.card ? view.cards?.[p.card] : null;
      const value = c ? (t.kind === "gunfight" ? c.gunfight : c.roundup) : null;
      const went = p.card && t.placed[p.card] ? `→ Gang of ${t.placed[p.card]}` : null;
      // A line each: whose, then its value as the cards write it (R for a Roundup, G for
      // a Gunfight) and whether it won, then where it went if not to the winner's Cellar.
      return h("div", { class: ["pile", p.ranch === t.winner && "won"] },
        c ? face(c, { small: true }) : h("div", { class: "card empty-pile", "aria-label": "no card" }),
        h("span", null, p.ranch),
        value !== null || p.ranch === t.winner ? h("span", null, value !== null ? `${t.kind === "gunfight" ? "G" : "R"} ${value}` : "",
          p.ranch === t.winner ? `${value !== null ? " · " : ""}won` : "") : null,
        went ? h("span", { class: "went" }, went) : null);
    })));
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
  return zone(`${row.ranch} — ${mine ? `you (${who})` : who}${row.deadwood ? " (cannot win)" : ""}`,
    { class: [mine && "mine", acting && "acting", row.deadwood && "deadwood"], "data-ranch": row.ranch, "data-owner": row.seat ?? null },
    h("div", null, stat(`Gang ${plural(row.gang_points, "pt")}`), stat(row.gang_hand), row.gang_wild?.length ? stat(wildSaid(row.gang_wild, "in this Gang"), { title: "A Wild card in a Gang makes a rank wild there" }) : null,
      stat(`Cellar: ${plural(row.cellar_count, "card")}`), row.deadwood || view.phase === "over" ? null : stat(`${row.hand_count} in hand`),
      // After the game nobody's turn or lead is left to mark.
      view.phase !== "over" && view.turn === row.ranch ? stat("turn") : null,
      view.phase !== "over" && view.lead === row.ranch ? stat("began the game", { title: LEAD_TITLE }) : null),
    gang,
    // Once the game is over every Cellar and Hand is laid open, as they are scored.
    row.cellar ? h("details", { class: "deck", open: view.phase === "over" && row.cellar.length > 0 },
      h("summary", null, `${mine ? "Your Cellar" : `Cellar of ${row.ranch}`}: ${row.cellar.length ? `${plural(row.cellar.length, "card")}, ${plural(row.cellar_points, "pt")}, ${row.cellar_hand}` : "empty"}`),
      h("div", { class: "cards-row" }, row.cellar.map((id) => (view.cards?.[id] ? face(view.cards[id], { small: true }) : cowBack({ small: true }))))) : null,
    // One's own Hand is drawn under the table (or in the dock) already.
    row.hand && !mine ? [h("p", { class: "sub row-hand" }, `Hand of ${row.ranch}: ${row.hand.length ? `${plural(row.hand.length, "card")}, ${row.hand_poker}` : "empty"}`),
      h("div", { class: "cards-row" }, row.hand.map((id) => (view.cards?.[id] ? face(view.cards[id], { small: true }) : cowBack({ small: true }))))] : null);
}

/** The Ranch to the left of `ranch` (the next clockwise): whose turn follows a trick, which
 * the turn's Ranch started (`view.turn` stays on it until the trick ends). */
function leftOf(view, ranch) {
  const rows = view.table || [];
  const at = rows.find((r) => r.ranch === ranch);
  return at ? rows.find((r) => r.position === (at.position + 1) % rows.length)?.ranch ?? ranch : ranch;
}

// The stats a newcomer asks about, said in full where a pointer rests on them.
const TURN_TITLE = "Whose turn it is to draw and play into their Gang; a Roundup or Gunfight it starts asks every Ranch for a card in between";
const LEAD_TITLE = "The Ranch that played first this game; turns go to the left from it, and the next game starts left of it";

export function render(container, view, ctx) {
  withDefaults(ctx, label);
  ctx.view = view;
  const over = view.phase === "over";
  add(container, h("div", { class: "info" }, view.your_ranch ? stat(`Your Ranch: ${view.your_ranch}`) : null,
    // A trick is named by its kind, as the prompts and hints name it.
    stat(view.phase === "trick" && view.trick ? `${KIND[view.trick.kind] || "Trick"}: every Ranch plays a card` : PHASE[view.phase] || view.phase),
    stat(`Deck ${view.deck_count}`),
    // In a trick every Ranch plays in the trick's order: the turn waits for it to end.
    view.turn && !over ? stat(`${view.trick ? `Next turn, after the ${KIND[view.trick.kind] || "trick"}` : "Turn"}: ${ranchOwner(view, view.trick ? leftOf(view, view.turn) : view.turn, ctx)}`,
      { title: TURN_TITLE }) : null,
    view.lead && !over ? stat(`Began the game: ${view.lead}`, { title: LEAD_TITLE }) : null,
    view.hand_wild?.length ? stat(wildSaid(view.hand_wild, "in your hand"), { title: "A Wild card in your hand makes a rank wild there" }) : null,
    view.pending ? stat({ extra_play: "Extra play", rustle: "Rustle", live_rustle: "Live rustle" }[view.pending] || view.pending) : null),
    // The three figures on every card, which the prompts name in words.
    h("p", { class: "sub figures-key" }, "On each card: its points, R its Roundup value, G its Gunfight value."));
  const rows = view.table || [];
  const mine = rows.find((r) => r.seat !== null && r.seat === view.you);
  const mz = mine ? ranchZone(mine, view, ctx) : null;
  const bar = decisionSlot(ctx, container);
  const calls = buttons(ctx, ["call"]);
  if (calls) add(bar, h("div", { class: "reaction", role: "group", "aria-label": "Showdown" },
    h("h3", null, "Showdown! Roundup or Gunfight?"), calls));
  add(container, trickZone(view, ctx) || lastTrickZone(view, ctx));
  const gangActs = ctx.legal.filter((a) => a.type === "unload" || a.type === "rustle");
  if (ctx.decision && gangActs.length) {
    // The Gang cards a rustle or an unload may take, repeated in the decision bar.
    const takeable = (r) => r.gang.filter((id) => view.cards?.[id] && actionsFor(gangActs, id).length)
      .map((id) => [id, (o) => face(view.cards[id], o)]);
    if (gangActs[0].type === "rustle") {
      // By the Gang each would come from: the Ranch printed on a card is often another.
      // In one row (a late live rustle may offer some twenty cards, which wrapped would
      // stand taller than the dock).
      const groups = rows.map((r) => [r, takeable(r)]).filter(([, items]) => items.length);
      add(bar, barRow("Rustle which card? (from another Gang)",
        groups.map(([r, items]) => barCards(ctx, `Gang of ${ranchOwner(view, r.ranch, ctx)}`, items, gangActs))));
    } else {
      add(bar, barCards(ctx, "Move which card of your Gang?", rows.flatMap(takeable), gangActs));
    }
  }
  add(bar, openMenu(ctx, gangActs, (id) => `${view.cards?.[id]?.name || "This card"}:`));
  // The other Ranches in the order they play after the viewer's (turns go to the left).
  const after = (r) => (r.position - (mine ? mine.position + 1 : 0) + rows.length) % rows.length;
  const others = rows.filter((r) => r !== mine).sort((a, b) => after(a) - after(b));
  add(container, h("div", { class: "opponents ranches" }, others.map((r) => ranchZone(r, view, ctx))));
  if (!mine) return;
  const handActs = ctx.legal.filter((a) => a.type === "play" || a.type === "trick");
  const hand = view.hand || [];
  const ignored = new Set(view.hand_ignored || []);
  add(handSlot(ctx, mz), h("div", { class: "my-hand", "data-owner": mine.seat, "data-place": "hand" },
    h("h3", null, `Your hand${view.hand_poker ? ` — ${view.hand_poker}` : ""}`),
    h("div", { class: "cards-row hand" }, hand.map((id) => {
      const c = view.cards?.[id];
      return c ? actionableCard(ctx, id, (o) => face(c, o, ignored.has(id) ? ignoredWhy(c, view) : null), actionsFor(handActs, id)) : cowBack();
    }))));
  // A card of the hand has one use: its menu opens only on a touch screen, to confirm it.
  add(bar, openMenu(ctx, handActs, (id) => `${view.cards?.[id]?.name || "This card"}:`));
  add(bar, buttons(ctx, ["keep"]));
  add(container, mz);
}

/** The place on the table a decision of the viewer needs to see (the room scrolls to it). */
export function focusTarget(view, ctx, root) {
  return ctx.legal.some((a) => a.type === "trick") ? root.querySelector(".trick-zone") : null;
}

// A Ranch's score lines by kind: a best hand's bonus names its hand, the Cellar penalty
// its Cellar's points; the Gang's points line does neither.
const bonusLine = (l) => "hand" in l;
const penaltyLine = (l) => l.cellar_points !== undefined;

function ranchBreakdown(row, ctx) {
  return h("section", { class: ["breakdown-seat", row.deadwood && "deadwood"] },
    h("h3", null, `${row.ranch} — ${row.deadwood ? "Deadwood" : seatName(ctx, row.seat)}: ${row.total}`),
    // A Deadwood Ranch has no Hand: its line for the Hands' bonus (kept in the result, a
    // line of no cards) would only say so.
    h("table", { class: "breakdown" }, h("tbody", null, row.lines.filter((l) => !(row.deadwood && l.what.endsWith(" Hands")))
      .map((l) => h("tr", null,
      h("td", null, lineName(l.what, l.points), l.hand ? ` (${l.hand})` : "", l.cellar_points !== undefined ? ` (${plural(l.cellar_points, "pt")} in the Cellar)` : "", l.shared ? " — shared" : "",
        // A bonus or the penalty this Ranch did not get says so: its name alone read as if it had.
        l.points === 0 ? (bonusLine(l) ? " — not the best" : penaltyLine(l) ? " — not the fewest" : "") : ""),
      pointsCell(l.points))))));
}

export function renderBreakdown(view, room, ctx) {
  const rows = view.result?.ranches || room.result?.detail?.ranches;
  if (!rows) return null;
  const live = rows.filter((r) => !r.deadwood), dead = rows.filter((r) => r.deadwood);
  return [...live.map((r) => ranchBreakdown(r, ctx)),
    dead.length ? h("section", { class: "deadwood-apart" },
      h("h3", null, "Deadwood Ranches — played by the rules, they cannot win"),
      dead.map((r) => ranchBreakdown(r, ctx))) : null];
}

export function explainResult(view, room, ctx) {
  const rows = view.result?.ranches || room.result?.detail?.ranches || [];
  const winners = (room.result?.winners || []).map((s) => seatName(ctx, s));
  const ranking = rows.map((r) => ({ name: r.deadwood ? `Deadwood ${r.ranch}` : `${seatName(ctx, r.seat)} (${r.ranch})`,
    score: r.total, won: !r.deadwood && room.result?.winners?.includes(r.seat), apart: r.deadwood }));
  // Deadwood is named only at a table that has it (fewer people than Ranches).
  const deadwood = rows.some((r) => r.deadwood);
  const among = deadwood ? " among the live Ranches" : "";
  const won = rows.filter((r) => !r.deadwood && room.result?.winners?.includes(r.seat));
  // What the winner's total is made of, from its own lines: a rule said whole ("less the
  // penalty for the fewest Cellar points") spoke of a penalty the winner may not have had.
  const said = won.length === 1 ? `${winners[0]} scored the most${among}, ${plural(won[0].total, "point")}: ${madeOf(won[0])}.`
    : `${winners.join(" and ")} share the most${among}, ${plural(won[0]?.total ?? 0, "point")} each.`;
  return { why: `${said}${deadwood ? " Deadwood Ranches cannot win." : ""}`,
    ranking: ranking.length ? ranking : null, apartWhy: "cannot win", unit: "Total" };
}

/** A Ranch's total in words, from its score lines: "14 Gang points, +6 for the best hand
 * among Gangs, -3 for the fewest Cellar points (shared)". */
function madeOf(row) {
  const gang = row.lines.find((l) => !bonusLine(l) && !penaltyLine(l));
  return [gang ? plural(gang.points, "Gang point") : null, ...row.lines.filter((l) => l.points !== 0 && (bonusLine(l) || penaltyLine(l)))
    .map((l) => `${bonusLine(l) ? `+${l.points} for the best hand among ${l.what.split(" among ")[1]}` : `${l.points} for the fewest Cellar points`}${l.shared ? " (shared)" : ""}`)]
    .filter(Boolean).join(", ");
}

/** What the room's seat list says of the seats left free: the rules play them. */
export const emptySeats = "a Ranch left empty is played by Deadwood";

/** What the running score is (`Game.scores`), said under the admin's score chart. */
export const scoreMeaning = "the score were the game to end at that step, poker hands included";

// The game length measured with `saloon simulate` (smart bots, 40 games a seat count);
// minutes assume about five seconds a decision. (The option's words are its model's.)
export const options = {
  presets: [
    { title: "Full game", about: "one deal of the 54 cards, about 2–4 minutes (27 moves with 2 players, 46 with 4)", options: {} },
  ],
};
