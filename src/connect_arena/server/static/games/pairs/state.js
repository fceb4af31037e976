// Connect Pairs' board state, pure (no DOM, no texts: tests/js/pairs-state.test.mjs runs it in
// node): the legal actions read from their parts (core/game.py Action.parts: key_choice
// {subjects}, move {subject, source, target}, take {subject, zones}, swap {first_zone,
// first_subject, second_zone, second_subject}, give {zone, subject, receive}, top {zone, slot},
// keep {zone}, connect, done, pass; subjects as indices into the geometry's letters) — the page
// never parses notation —, which decision they make, and what changed in the log.

/** @typedef {import("../../js/types.js").LegalAction} LegalAction */

/**
 * A structured event from the server.
 * @typedef {{key: string, params: Record<string, unknown>}} GameEvent
 */

/**
 * A legal action as the views use it: its kind (`type`), its fields with subjects as letters,
 * and `text`, the notation the page sends back as it came.
 * @typedef {object} Choice
 * @property {string} type - "key", "move", "take", "swap", "give", "top", "keep", "connect",
 *   "done", "pass" or "other"
 * @property {string} text
 * @property {string} key - key: the letters by die face ("CAFBED")
 * @property {string} subject
 * @property {number} from
 * @property {number} to
 * @property {number[]} zones
 * @property {number} zoneA
 * @property {string} subjectA
 * @property {number} zoneB
 * @property {string} subjectB
 * @property {number} zone
 * @property {string | null} receive
 * @property {number} slot
 */

/**
 * The legal actions as choices.
 * @param {LegalAction[]} actions
 * @param {string[]} subjects - the geometry's letters, by subject index
 * @returns {Choice[]}
 */
export function readActions(actions, subjects) {
  /** @param {number} index */
  const letter = (index) => subjects[index] ?? "?";
  return actions.map(({ notation: text, parts: p }) => {
    /** @type {Partial<Choice>} */
    let fields;
    switch (p.kind) {
      case "key_choice": fields = { type: "key", key: p.subjects.map(letter).join("") }; break;
      case "move": fields = { type: "move", subject: letter(p.subject), from: p.source, to: p.target }; break;
      case "take": fields = { type: "take", subject: letter(p.subject), zones: [...p.zones] }; break;
      case "swap": fields = {
        type: "swap", zoneA: p.first_zone, subjectA: letter(p.first_subject), zoneB: p.second_zone, subjectB: letter(p.second_subject),
      }; break;
      case "give": fields = { type: "give", zone: p.zone, subject: letter(p.subject), receive: p.receive === null || p.receive === undefined ? null : letter(p.receive) }; break;
      case "top": fields = { type: "top", zone: p.zone, slot: p.slot }; break;
      case "keep": fields = { type: "keep", zone: p.zone }; break;
      case "connect": case "done": case "pass": fields = { type: p.kind }; break;
      default: fields = { type: "other" };
    }
    return /** @type {Choice} */ ({ ...fields, text });
  });
}

/**
 * The first choice of a type, or undefined.
 * @param {Choice[]} choices
 * @param {string} type
 * @returns {string | undefined} its notation
 */
export const actionOf = (choices, type) => choices.find((choice) => choice.type === type)?.text;

/**
 * The keys the pair may set: letters by die face -> notation.
 * @param {Choice[]} choices
 * @returns {Map<string, string>}
 */
export const keyActions = (choices) => new Map(choices.filter((c) => c.type === "key").map((c) => [c.key, c.text]));

/**
 * During a three-of-a-subject event, the slots a click on the board fills: when every `top`
 * choice is for one zone, slot -> notation, and that zone; else nothing.
 * @param {Choice[]} choices
 * @returns {{zone: number | null, slots: Map<number, string>}}
 */
export function slotChoices(choices) {
  const tops = choices.filter((c) => c.type === "top");
  const zones = new Set(tops.map((c) => c.zone));
  if (zones.size !== 1) return { zone: null, slots: new Map() };
  return { zone: tops[0].zone, slots: new Map(tops.map((c) => [c.slot, c.text])) };
}

/**
 * The letters of a zone ("ACC" → ["A", "C", "C"]).
 * @param {string | null | undefined} zone
 * @returns {string[]}
 */
export const letters = (zone) => [...(zone || "")];

/**
 * The events of `now` that were not in `before` (the log keeps only the last ones).
 * @param {GameEvent[] | undefined} before
 * @param {GameEvent[]} now
 * @returns {GameEvent[]}
 */
export function newEvents(before, now) {
  if (!before) return [];
  const seen = before.map((event) => JSON.stringify(event));
  const fresh = now.map((event) => JSON.stringify(event));
  for (let overlap = Math.min(seen.length, fresh.length); overlap > 0; overlap -= 1) {
    const tail = seen.slice(seen.length - overlap);
    if (tail.every((event, i) => event === fresh[i])) return now.slice(overlap);
  }
  return now.slice();
}

/**
 * Which decision the choices make: "key", "event", "reply", "connect", "double", "choose" or
 * "other".
 * @param {Choice[]} choices
 * @param {{stage: string, dice: number[] | null, roll: {kind: string} | null}} obs
 * @returns {string}
 */
export function decisionKind(choices, obs) {
  const types = new Set(choices.map((c) => c.type));
  if (types.has("key")) return "key";
  if (types.has("top") || types.has("keep")) return "event";
  if (obs.stage === "reply") return "reply";
  if (obs.stage === "connect") return "connect";
  if (obs.dice && obs.roll?.kind === "double") return "double";
  if (obs.dice) return "choose";
  return "other";
}

/**
 * What the table's status line asks of the acting seat: an i18n key (a partner's name to add
 * for "pairs.hint.reply").
 * @param {Choice[]} choices
 * @param {{stage: string, dice: number[] | null, roll: {kind: string} | null}} obs
 * @returns {string}
 */
export function hintKey(choices, obs) {
  const types = new Set(choices.map((c) => c.type));
  if (types.has("key")) return "pairs.hint.key";
  if (types.has("top") || types.has("keep")) return "pairs.hint.event";
  if (obs.stage === "reply") return "pairs.hint.reply";
  if (obs.stage === "connect") return "pairs.hint.connect";
  if (types.has("swap")) return "pairs.hint.swap";
  if (obs.dice && obs.roll?.kind === "double") return "pairs.hint.doubleMove";
  return "pairs.hint.choose";
}
