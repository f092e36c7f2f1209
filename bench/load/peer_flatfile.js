// The boardgame.io peer with its durable storage: node peer_flatfile.js PORT DIR
//
// The peer's own server.js, but with boardgame.io's FlatFile storage (node-persist, one
// JSON file per key under DIR) in place of its in-memory default. boardgame.io awaits
// the write of each move's state and log before it sends the update, so every move is
// on disk before anyone sees it, as in Saloon; node-persist writes each file without
// an fsync, where Saloon's commit waits for SQLite's sync. The runner copies this file
// next to the peer's, so that boardgame.io resolves from the peer's node_modules.
const { Server, Origins, FlatFile } = require('boardgame.io/server');

const db = new FlatFile({ dir: process.argv[3], logging: false, ttl: false });
const server = Server({ games: [require('./game').TicTacToe], origins: [Origins.LOCALHOST], db });
server.run({ port: { port: Number(process.argv[2]), host: '127.0.0.1' } });
