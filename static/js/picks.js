// A choice of several cards half made (the three cards of a pass, say) survives a reload
// of the page: it is kept for this tab with the choices it was made among, and brought
// back only to those same choices. Once a move is made, by the player or by the server
// for him, the choices differ and what was kept is left behind.

import { actionKey } from "./dom.js";

const KEY = (code) => `saloon:picks:${code}`;

/** A short fingerprint of a document's choices: its game and every legal action. */
function stamp(doc) {
  const text = `${doc.room.match}\n${(doc.legal || []).map(actionKey).join("\n")}`;
  let hash = 0x811c9dc5; // FNV-1a, 32 bits
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${text.length}:${hash.toString(16)}`;
}

function storage() {
  try { return window.sessionStorage; } catch { return null; } // private mode
}

/** Keeps the cards chosen so far against `doc`'s choices (none chosen: forgets them). */
export function keepPicks(code, doc, cards) {
  const store = storage();
  if (!store) return;
  try {
    if (cards?.length && doc.legal?.length) store.setItem(KEY(code), JSON.stringify({ stamp: stamp(doc), cards }));
    else store.removeItem(KEY(code));
  } catch { /* full or refused: a reload then starts the choice afresh */ }
}

/** The cards kept for `doc`'s choices, or none if they were chosen among others. */
export function keptPicks(code, doc) {
  try {
    const kept = JSON.parse(storage()?.getItem(KEY(code)) || "null");
    return kept && kept.stamp === stamp(doc) && Array.isArray(kept.cards) ? kept.cards.filter((c) => typeof c === "string") : [];
  } catch {
    return [];
  }
}
