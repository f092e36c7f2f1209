// The table for a game without its own module: the view as readable data, and the legal
// actions as buttons (the fallback list under the table always offers them too).

import { add, h } from "../dom.js";
import { actButton } from "../actions.js";
import { isStandardCard, playingCard } from "../cards.js";
import { withDefaults } from "./common.js";

function value(v, ctx, key) {
  if (v === null || v === undefined) return h("span", { class: "muted" }, "—");
  if (typeof v === "string" && isStandardCard(v)) return playingCard(v, { small: true, fourColor: ctx.fourColor });
  if (Array.isArray(v)) {
    if (v.length && v.every((x) => typeof x === "string" && isStandardCard(x))) {
      return h("div", { class: "cards-row" }, v.map((c) => playingCard(c, { small: true })));
    }
    // Numbered from 1, as players count (a draw pile's top card is its first).
    return h("ol", { class: "kv-list" }, v.map((x) => h("li", null, value(x, ctx))));
  }
  if (typeof v === "object") {
    return h("dl", { class: "kv" }, Object.entries(v).map(([k, x]) => [h("dt", null, k.replace(/_/g, " ")), h("dd", null, value(x, ctx, k))]));
  }
  if (typeof v === "string") return ctx.text(v);
  if (key === "to_act") return String(v);
  return String(v);
}

export function render(container, view, ctx) {
  withDefaults(ctx);
  const { prompt, ...rest } = view || {};
  add(container, h("div", { class: "generic panel" },
    ctx.legal.length ? h("div", { class: "actions-row" }, ctx.legal.slice(0, 40).map((a) => actButton(a, ctx))) : null,
    value(rest, ctx)));
}
