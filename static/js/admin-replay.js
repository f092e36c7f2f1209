// The replay viewer: a stored game step by step, through the game's own table module
// (read-only: no `act` in its ctx), from any seat or omniscient, with the log in step,
// the score chart and the record's verification.

import { $, clear, dateTime, fill, h, seatText } from "./dom.js";
import { describeAction } from "./actions.js";
import { SUIT_SYMBOL } from "./cards.js";
import * as generic from "./tables/generic.js";
import { scoreChart } from "./admin-chart.js";

const LOG_SHOWN = 300;
const OUTCOME_SHOWN = 4; // events said under the step's line
const SEAT_VIEW_KEYS = ["phase", "to_act", "prompt", "scores"];

function cardSymbols(text) {
  return String(text).replace(/\b([2-9TJQKA])([CDHS])\b/g, (_, r, su) => `${r === "T" ? "10" : r}${SUIT_SYMBOL[su]}`);
}


/** Opens the viewer on game `id`; `call(method, path)` is the authenticated API. */
export async function openReplay(id, { call, onBack }) {
  const el = {
    title: $("#game-title"), verify: $("#verify"), slider: $("#slider"), label: $("#step-label"),
    action: $("#step-action"), board: $("#board"), error: $("#step-error"), events: $("#events"),
    chart: $("#chart"), facts: $("#facts"), seat: $("#seat-view"), play: $("#play"), speed: $("#speed"),
    exportLink: $("#export"),
  };
  const st = { record: null, step: 0, seat: "all", timer: null, cache: new Map(), wanted: 0, chart: null, table: null, check: null };
  window.saloonAdmin = { get step() { return st.step; }, get seat() { return st.seat; }, rendered: null };

  clear(el.board); clear(el.events); clear(el.chart); clear(el.facts);
  el.error.textContent = "";
  el.verify.dataset.status = "pending";
  el.verify.textContent = "Checking the record…";
  const record = await call("GET", `/admin/games/${encodeURIComponent(id)}`);
  st.record = record;
  const names = record.seats.map((x) => x.name);
  const n = record.actions.length;
  // Who chose a step's action when not the person in its seat, in words (null: they did,
  // or a bot seated from the start, which the seat list already says).
  // (A record stored before time-outs and absences were told apart says "server".)
  const SERVER = { timeout: "the server played for them: their time ran out",
    away: "the server played for them: they were away",
    server: "the server played for them (their time ran out, or they were away)" };
  const WHY = { timeout: "time ran out", away: "away", server: "time ran out, or away" };
  const madeBy = (a) => SERVER[a.made_by]
    || (a.made_by === "bot" && record.seats[a.seat]?.kind !== "bot" ? "a bot played in their seat" : null);
  const movesOf = (k) => `${k} move${k === 1 ? "" : "s"}`;
  // Per seat, how many moves each of `kinds` made for it: "Ana: 2 moves (time ran out)".
  const playedFor = (kinds) => {
    const counts = new Map();
    for (const a of record.actions) {
      if (!kinds.includes(a.made_by) || !madeBy(a)) continue;
      const bySeat = counts.get(a.seat) || new Map();
      bySeat.set(a.made_by, (bySeat.get(a.made_by) || 0) + 1);
      counts.set(a.seat, bySeat);
    }
    return [...counts].map(([s, by]) => `${names[s]}: ` + [...by].map(([kind, k]) =>
      (WHY[kind] ? `${movesOf(k)} (${WHY[kind]})` : movesOf(k))).join(", ")).join("; ");
  };
  const byServer = playedFor(["timeout", "away", "server"]);
  const byBot = playedFor(["bot"]);
  const ctxBase = () => ({ seats: names, you: Number.isInteger(Number(st.seat)) && st.seat !== "all" && st.seat !== "spectator" ? Number(st.seat) : null, legal: [] });
  let title = record.game;
  try {
    st.table = await import(`/games/${encodeURIComponent(record.game)}/table.js`);
  } catch {
    st.table = generic;
  }
  try {
    const games = await call("GET", "/games");
    title = games.find((g) => g.id === record.game)?.title || record.game;
  } catch { /* the title is a nicety */ }
  fill(el.title, `${title} `, h("span", { class: "muted" }, `game ${record.id}`));
  // What this game's running score is, in its table module's words.
  const meaning = st.table.scoreMeaning;
  $("#chart-help").textContent = `Each seat's running score after every step, as the game counts it${meaning ? `: ${meaning}` : ""}.`;
  document.title = `Saloon admin — ${title}`;

  // Seats to view from.
  fill(el.seat, h("option", { value: "all" }, "Everything (omniscient)"),
    h("option", { value: "spectator" }, "A spectator"),
    record.seats.map((x) => h("option", { value: String(x.seat) }, `Seat ${x.seat + 1}: ${x.name}${x.kind === "bot" ? " (bot)" : ""}`)));
  el.seat.value = st.seat;

  // Facts about the record.
  const result = record.result;
  fill(el.facts,
    h("dt", null, "Rules version"), h("dd", null, record.rules_version),
    h("dt", null, "Status"), h("dd", null, record.status),
    h("dt", null, "Started"), h("dd", null, dateTime(record.started_at)),
    h("dt", null, "Finished"), h("dd", null, dateTime(record.finished_at)),
    h("dt", null, "Actions"), h("dd", null, String(n)),
    byServer ? [h("dt", null, "Played by the server"), h("dd", { id: "played-for" }, byServer)] : null,
    byBot ? [h("dt", null, "Played by a bot in a person's seat"), h("dd", null, byBot)] : null,
    h("dt", null, "Options"), h("dd", null, Object.keys(record.options || {}).length
      ? Object.entries(record.options).map(([k, v]) => `${k.replace(/_/g, " ")}: ${v}`).join("; ") : "defaults"),
    h("dt", null, "Seats"), h("dd", null, record.seats.map((x) => `${x.name}${x.kind === "bot" ? ` (${x.bot || "bot"})` : ""}`).join(", ")),
    result ? [h("dt", null, "Result"), h("dd", null,
      `${(result.winners || []).map((w) => names[w]).join(" and ")} won; ` +
      (result.scores || []).map((sc, i) => `${names[i]} ${sc}`).join(", "))] : null);

  el.exportLink.onclick = async (e) => {
    e.preventDefault();
    const data = await call("GET", `/admin/games/${encodeURIComponent(id)}/export`);
    const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 1)], { type: "application/json" }));
    const a = h("a", { href: url, download: `saloon-${record.game}-${record.id}.json` });
    document.body.append(a); a.click(); a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 5000);
  };

  el.slider.max = String(n);
  el.slider.value = "0";

  // Verification and the chart come from one whole replay on the server.
  call("GET", `/admin/games/${encodeURIComponent(id)}/verify?scores=true`).then((check) => {
    if (st.record !== record) return;
    st.check = check;
    showCheck(check);
    st.chart = scoreChart(el.chart, check.scores, names, (step) => go(step),
      { steps: n, diverged: check.status === "diverged" ? check.step : null });
    st.chart.at(st.step);
  }).catch((err) => {
    el.verify.dataset.status = "unplayable";
    el.verify.textContent = `The record could not be checked: ${err.message}`;
  });

  function showCheck(check) {
    el.verify.dataset.status = check.status;
    if (check.status === "verified") {
      fill(el.verify, h("b", null, "Verified. "), check.message);
    } else if (check.status === "diverged") {
      const why = check.message.replace(/^Step \d+, [^:]+: /, "");
      fill(el.verify, h("b", null, `Diverges at step ${check.step}`), ` in ${check.field}: ${why}.`, " ",
        h("button", { type: "button", class: "small", onclick: () => go(check.step) }, `Go to step ${check.step}`));
    } else {
      fill(el.verify, h("b", null, "Cannot be replayed here. "), `${check.message}.`,
        " The stored log and result are shown as recorded.");
      render();
    }
  }

  function eventVisible(e) {
    if (st.seat === "all" || !e.only) return true;
    return st.seat !== "spectator" && e.only.includes(Number(st.seat));
  }

  // What happened as the game was set up, before its first action (a draw, a Deadwood's
  // play): step 0's events, worked out again by the server.
  const opening = { seq: 0, events: record.opening || [], made_by: null };

  function renderLog(step) {
    const items = [];
    for (let i = step - 1; i >= -1 && items.length < LOG_SHOWN; i--) {
      const a = i >= 0 ? record.actions[i] : opening;
      const evs = a.events.filter(eventVisible);
      for (let k = evs.length - 1; k >= 0 && items.length < LOG_SHOWN; k--) {
        const e = evs[k];
        items.push(h("li", { class: ["event", e.only && "private", i === step - 1 && "current"], "data-step": a.seq },
          h("span", { class: "seq" }, String(a.seq)), " ",
          madeBy(a) ? h("span", { class: "made-by", title: madeBy(a) }, a.made_by === "bot" ? "(bot) " : "(server) ") : null,
          e.only && st.seat === "all" ? h("span", { class: "only" }, `To ${e.only.map((x) => names[x]).join(", ")}: `) : null,
          eventWords(e)));
      }
    }
    items.reverse();
    fill(el.events, step ? null : h("li", { class: "notice-line" }, "The game is dealt."), items);
    el.events.scrollTop = el.events.scrollHeight;
  }

  function eventWords(e) {
    return seatText(cardSymbols(e.text ?? e.type), names);
  }

  /** What came of a step, as the seat viewed was told (seen by all, what every seat was
   * told), one a line: its first events, the rest counted (the log beside the board has
   * them all). */
  function outcome(a, said) {
    // An event that only says again what the step's line said ("Alice buys first") is left out.
    const evs = a.events.filter((e) => eventVisible(e) && !(e.only && st.seat === "all") && eventWords(e) !== said);
    if (!evs.length) return null;
    const more = evs.length - OUTCOME_SHOWN;
    return h("ul", { class: "outcome", "aria-label": "What came of it" },
      evs.slice(0, OUTCOME_SHOWN).map((e) => h("li", null, eventWords(e))),
      more > 0 ? h("li", { class: "muted" }, `and ${more} more in the log`) : null);
  }

  /** Says the step's action: the table's words for it, given the view it was played on
   * (``before``, as the seat viewed sees it: a card played by id is named where that seat
   * could see it), when that has come. */
  function describeStep(step, before = null) {
    if (!step) return fill(el.action, "Before the first action.", outcome(opening, null));
    const a = record.actions[step - 1];
    const ctx = { seats: names, legal: [], view: before };
    let label = null;
    try { label = st.table.label?.(a.action, ctx); } catch { label = null; }
    const said = label || describeAction(a.action, ctx);
    const by = madeBy(a);
    return fill(el.action, h("b", null, `Step ${step}: `), `${names[a.seat] ?? `Seat ${a.seat + 1}`} — `,
      by ? h("span", { class: "made-by", id: "step-made-by" }, `${by}: `) : null,
      said, h("span", { class: "muted" }, ` · ${dateTime(a.at, { seconds: true, day: false })}`), outcome(a, said));
  }

  async function fetchView(step, seat) {
    const key = `${step}:${seat}`;
    if (!st.cache.has(key)) {
      const p = call("GET", `/admin/games/${encodeURIComponent(id)}/steps/${step}?seat=${encodeURIComponent(seat)}`);
      st.cache.set(key, p);
      p.catch(() => st.cache.delete(key));
      if (st.cache.size > 400) st.cache.delete(st.cache.keys().next().value);
    }
    return st.cache.get(key);
  }

  async function render() {
    const step = st.step, seat = st.seat;
    el.slider.value = String(step);
    fill(el.label, `Step ${step} of ${n}`);
    describeStep(step);
    if (step && st.check?.status !== "unplayable") {
      // Said again once the position it was played on has come, seen as the board is (mostly
      // kept already: the step before, drawn a moment ago).
      fetchView(step - 1, seat).then((d) => {
        if (st.step === step && st.seat === seat) describeStep(step, d.view);
      }, () => {});
    }
    renderLog(step);
    st.chart?.at(step);
    if (st.check?.status === "unplayable") {
      el.error.textContent = "";
      fill(el.board, h("div", { class: "no-replay" }, h("p", null, h("b", null, "No table to show.")),
        h("p", null, "This server cannot replay the record, so there is no position to draw; the log beside and the record's result are as stored.")));
      el.board.dataset.step = String(step);
      el.board.dataset.seat = seat;
      window.saloonAdmin.rendered = `${step}:${seat}`;
      return;
    }
    let data;
    try {
      data = await fetchView(step, seat);
    } catch (err) {
      if (st.step !== step || st.seat !== seat) return;
      el.error.textContent = err.message;
      clear(el.board);
      el.board.dataset.step = String(step);
      el.board.dataset.seat = seat;
      window.saloonAdmin.rendered = `${step}:${seat}`;
      return;
    }
    // An omniscient view shaped like a seat's (every seat view has phase, to_act, prompt and
    // scores) is drawn by the game's table, with what no seat sees listed under it; any
    // other shape is shown whole as data.
    const view = data.view;
    const tableShaped = seat === "all" && SEAT_VIEW_KEYS.every((k) => view && k in view);
    let spectator = null;
    if (tableShaped) {
      try { spectator = (await fetchView(step, "spectator")).view; } catch { spectator = null; }
    }
    if (st.step !== step || st.seat !== seat) return; // a later step was asked for meanwhile
    el.error.textContent = "";
    clear(el.board);
    const ctx = ctxBase();
    if (view?.prompt) el.board.append(h("p", { class: "replay-prompt" }, seatText(view.prompt, names)));
    try {
      if (seat !== "all") st.table.render(el.board, view, ctx);
      else if (!tableShaped || !spectator) generic.render(el.board, view, ctx);
      else {
        st.table.render(el.board, view, ctx);
        // Card ids the view's own catalogue names (Cowpoker's `cards`) are shown by name.
        const named = (v) => Array.isArray(v) && view.cards && v.every((id) => typeof id === "string" && view.cards[id])
          ? v.map((id) => [view.cards[id].name, view.cards[id].face].filter(Boolean).join(" · ")) : v;
        const extra = Object.fromEntries(Object.entries(view).filter(([k]) => !(k in spectator))
          .map(([k, v]) => [k, named(v)]));
        if (Object.keys(extra).length) {
          const box = h("section", { class: "omni-extra" }, h("h3", null, "Hidden from every seat"));
          el.board.append(box);
          generic.render(box, extra, ctx);
        }
      }
    } catch (err) {
      console.error(err);
      clear(el.board);
      generic.render(el.board, view, ctx);
    }
    el.board.dataset.game = record.game;
    el.board.dataset.step = String(step);
    el.board.dataset.seat = seat;
    window.saloonAdmin.rendered = `${step}:${seat}`;
    // Warm the next step so that playing and stepping forward feel instant.
    if (step < n) fetchView(step + 1, seat).catch(() => {});
  }

  function go(step) {
    st.step = Math.max(0, Math.min(n, step));
    render();
  }

  function stop() {
    if (st.timer) clearInterval(st.timer);
    st.timer = null;
    el.play.textContent = "▶ Play";
    el.play.setAttribute("aria-pressed", "false");
  }

  function play() {
    if (st.timer) return stop();
    if (st.step >= n) go(0);
    el.play.textContent = "⏸ Pause";
    el.play.setAttribute("aria-pressed", "true");
    st.timer = setInterval(() => {
      if (st.step >= n) return stop();
      go(st.step + 1);
    }, Number(el.speed.value));
  }

  // Controls (handlers replaced each time a game is opened).
  $("#first").onclick = () => { stop(); go(0); };
  $("#last").onclick = () => { stop(); go(n); };
  $("#step-back").onclick = () => { stop(); go(st.step - 1); };
  $("#step-forward").onclick = () => { stop(); go(st.step + 1); };
  el.play.onclick = play;
  el.speed.onchange = () => { if (st.timer) { stop(); play(); } };
  el.slider.oninput = () => go(Number(el.slider.value));
  el.seat.onchange = () => { st.seat = el.seat.value; render(); };
  $("#back").onclick = () => { stop(); onBack(); };
  document.onkeydown = (e) => {
    if ($("#viewer").hidden || e.target.closest?.("input:not([type=range]), select, textarea")) return;
    const keys = { ArrowLeft: () => go(st.step - 1), ArrowRight: () => go(st.step + 1), Home: () => go(0), End: () => go(n) };
    if (keys[e.key] && e.target !== el.slider) { e.preventDefault(); stop(); keys[e.key](); }
    if (e.key === " " && e.target.tagName !== "BUTTON") { e.preventDefault(); play(); }
  };

  go(0);
  return { close: stop };
}
