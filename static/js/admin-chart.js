// The score chart of the replay viewer: one line per seat over the steps, drawn in SVG
// by hand, with a cursor at the current step. Clicking the chart asks for that step.

import { h, s } from "./dom.js";

export const SEAT_COLOURS = ["#b5651d", "#1f5bbf", "#2e7d32", "#b3261e", "#6a3d9a", "#0f7c7c", "#8a6d00", "#c2185b"];

const W = 320, H = 180, PAD = { left: 38, right: 8, top: 10, bottom: 22 };

function niceTicks(lo, hi, count = 4) {
  if (lo === hi) { lo -= 1; hi += 1; }
  const raw = (hi - lo) / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((x) => x >= raw) || raw;
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) out.push(Math.round(v * 1e6) / 1e6);
  return out;
}

/**
 * Draws `scores` (one array of seat scores per step, step 0 first) into `container`.
 * Returns an object whose `at(step)` moves the cursor without redrawing the lines.
 */
export function scoreChart(container, scores, names, onPick, { steps = null, diverged = null } = {}) {
  container.replaceChildren();
  if (!scores?.length) {
    container.append(h("p", { class: "muted" }, "No scores to draw."));
    return { at() {} };
  }
  const seats = scores[0].length;
  // A record that diverges has scores only up to there; the axis still spans every step.
  const known = scores.length - 1;
  const last = Math.max(known, steps ?? known);
  const flat = scores.flat();
  const ticks = niceTicks(Math.min(0, ...flat), Math.max(0, ...flat));
  const lo = Math.min(ticks[0], ...flat), hi = Math.max(ticks[ticks.length - 1], ...flat);
  const x = (i) => PAD.left + (W - PAD.left - PAD.right) * (last ? i / last : 0);
  const y = (v) => PAD.top + (H - PAD.top - PAD.bottom) * (hi === lo ? 0.5 : (hi - v) / (hi - lo));
  // Long games: one point per pixel column is all a line can show.
  const stride = Math.max(1, Math.floor(scores.length / 600));
  const points = (seat) => {
    const pts = [];
    for (let i = 0; i <= known; i += stride) pts.push(`${x(i).toFixed(1)},${y(scores[i][seat]).toFixed(1)}`);
    if (known % stride) pts.push(`${x(known).toFixed(1)},${y(scores[known][seat]).toFixed(1)}`);
    return pts.join(" ");
  };
  const cursor = s("line", { class: "cursor", x1: x(0), x2: x(0), y1: PAD.top, y2: H - PAD.bottom });
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "score-chart", role: "img",
    "aria-label": `Scores of ${seats} seats over ${last} steps` },
    ticks.map((t) => [
      s("line", { class: t === 0 ? "axis zero" : "grid", x1: PAD.left, x2: W - PAD.right, y1: y(t), y2: y(t) }),
      s("text", { class: "tick", x: PAD.left - 4, y: y(t) + 3, "text-anchor": "end" }, String(t)),
    ]),
    s("line", { class: "axis", x1: PAD.left, x2: PAD.left, y1: PAD.top, y2: H - PAD.bottom }),
    s("text", { class: "tick", x: PAD.left, y: H - 6 }, "0"),
    s("text", { class: "tick", x: W - PAD.right, y: H - 6, "text-anchor": "end" }, `step ${last}`),
    Array.from({ length: seats }, (_, seat) => s("polyline", { class: "series", "data-seat": seat,
      points: points(seat), stroke: SEAT_COLOURS[seat % SEAT_COLOURS.length] })),
    diverged !== null ? s("line", { class: "diverged", x1: x(diverged), x2: x(diverged), y1: PAD.top, y2: H - PAD.bottom },
      s("title", null, `The replay diverges at step ${diverged}`)) : null,
    cursor);
  svg.addEventListener("click", (e) => {
    const box = svg.getBoundingClientRect();
    const px = ((e.clientX - box.left) / box.width) * W;
    const frac = (px - PAD.left) / (W - PAD.left - PAD.right);
    onPick?.(Math.max(0, Math.min(last, Math.round(frac * last))));
  });
  const legend = h("ul", { class: "legend" });
  container.append(svg, legend);
  return {
    at(step) {
      const i = Math.max(0, Math.min(known, step));
      cursor.setAttribute("x1", x(Math.max(0, Math.min(last, step))));
      cursor.setAttribute("x2", x(Math.max(0, Math.min(last, step))));
      legend.replaceChildren(...Array.from({ length: seats }, (_, seat) => h("li", null,
        h("span", { class: "swatch", style: `background:${SEAT_COLOURS[seat % SEAT_COLOURS.length]}` }),
        `${names[seat] ?? `Seat ${seat + 1}`}: `, h("b", null, String(scores[i][seat])))));
    },
  };
}
