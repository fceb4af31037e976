// Sounds of the table page: a move, a capture, the end of the game and "your turn", made with
// the Web Audio API (no sound files). Off until the player turns them on with the header's
// toggle; the choice is remembered in localStorage ("sound": "on" or "off").
//
// The choice of a sound (soundFor) and the mute state are pure logic, tested with node --test;
// only play() needs a browser.

/** @typedef {import("./types.js").GameEvent} GameEvent */
/** @typedef {"move" | "capture" | "end" | "turn"} Sound */

/**
 * What the table page knows when a state arrives.
 * @typedef {object} Moment
 * @property {number} seq - the table's last seq.
 * @property {boolean} terminal - the game is over.
 * @property {boolean} myTurn - a seat of this page may act now.
 * @property {number | null} [seat] - who made the last move (a negative seat: chance).
 * @property {GameEvent | null} [event] - the last move's event.
 */

/** Event keys of actions that capture (Connect 5 eats tokens by jumping over them). */
export const CAPTURE_KEYS = new Set(["connect5.jump", "connect5.sandwich"]);
const STORAGE_KEY = "sound";

/**
 * The sound of a change from one moment to the next, or null (nothing to hear: the page has
 * just opened, or nothing happened, or a die was rolled). The end of the game first, then
 * your turn (which also says the other player moved), then a capture, then a move.
 *
 * @param {Moment | null} before - null: the first state the page sees.
 * @param {Moment} after
 * @returns {Sound | null}
 */
export function soundFor(before, after) {
  if (!before || after.seq <= before.seq) return null;
  if (after.terminal && !before.terminal) return "end";
  if (after.terminal) return null;
  if (after.myTurn && !before.myTurn) return "turn";
  if (after.event && CAPTURE_KEYS.has(after.event.key)) return "capture";
  if (after.seat !== null && after.seat !== undefined && after.seat >= 0) return "move";
  return null;
}

/**
 * @param {Pick<Storage, "getItem">} [storage]
 * @returns {boolean} whether sounds are off (the default).
 */
export function isMuted(storage = globalThis.localStorage) {
  try {
    return storage?.getItem(STORAGE_KEY) !== "on";
  } catch {
    return true; // storage refused (private mode): stay quiet
  }
}

/**
 * Remember whether sounds are off.
 *
 * @param {boolean} muted
 * @param {Pick<Storage, "setItem">} [storage]
 */
export function setMuted(muted, storage = globalThis.localStorage) {
  try {
    storage?.setItem(STORAGE_KEY, muted ? "off" : "on");
  } catch {
    // not remembered: the toggle still works for this page
  }
}

/**
 * The notes of each sound: [frequency in Hz, start in s, length in s].
 * @type {Record<Sound, [number, number, number][]>}
 */
export const NOTES = {
  move: [[660, 0, 0.08]],
  capture: [[330, 0, 0.09], [220, 0.08, 0.14]],
  turn: [[523, 0, 0.1], [784, 0.11, 0.16]],
  end: [[523, 0, 0.14], [659, 0.14, 0.14], [784, 0.28, 0.3]],
};

/** @type {AudioContext | null} */
let audio = null;

/**
 * Play a sound, unless sounds are off (or the browser has no Web Audio).
 *
 * @param {Sound | null} sound
 */
export function play(sound) {
  if (!sound || isMuted() || typeof AudioContext === "undefined") return;
  audio ??= new AudioContext();
  const start = audio.currentTime + 0.01;
  for (const [frequency, offset, length] of NOTES[sound]) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = sound === "capture" ? "square" : "sine";
    oscillator.frequency.value = frequency;
    // A short attack and an exponential decay: a soft click, not a beep.
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(sound === "capture" ? 0.08 : 0.18, start + offset + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + length);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + length + 0.02);
  }
}
