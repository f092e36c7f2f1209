// Load generator for Saloon:
//   node saloon-load.js PORT[,PORT...] MATCHES SECONDS [setup] [total=N] [seed=S]
// The boardgame.io peer's workload on Saloon's protocol (docs/protocol.md): each match
// is created over HTTP, joined and started, played by two sockets with random legal
// cells, and replaced by a new one when it ends. A move's latency = send -> the mover
// sees the next version. Prints one JSON line. With "setup", each match closes its
// sockets as soon as it has started, and "moves" counts the matches set up. With several
// ports (one server process each), matches are created on each in turn, and everything
// else of a room goes to the port its code hashes to, as a proxy routing by room would.
// With "total=N", N matches are played in all (SECONDS still bounds the run), and with
// "seed=S" the cells come from a generator seeded with S: the same matches every run.
const WebSocket = require('ws');
const { applyPatch } = require('fast-json-patch');
const ports = process.argv[2].split(',').map(Number);
const [matches, seconds] = process.argv.slice(3, 5).map(Number);
const words = process.argv.slice(5);
const setupOnly = words.includes('setup');
const word = (name) => {
  const w = words.find((x) => x.startsWith(`${name}=`));
  return w === undefined ? null : Number(w.slice(name.length + 1));
};
const total = word('total');
let seed = word('seed');
let begun = 0;
// Math.random unless seeded; seeded, mulberry32 (enough to pick cells).
const random = seed === null ? Math.random : () => {
  seed = (seed + 0x6D2B79F5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const lat = []; let moves = 0, errors = 0, games = 0; const t0 = Date.now(); const until = t0 + seconds * 1000;

function home(code) {
  let h = 0;
  for (const ch of code) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return ports[h % ports.length];
}

async function post(port, path, body, token) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const r = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  if (!r.ok) throw new Error(`${path} ${r.status} ${await r.text()}`); return r.json();
}

function open(port, code, token) {
  // One socket mirrors one document; onChange runs after every new version.
  const mirror = { doc: null, version: -1, onChange: null };
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/rooms/${code}`, ['saloon', `saloon.token.${token}`], { perMessageDeflate: false });
  ws.on('message', (raw) => {
    const m = JSON.parse(raw);
    if (m.type === 'sync') { mirror.doc = m.doc; mirror.version = m.version; }
    else if (m.type === 'patch') {
      if (m.version !== mirror.version + 1) { ws.send('{"type":"sync"}'); return; }
      mirror.doc = applyPatch(mirror.doc, m.ops, false, true).newDocument; mirror.version = m.version;
    } else if (m.type === 'error') { errors++; }
    else return;
    if (mirror.onChange) mirror.onChange();
  });
  mirror.ws = ws;
  return new Promise((resolve, reject) => { ws.on('open', () => resolve(mirror)); ws.on('error', reject); });
}

async function runMatch(_, index) {
  while (Date.now() < until && (total === null || begun++ < total)) {
    const room = await post(ports[index % ports.length], '/api/rooms', { game: 'tictactoe', name: 'p0' });
    const port = home(room.code);
    const joined = await post(port, `/api/rooms/${room.code}/join`, { name: 'p1' });
    const tokens = [room.token, joined.token];
    const socks = await Promise.all(tokens.map((t) => open(port, room.code, t)));
    await post(port, `/api/rooms/${room.code}/start`, {}, room.token);
    // As the peer's load.js does: the newest document either socket holds is the state,
    // and a move is seen when either socket sees the next version.
    let waiting = null;
    const newest = () => socks.reduce((a, b) => (b.version > a.version ? b : a));
    socks.forEach((s) => { s.onChange = () => {
      if (waiting && s.version > waiting.version) { lat.push(Date.now() - waiting.t); const w = waiting; waiting = null; w.resolve(); }
    }; });
    while (newest().version < 0 || newest().doc.room.status === 'lobby') await new Promise((r) => setTimeout(r, 2));
    let ref = 0;
    if (setupOnly) moves++;
    while (!setupOnly && Date.now() < until) {
      const { doc, version } = newest();
      if (doc.room.status !== 'playing') break;
      const p = doc.room.to_act[0];
      const free = doc.game.cells.map((c, i) => (c === null ? i : -1)).filter((i) => i >= 0);
      const cell = free[Math.floor(random() * free.length)];
      const done = new Promise((resolve) => { waiting = { version, t: Date.now(), resolve }; });
      socks[p].ws.send(JSON.stringify({ type: 'action', action: { type: 'cell', cell }, ref: ++ref }));
      const to = new Promise((r) => setTimeout(() => r('timeout'), 5000));
      if (await Promise.race([done, to]) === 'timeout') { errors++; waiting = null; break; }
      moves++;
    }
    if (newest().doc.room.status === 'finished') games++;
    socks.forEach((s) => s.ws.close());
  }
}

(async () => {
  await Promise.all(Array.from({ length: matches }, runMatch));
  lat.sort((a, b) => a - b);
  const q = (f) => (lat.length ? lat[Math.min(lat.length - 1, Math.floor(f * lat.length))] : null);
  const secs = (Date.now() - t0) / 1000;
  console.log(JSON.stringify({ server: 'saloon', matches, sockets: 2 * matches, seconds: secs, moves, moves_per_s: Math.round(moves / secs), p50_ms: q(0.5), p99_ms: q(0.99), games, errors }));
  process.exit(0);
})();
