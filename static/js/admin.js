// The admin page: sign in with the admin token, the list of stored games with filters
// and pages, import a record, and open a game in the replay viewer (#game/<id>).

import { api, ApiError } from "./api.js";
import { $, dateTime, fill, h } from "./dom.js";
import { openReplay } from "./admin-replay.js";

// The admin token is kept for this tab only (sessionStorage), never in localStorage.
const KEY = "saloon.admin-token";
const tokenStore = {
  get: () => { try { return sessionStorage.getItem(KEY); } catch { return null; } },
  set: (t) => { try { if (t) sessionStorage.setItem(KEY, t); else sessionStorage.removeItem(KEY); } catch { /* private mode */ } },
};

const page = { token: tokenStore.get(), page: 1, pages: 1, titles: {}, viewer: null };

async function call(method, path, body) {
  try {
    return await api(method, path, { token: page.token, body });
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) signedOut(err.message);
    throw err;
  }
}

function signedOut(message) {
  page.token = null;
  tokenStore.set(null);
  show("login");
  $("#login-error").textContent = message || "";
  $("#admin-token").focus();
}

function show(which) {
  $("#login").hidden = which !== "login";
  $("#games").hidden = which !== "games";
  $("#viewer").hidden = which !== "viewer";
  $("#sign-out").hidden = which === "login";
}

function filters() {
  const form = new FormData($("#filters"));
  const params = new URLSearchParams();
  for (const [k, v] of form.entries()) if (String(v).trim()) params.set(k, String(v).trim());
  params.set("page", String(page.page));
  return params;
}


function resultText(g) {
  if (!g.scores) return { playing: "in play", abandoned: "abandoned" }[g.status] ?? "—";
  const names = g.seats.map((x) => x.name);
  const scores = g.scores.map((score, seat) => `${names[seat] ?? `Seat ${seat + 1}`} ${score}`).join(", ");
  return `${(g.winners || []).map((w) => names[w]).join(" and ")} won (${scores})`;
}

async function loadList() {
  show("games");
  document.title = "Saloon — admin";
  $("#list-error").textContent = "";
  let data;
  try {
    data = await call("GET", `/admin/games?${filters()}`);
  } catch (err) {
    $("#list-error").textContent = err.message;
    return;
  }
  page.pages = data.pages;
  const body = $("#game-list tbody");
  fill(body, data.games.length ? data.games.map((g) => h("tr", { "data-game": g.game, "data-id": g.id, "data-status": g.status },
    h("td", null, h("a", { href: `#game/${g.id}`, title: `Replay game ${g.id}` }, dateTime(g.started_at))),
    // (Each cell names its column: a phone lays a row out as lines, without the header.)
    h("td", { "data-label": "Game" }, g.title, g.rules_version !== "1" ? h("span", { class: "muted" }, ` v${g.rules_version}`) : null),
    h("td", { "data-label": "Seats" }, g.seats.map((x) => x.name).join(", ")),
    h("td", { "data-label": "Status" }, h("span", { class: "status", "data-status": g.status }, g.status)),
    h("td", { class: "num", "data-label": "Actions" }, String(g.actions)),
    h("td", { "data-label": "Result" }, resultText(g))))
    : h("tr", null, h("td", { colspan: 6, class: "muted" }, "No stored game matches these filters.")));
  fill($("#page-info"), `Page ${data.page} of ${data.pages} · ${data.total} game${data.total === 1 ? "" : "s"}`);
  $("#prev-page").disabled = data.page <= 1;
  $("#next-page").disabled = data.page >= data.pages;
  document.body.dataset.listed = String(Date.now());
}

async function route() {
  if (!page.token) return signedOut();
  page.viewer?.close();
  page.viewer = null;
  const m = location.hash.match(/^#game\/([\w-]+)/);
  if (!m) return loadList();
  show("viewer");
  try {
    page.viewer = await openReplay(m[1], { call, onBack: () => { location.hash = ""; } });
  } catch (err) {
    fill($("#verify"), err.message);
    $("#verify").dataset.status = "unplayable";
  }
}

async function fillGames() {
  try {
    const games = await api("GET", "/games");
    $("#f-game").append(...games.map((g) => h("option", { value: g.id }, g.title)));
  } catch { /* the filter still takes "any" */ }
}

function wire() {
  $("#login-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    page.token = $("#admin-token").value.trim();
    $("#admin-token").value = "";
    try {
      await api("GET", "/admin/games?per_page=1", { token: page.token });
    } catch (err) {
      return signedOut(err.message);
    }
    tokenStore.set(page.token);
    route();
  });
  $("#sign-out").addEventListener("click", () => { location.hash = ""; signedOut(""); });
  $("#filters").addEventListener("submit", (e) => { e.preventDefault(); page.page = 1; loadList(); });
  $("#filters").addEventListener("reset", () => setTimeout(() => { page.page = 1; loadList(); }));
  $("#prev-page").addEventListener("click", () => { page.page = Math.max(1, page.page - 1); loadList(); });
  $("#next-page").addEventListener("click", () => { page.page = Math.min(page.pages, page.page + 1); loadList(); });
  $("#import-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const out = $("#import-result");
    const file = $("#import-file").files[0];
    if (!file) return;
    let record;
    try { record = JSON.parse(await file.text()); } catch (err) { out.textContent = `Not JSON: ${err.message}`; out.className = "error"; return; }
    try {
      const r = await call("POST", "/admin/games", record);
      out.className = "";
      fill(out, r.created ? "Imported " : "Already stored: ", h("a", { href: `#game/${r.id}` }, `game ${r.id}`));
      loadList();
    } catch (err) {
      out.className = "error";
      out.textContent = err.message;
    }
  });
  window.addEventListener("hashchange", route);
}

wire();
fillGames();
route();
