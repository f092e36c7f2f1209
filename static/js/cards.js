// Cards drawn in SVG: standard playing cards ("KH", "TS"), backs, and a generic framed
// card for games with their own faces. Face-up cards carry data-card; backs carry nothing
// that identifies them.

import { h, s } from "./dom.js";
import { zoomable } from "./zoom.js";

export const SUIT_SYMBOL = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
export const SUIT_WORD = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const RANK_SHOW = { T: "10" };
const RANK_WORD = { 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight", 9: "Nine",
  T: "Ten", J: "Jack", Q: "Queen", K: "King", A: "Ace" };

export function isStandardCard(text) { return /^[2-9TJQKA][CDHS]$/.test(text); }
export function rankShow(r) { return RANK_SHOW[r] || r; }
export function cardWords(text) {
  if (!isStandardCard(text)) return String(text);
  return `${RANK_WORD[text[0]]} of ${SUIT_WORD[text[1]]}`;
}
export function cardShort(text) {
  return isStandardCard(text) ? `${rankShow(text[0])}${SUIT_SYMBOL[text[1]]}` : String(text);
}

const RANK_OF = Object.fromEntries(Object.entries(RANK_WORD).map(([r, w]) => [w, r]));
const SUIT_OF = Object.fromEntries(Object.entries(SUIT_WORD).map(([s, w]) => [w, s]));
const NAMED = new RegExp(`\\b(the |your )(${Object.values(RANK_WORD).join("|")}) of (${Object.values(SUIT_WORD).join("|")})\\b`, "g");

/**
 * A sentence with each standard card it names ("the Five of clubs", "your Six of
 * spades") in a span carrying the card's short form ("5♣"): a phone's decision bar
 * shows that instead (by CSS), the words staying in the text and for screen readers.
 * Returns the text's pieces, strings and spans.
 */
export function cardNames(sentence) {
  const text = String(sentence), out = [];
  let at = 0;
  for (const m of text.matchAll(NAMED)) {
    const [whole, article, rank, suit] = m;
    // "the" goes with the words ("discard 5♣"); "your" stays ("hand Bo your 6♣").
    const words = article === "the " ? whole : whole.slice(article.length);
    const card = RANK_OF[rank] + SUIT_OF[suit];
    out.push(text.slice(at, m.index + whole.length - words.length),
      h("span", { class: "card-name", dataset: { short: cardShort(card), suit: card[1] } },
        h("span", { class: "card-words" }, words)));
    at = m.index + whole.length;
  }
  if (at === 0) return text;
  out.push(text.slice(at));
  return out.filter(Boolean);
}

function frame(...children) {
  return s("svg", { viewBox: "0 0 60 84", class: "card-svg", "aria-hidden": "true", focusable: "false" },
    s("rect", { x: 1, y: 1, width: 58, height: 82, rx: 5, class: "card-bg" }), ...children);
}

/** The SVG face of a standard card (rank and suit in two corners, a big pip in the middle). */
export function standardFace(text) {
  const r = rankShow(text[0]), suit = text[1], sym = SUIT_SYMBOL[suit];
  const court = "JQK".includes(text[0]);
  // A 6 and a 9 are underlined, as printed decks do: upside down in the far corner, or in
  // a hand held at a slant, each reads as the other (and a 6 matters in Wyoming Cowboy).
  const mark = text[0] === "6" || text[0] === "9"
    ? s("line", { x1: 7.5, y1: 21.2, x2: 16.5, y2: 21.2, class: "rank-mark" }) : null;
  return frame(
    s("g", { class: `ink suit-${suit}` },
      s("text", { x: 12, y: 19, class: "corner-rank", "text-anchor": "middle" }, r), mark,
      s("text", { x: 12, y: 34, class: "corner-suit", "text-anchor": "middle" }, sym),
      s("g", { transform: "rotate(180 30 42)" },
        s("text", { x: 12, y: 19, class: "corner-rank", "text-anchor": "middle" }, r), mark?.cloneNode(),
        s("text", { x: 12, y: 34, class: "corner-suit", "text-anchor": "middle" }, sym)),
      // The middle's marks are centred across the card, clear of both corners' suits.
      court ? s("text", { x: 30, y: 50, class: "court", "text-anchor": "middle" }, r) : null,
      s("text", { x: 30, y: court ? 68 : 52, class: court ? "pip-small" : "pip", "text-anchor": "middle" }, sym)));
}

export function backFace(label = "") {
  return frame(
    s("rect", { x: 5, y: 5, width: 50, height: 74, rx: 3, class: "back-fill" }),
    s("path", { d: "M30 14 L46 42 L30 70 L14 42 Z", class: "back-mark" }),
    label ? s("text", { x: 30, y: 47, class: "back-label", "text-anchor": "middle" }, label) : null);
}

/**
 * A card element. opts: {onclick, selected, disabled, label, small, extraClass, pick,
 * action (an action key for data-action), zoom ({title, text, facts} for the enlarged
 * view)}. With onclick it is a button. A face-up card can be focused and enlarged.
 */
export function cardElement(svg, opts = {}) {
  const name = opts.onclick && opts.title && opts.title !== opts.label ? `${opts.label}: ${opts.title}` : opts.label;
  const attrs = {
    class: ["card", opts.small && "small", opts.selected && "selected", opts.extraClass, opts.onclick && "clickable"],
    // A button's tip names the card before what a click does ("Seven of spades: 2 choices").
    title: opts.onclick ? name : opts.title || opts.label,
    dataset: { card: opts.card, pick: opts.pick ? "yes" : null, action: opts.action || null,
      // What it is, apart from what a click does: a menu the page draws for it says so.
      name: opts.onclick ? opts.label : null },
  };
  let el;
  if (opts.onclick) {
    // A button is named by its content (the face is drawn, so its words are for screen readers).
    el = h("button", { type: "button", ...attrs, "aria-pressed": opts.pick ? String(!!opts.selected) : null,
      onclick: opts.onclick }, svg, h("span", { class: "sr-only" }, name));
  } else {
    el = h("div", { ...attrs, "aria-label": name, role: "img", tabindex: opts.card ? "0" : null }, svg);
  }
  if (opts.card) zoomable(el, opts.zoom || { title: opts.label });
  return el;
}

export function playingCard(text, opts = {}) {
  return cardElement(standardFace(text), { ...opts, card: text, label: opts.label || cardWords(text) });
}

export function cardBack(opts = {}) {
  return cardElement(backFace(opts.mark || ""), { ...opts, label: opts.label || "a face-down card", extraClass: ["back", opts.extraClass].filter(Boolean).join(" ") });
}

/** SVG text attributes that draw a line longer than `fits` characters narrower, into
 * `width` units, rather than cut or smaller (nothing for a line that fits). */
export function squeezed(line, fits, width) {
  return line.length > fits ? { textLength: width, lengthAdjust: "spacingAndGlyphs" } : {};
}

/** Splits text into lines of at most `width` characters, for SVG text. */
export function wrap(text, width, maxLines = 5) {
  const lines = [];
  let line = "";
  for (const word of String(text).split(/\s+/).filter(Boolean)) {
    if (line && (line + " " + word).length > width) { lines.push(line); line = word; }
    else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) { lines.length = maxLines; lines[maxLines - 1] += "…"; }
  return lines;
}

export function textLines(lines, x, y, step, attrs = {}) {
  return lines.map((l, i) => s("text", { x, y: y + i * step, ...attrs }, l));
}
