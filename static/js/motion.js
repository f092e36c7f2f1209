// Motion and memory, built on the patches the page receives: a patch names what changed,
// so the cards it names that now lie somewhere else travel there from where they were,
// a card that appears face up turns over, and every seat's last move stays marked
// (data-last-move="<seat>") until that seat moves again.

const TRAVEL_MS = 320;
const FLIP_MS = 260;

/** Whether the page animates: the browser's reduced-motion wish and the page's own switch. */
export function motionAllowed(pref) {
  return pref && !matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Every string that a patch writes into the game's view: card ids among them. */
export function patchedWords(ops) {
  const out = new Set();
  const walk = (v) => {
    if (typeof v === "string") out.add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  for (const op of ops || []) {
    if (!String(op.path).startsWith("/game")) continue;
    if (op.path === "/game") continue; // a new game: nothing travels
    walk(op.value);
  }
  return out;
}

/**
 * The operations that turn document `a` into `b`, found by structure: a part of the view
 * that differs is replaced where it differs (objects key by key, arrays of one length
 * item by item). A sync brings a whole document; these stand for the patches it stood in
 * for, so that what moved meanwhile still travels and is marked.
 */
export function changes(a, b, path = "") {
  if (a === b) return [];
  const nested = a && b && typeof a === "object" && typeof b === "object" &&
    Array.isArray(a) === Array.isArray(b) && (!Array.isArray(a) || a.length === b.length);
  if (!nested) {
    if (JSON.stringify(a) === JSON.stringify(b)) return [];
    return [{ op: "replace", path, value: b }];
  }
  const out = [];
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const at = `${path}/${String(k).replace(/~/g, "~0").replace(/\//g, "~1")}`;
    if (!(k in b)) out.push({ op: "remove", path: at });
    else if (!(k in a)) out.push({ op: "add", path: at, value: b[k] });
    else out.push(...changes(a[k], b[k], at));
  }
  return out;
}

function placeOf(el) {
  const p = el.parentElement?.closest("[data-place],[data-seat],[data-ranch],.zone");
  if (!p) return "";
  return p.dataset.place || (p.dataset.seat !== undefined ? `seat:${p.dataset.seat}` : "") ||
    (p.dataset.ranch ? `ranch:${p.dataset.ranch}` : "") || p.querySelector("h3")?.textContent || "";
}

function ownerOf(el) {
  const p = el.closest("[data-seat],[data-owner]");
  if (!p) return null;
  const v = p.dataset.owner ?? p.dataset.seat;
  return v === "" || v === undefined ? null : Number(v);
}

function cards(root) {
  // The decision bar repeats some table cards as controls: they neither travel nor count.
  return [...root.querySelectorAll(".card[data-card]")].filter((el) => !el.closest("#decision, .zoom"));
}

/** Where each face-up card is now: id → {rect, place}. */
export function snapshot(root) {
  const out = new Map();
  for (const el of cards(root)) {
    if (!out.has(el.dataset.card)) out.set(el.dataset.card, { rect: el.getBoundingClientRect(), place: placeOf(el) });
  }
  return out;
}

/**
 * After a render: the cards the patch named that moved or appeared. Animates them when
 * `animate` is true; returns [{el, id, owner, place}] of the touched cards.
 */
export function settle(root, before, words, animate) {
  const touched = [];
  const seen = new Set();
  for (const el of cards(root)) {
    const id = el.dataset.card;
    if (seen.has(id)) continue;
    seen.add(id);
    if (!words.has(id)) continue;
    const was = before.get(id);
    const place = placeOf(el);
    if (was && was.place === place) continue;
    touched.push({ el, id, owner: ownerOf(el), place });
    if (!animate) continue;
    const now = el.getBoundingClientRect();
    if (was) {
      const dx = was.rect.left - now.left, dy = was.rect.top - now.top;
      if (Math.abs(dx) + Math.abs(dy) > 2) {
        const scale = was.rect.width && now.width ? was.rect.width / now.width : 1;
        el.animate([{ transform: `translate(${dx}px, ${dy}px) scale(${scale})`, zIndex: 20 }, { transform: "none", zIndex: 20 }],
          { duration: TRAVEL_MS, easing: "cubic-bezier(.2,.7,.3,1)" });
      }
    } else {
      el.animate([{ transform: "perspective(400px) rotateY(90deg)" }, { transform: "none" }],
        { duration: FLIP_MS, easing: "ease-out" });
    }
  }
  return touched;
}

/** The seats whose parts of the view a patch changed (players/N, seats/N, table/N). */
export function seatsPatched(ops, game) {
  const out = new Set();
  for (const op of ops || []) {
    const m = /^\/game\/(players|seats|table)\/(\d+)(\/|$)/.exec(String(op.path));
    if (!m) continue;
    const i = Number(m[2]);
    const seat = m[1] === "table" ? game?.table?.[i]?.seat : i;
    if (seat !== null && seat !== undefined) out.add(seat);
  }
  return out;
}

/**
 * The marks of the last moves: marks[seat] = ids of the cards that seat's last move
 * touched (or "zone" when it touched nothing visible: its own place on the table is marked).
 * With one mover every touched card is its; with several, each card goes to its owner.
 * A card that arrived in a hand is nobody's move: it was drawn, or passed or handed over,
 * often as what a move of another seat led to (a pass completed, a turn begun).
 */
export function remember(marks, movers, touched) {
  const bySeat = new Map();
  for (const t of touched) {
    if (t.place === "hand") continue;
    const seat = movers.length === 1 ? movers[0] : t.owner;
    if (seat === null || seat === undefined || (movers.length && !movers.includes(seat))) continue;
    if (!bySeat.has(seat)) bySeat.set(seat, new Set());
    bySeat.get(seat).add(t.id);
  }
  for (const m of movers) if (!bySeat.has(m)) bySeat.set(m, new Set(["zone"]));
  // The newest move goes last: a card two seats' last moves touched (taken, then taken
  // back) is marked as the later one's (`mark` marks in the map's order).
  for (const [seat, ids] of bySeat) { marks.delete(seat); marks.set(seat, ids); }
}

/** Puts data-last-move on the elements each seat's last move touched (the newest move's
 * mark wins where two touched the same card). */
export function mark(root, marks) {
  for (const el of root.querySelectorAll("[data-last-move]")) delete el.dataset.lastMove;
  for (const [seat, ids] of marks) {
    for (const el of cards(root)) if (ids.has(el.dataset.card)) el.dataset.lastMove = String(seat);
    if (ids.has("zone")) {
      const z = root.querySelector(`.zone[data-seat="${seat}"], .zone[data-owner="${seat}"]`);
      if (z) z.dataset.lastMove = String(seat);
    }
  }
}
