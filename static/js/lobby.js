// The lobby: the registered games, their options, and a form that opens a private room.

import { api, prefs, tokens } from "./api.js";
import { $, fill, h } from "./dom.js";
import { optionsForm } from "./options.js";
import { clockFields } from "./clock.js";
import { openRules, playedBefore } from "./teaching.js";

// Each game's table module says its options in words and offers presets of game length.
async function optionWords(game) {
  try {
    const table = await import(`/games/${encodeURIComponent(game.id)}/table.js`);
    return table.options || {};
  } catch {
    return {};
  }
}

function gameCard(game, said) {
  // A game this browser has never played starts on its first preset, its shortest: a
  // newcomer who did not look had opened Wyoming Cowboy's full game, some 70 minutes.
  const start = playedBefore(game.id) ? {} : said.presets?.[0]?.options || {};
  const form = optionsForm(game.options_schema, start, { idPrefix: `opt-${game.id}`, presets: said.presets });
  const clock = clockFields(null, 600, `clock-${game.id}`);
  const name = h("input", { id: `name-${game.id}`, name: "name", required: true, maxlength: 32,
    autocomplete: "nickname", value: prefs.get("name", "") });
  const spectators = h("input", { id: `spec-${game.id}`, type: "checkbox", checked: true });
  // First-game hints are on for a game this browser has never played.
  const hints = h("input", { id: `hints-${game.id}`, type: "checkbox", checked: !playedBefore(game.id) });
  const error = h("p", { class: "error", role: "alert" });
  const submit = h("button", { type: "submit", class: "primary" }, "Open a private room");
  const el = h("form", { class: "create", "data-game": game.id, onsubmit: async (e) => {
    e.preventDefault();
    error.textContent = "";
    const who = name.value.trim();
    if (!who) { error.textContent = "Please give your name first."; name.focus(); return; }
    submit.disabled = true;
    try {
      const room = await api("POST", "/rooms", { body: { game: game.id, name: who, options: form.read(),
        allow_spectators: spectators.checked, hints: hints.checked, ...clock.read() } });
      prefs.set("name", who);
      tokens.set(room.code, room.token);
      location.href = `/r/${room.code}`;
    } catch (err) {
      error.textContent = err.message;
      submit.disabled = false;
    }
  } },
  h("div", { class: "field" }, h("label", { for: name.id }, "Your name"), name),
  form.presets,
  h("details", { class: "game-options" }, h("summary", null, "Options"), form.element, clock.element),
  h("div", { class: "field inline" }, spectators, h("label", { for: spectators.id }, "Allow spectators")),
  h("div", { class: "field inline" }, hints, h("label", { for: hints.id }, "First-game hints")),
  submit, error);
  const players = game.min_seats === game.max_seats ? `${game.min_seats} players` : `${game.min_seats}–${game.max_seats} players`;
  return h("li", { class: "game panel", id: `game-${game.id}` },
    h("h2", null, game.title),
    h("p", { class: "meta" }, players, game.bots?.length ? ` · bots: ${game.bots.join(", ")}` : ""),
    h("p", { class: "description" }, game.description || ""),
    h("p", { class: "rules-link" }, h("a", { href: `/games/${encodeURIComponent(game.id)}/rules`, "data-rules": game.id,
      // A plain click opens the rules beside the lobby; a new tab or window gets the page.
      onclick: (e) => {
        if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey) return;
        e.preventDefault();
        // The panel narrows the lobby, which moves this game down: it is brought back in view.
        const card = e.currentTarget.closest(".game");
        openRules(game.id, game.title).then(() => card?.scrollIntoView({ block: "nearest" }));
      } },
    `How to play ${game.title}`)),
    el);
}

async function main() {
  const list = $("#games"), status = $("#lobby-status");
  try {
    const games = await api("GET", "/games");
    const words = await Promise.all(games.map(optionWords));
    fill(list, ...games.map((g, i) => gameCard(g, words[i])));
    status.textContent = games.length ? "" : "No games are installed on this server.";
  } catch (err) {
    status.textContent = `The games could not be loaded: ${err.message}`;
  }
}

main();
