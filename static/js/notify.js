// "Your move", noticed: a short chime made by the browser (WebAudio, no file), a flag on
// the tab's icon and title, and a browser notification when the tab is hidden (only if
// the player asked for it). The settings live in localStorage through prefs.

let audio = null;

/** Plays two soft notes (about a quarter of a second); silent where WebAudio is missing,
 * and before the player has touched the page: browsers refuse sound until then (a page
 * just reloaded on your move), and say so in the console. */
export function chime() {
  if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
  try {
    audio ||= new (window.AudioContext || window.webkitAudioContext)();
    const t = audio.currentTime;
    for (const [i, freq] of [[0, 660], [1, 880]]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = "sine";
      osc.frequency.value = freq;
      const start = t + i * 0.12;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.18, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.22);
      osc.connect(gain).connect(audio.destination);
      osc.start(start);
      osc.stop(start + 0.25);
    }
  } catch { /* no sound here */ }
}

function icon(flag) {
  const dot = flag ? "<circle cx='25' cy='7' r='6.5' fill='%23d32f2f' stroke='white' stroke-width='1.5'/>" : "";
  return "data:image/svg+xml," +
    "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'>" +
    "<rect x='5' y='3' width='20' height='27' rx='3' fill='%23fffdf7' stroke='%235a3a22' stroke-width='2'/>" +
    "<text x='15' y='23' font-size='15' text-anchor='middle' fill='%23b3261e'>%E2%99%A5</text>" + dot + "</svg>";
}

/** Sets the tab's icon and title: flagged while it is your move. */
export function flagTab(yours, title) {
  const link = document.getElementById("favicon");
  const href = icon(yours);
  if (link && link.getAttribute("href") !== href) link.setAttribute("href", href);
  const want = `${yours ? "● Your move · " : ""}${title}`;
  if (document.title !== want) document.title = want;
  if (link) link.dataset.flag = yours ? "yes" : "no";
}

/** Asks the browser for permission to notify; resolves to whether it was granted. */
export async function askToNotify() {
  if (!("Notification" in window)) return false;
  if (Notification.permission === "granted") return true;
  try { return (await Notification.requestPermission()) === "granted"; } catch { return false; }
}

/** A notification that it is your move, when the tab is hidden and the player opted in. */
export function notifyTurn(enabled, body) {
  if (!enabled || !document.hidden || !("Notification" in window) || Notification.permission !== "granted") return;
  try {
    const n = new Notification("Saloon: your move", { body, tag: "saloon-turn", icon: icon(true) });
    n.onclick = () => { window.focus(); n.close(); };
  } catch { /* some browsers only notify from a service worker */ }
}
