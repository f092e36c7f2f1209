// Tiny DOM helpers. Text always goes in through text nodes, never as HTML.

const SVG_NS = "http://www.w3.org/2000/svg";

function build(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.setAttribute("class", Array.isArray(v) ? v.filter(Boolean).join(" ") : v);
    else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.entries(v).forEach(([dk, dv]) => { if (dv != null) el.dataset[dk] = dv; });
    else if (k === "value" && "value" in el) el.value = v;
    // Through the CSSOM: the page's policy forbids style attributes.
    else if (k === "style") el.style.cssText = String(v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function h(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children);
}

export function s(tag, attrs, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

export function $(sel, root = document) { return root.querySelector(sel); }

/** Replaces {seat:N} with seat names in a plain-text log line. */
export function seatText(text, names) {
  return String(text).replace(/\{seat:(\d+)\}/g, (_, n) => names[Number(n)] ?? `Seat ${Number(n) + 1}`);
}

/** A log line with one's own name marked "(you)": a game's own bracket after the name
 * joins the mark, "Ana (you, Gallagher)", rather than "Ana (you) (Gallagher)". */
export function youJoined(text) {
  return text.replace(/ \(you\) \(/g, " (you, ");
}

/** Words as an English list: "A", "A and B", "A, B and C". */
export function listed(words) {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/** A count and its word: "1 Cow", "2 Cows" (`many` when the plural is not word + "s"). */
export function plural(n, word, many = `${word}s`) {
  return `${n} ${n === 1 ? word : many}`;
}

/** JSON with sorted keys: the key a legal action is matched by. */
export function actionKey(action) {
  const sort = (v) => Array.isArray(v) ? v.map(sort)
    : v && typeof v === "object" ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sort(v[k])])) : v;
  return JSON.stringify(sort(action));
}

/** Empties `el` and appends children (nulls skipped, strings as text). */
export function fill(el, ...children) {
  clear(el);
  return build(el, null, children);
}

const filledWith = new WeakMap();

/**
 * Fills `el` with the children `make()` returns, unless its last refill had the same `key`:
 * then it is left as it is. A button being pressed must stay the same element through a
 * redraw that changes nothing there: a press that ends on a new copy is no click at all.
 */
export function refill(el, key, make) {
  if (filledWith.get(el) === key) return;
  filledWith.set(el, key);
  fill(el, ...make());
}

/** Appends children to `el`, skipping nulls (Element.append would write "null"). */
export function add(el, ...children) {
  return build(el, null, children);
}

/**
 * Asks a yes-or-no question in a modal dialog of the page (not the browser's confirm(),
 * which stops the page, socket and all, and names the site's address above the question);
 * resolves true if `yes` is pressed, false for `no`, Escape or a closed dialog. The
 * keyboard starts on `no`: a question asked before something is undone.
 */
export function ask(question, { yes = "Yes", no = "Cancel" } = {}) {
  return new Promise((resolve) => {
    const dialog = h("dialog", { class: "ask", "aria-label": question },
      h("form", { method: "dialog" },
        h("p", null, question),
        h("div", { class: "row" },
          h("button", { type: "submit", class: "primary", value: "yes" }, yes),
          h("button", { type: "submit", value: "no", autofocus: true }, no))));
    dialog.addEventListener("close", () => { dialog.remove(); resolve(dialog.returnValue === "yes"); });
    document.body.append(dialog);
    dialog.showModal();
  });
}

/** Scrolls `el` into view above `cover` (the room's dock, which stands over the foot of
 * the screen): the least scroll that shows it whole, or its top when it is taller. */
export function intoViewAbove(el, cover, smooth = false) {
  if (!el) return;
  el.style.scrollMarginBottom = `${cover && !cover.hidden ? cover.getBoundingClientRect().height + 8 : 0}px`;
  el.scrollIntoView({ block: "nearest", behavior: smooth ? "smooth" : "auto" });
}

/** A stored time as the admin pages say it, one format everywhere ("Nov 29, 2026, 09:56
 * PM" in an English browser; `seconds` adds them and `day: false` leaves the day out, as a
 * game's steps need, "10:19:42 PM"); "—" for none, the text itself if it is no time. */
export function dateTime(iso, { seconds = false, day = true } = {}) {
  if (!iso) return "—";
  const d = new Date(iso);
  const date = day ? { year: "numeric", month: "short", day: "numeric" } : {};
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { ...date, hour: "2-digit", minute: "2-digit",
    second: seconds ? "2-digit" : undefined });
}
