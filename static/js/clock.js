// The turn clock on the page: countdowns from the server's absolute deadlines, the
// room's clock setting as a form field, and a short warning near the end.

import { h } from "./dom.js";

export const PRESETS = [
  ["off", "No clock"],
  // Short enough for a phone's select; the help under it says what the bank is.
  ["relaxed", "Relaxed: 2 min, bank 10 min"],
  ["normal", "Normal: 45 s, bank 5 min"],
  ["fast", "Fast: 15 s, bank 1 min"],
  ["custom", "Custom…"],
];
const WARN_SECONDS = 10;

// How far this browser's clock is ahead of the server's (from each message's "time").
let skew = 0;
export function heardServer(time) {
  if (time) skew = Date.now() - Date.parse(time);
}

/** Seconds left before `seat`'s decision runs out, or null when its clock is not running. */
export function secondsLeft(room, seat) {
  const deadline = room?.clock?.seats?.[seat]?.deadline;
  if (!deadline) return null;
  return Math.max(0, (Date.parse(deadline) - (Date.now() - skew)) / 1000);
}

export function format(seconds) {
  const s = Math.ceil(seconds);
  return s >= 60 ? `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}` : `${s} s`;
}

/** A countdown element for `seat`, kept up to date by tick(); null when no clock runs. */
export function countdown(room, seat, { mine = false } = {}) {
  const left = secondsLeft(room, seat);
  if (left === null) return null;
  const el = h("span", { class: ["countdown", mine && "mine"], "data-countdown": seat, role: mine ? "timer" : null });
  paint(el, left, bankOf(room, seat));
  return el;
}

/** The seconds of bank `seat` has left (its deadline counts them after the decision's own). */
function bankOf(room, seat) {
  return room?.clock?.seats?.[seat]?.bank ?? 0;
}

/** Says the time left in two parts while the decision's own seconds run ("12 s + 30 s
 * bank"), then the bank's ("bank 25 s", another colour): one sum that ran on into the
 * bank unmarked hid that the player was spending the game's reserve. */
function paint(el, left, bank) {
  const own = left - bank;
  const banking = bank > 0 && own <= 0;
  el.textContent = bank > 0 && own > 0 ? `${format(own)} + ${format(bank)} bank` : banking ? `bank ${format(left)}` : format(left);
  el.classList.toggle("hurry", left <= WARN_SECONDS);
  el.classList.toggle("banking", banking);
  const mine = el.classList.contains("mine");
  el.title = left <= WARN_SECONDS ? `Nearly out of time: the server will play for ${mine ? "you" : "them"}`
    : banking ? `This decision's own seconds are spent: the time left is ${mine ? "your" : "their"} bank, kept for the whole game`
      : bank > 0 ? "Time left for this decision, then the bank kept for the whole game" : "Time left for this decision";
}

let warnedFor = null;
/** Repaints every countdown; beeps once when your own decision nears its end. */
export function tick(room, you, beep) {
  for (const el of document.querySelectorAll("[data-countdown]")) {
    const left = secondsLeft(room, Number(el.dataset.countdown));
    if (left !== null) paint(el, left, bankOf(room, Number(el.dataset.countdown)));
  }
  const mine = you === null || you === undefined ? null : secondsLeft(room, you);
  const key = mine === null ? null : room.clock.seats[you].deadline;
  if (mine !== null && mine <= WARN_SECONDS && warnedFor !== key) {
    warnedFor = key;
    beep?.();
  }
}

/** Returns {element, read()} choosing the room's turn clock and how long a player may be gone. */
export function clockFields(clock, goneAfter, idPrefix) {
  const preset = !clock ? "off" : (PRESETS.find(([name]) => name !== "off" && name !== "custom" && matches(name, clock))?.[0] || "custom");
  const select = h("select", { id: `${idPrefix}-clock` }, PRESETS.map(([value, text]) => h("option", { value, selected: value === preset }, text)));
  const perMove = h("input", { id: `${idPrefix}-per-move`, type: "number", min: 1, step: 1, value: clock?.per_move ?? 60 });
  const bank = h("input", { id: `${idPrefix}-bank`, type: "number", min: 0, step: 1, value: clock?.bank ?? 300 });
  const custom = h("div", { class: "row custom-clock", hidden: preset !== "custom" },
    // Each label beside its own box, however the row wraps.
    h("span", { class: "pair" }, h("label", { for: perMove.id }, "Seconds a decision"), perMove),
    h("span", { class: "pair" }, h("label", { for: bank.id }, "Bank (seconds)"), bank));
  select.addEventListener("change", () => { custom.hidden = select.value !== "custom"; });
  const gone = h("select", { id: `${idPrefix}-gone` },
    [[300, "after 5 minutes"], [600, "after 10 minutes"], [1800, "after 30 minutes"], ["", "never"]].map(([v, t]) =>
      h("option", { value: String(v), selected: String(goneAfter ?? "") === String(v) }, t)));
  const element = h("div", { class: "clock-fields" },
    h("div", { class: "field" }, h("label", { for: select.id }, "Turn clock"), select, custom,
      h("p", { class: "help" }, "Each decision has its seconds; past them a player draws on a bank of time for the whole game. When both run out the server plays that decision for them (the gentlest choice) and keeps playing for them until they are back.")),
    h("div", { class: "field" }, h("label", { for: gone.id }, "A bot takes over a player who has left"), gone));
  return {
    element,
    read() {
      const turn = select.value === "custom" ? { per_move: Number(perMove.value), bank: Number(bank.value) } : select.value;
      return { turn_clock: turn, gone_after: gone.value === "" ? null : Number(gone.value) };
    },
  };
}

const NUMBERS = { relaxed: [120, 600], normal: [45, 300], fast: [15, 60] };
function matches(name, clock) {
  const [p, b] = NUMBERS[name];
  return clock.per_move === p && clock.bank === b;
}

/** A short tone from the page itself (no file to load). */
export function beeper(enabled) {
  return () => {
    if (!enabled()) return;
    try {
      const ctx = new (window.AudioContext || window.webkitAudioContext)();
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = 880;
      gain.gain.value = 0.08;
      osc.connect(gain).connect(ctx.destination);
      osc.start();
      osc.stop(ctx.currentTime + 0.15);
      osc.onended = () => ctx.close();
    } catch { /* no audio here: the flag on the countdown still says it */ }
  };
}
