// The Connect Pairs table UI (docs/rules/pairs.md): the shared board (key, supply, score
// track), both partners' boards side by side, the dice, and the decision of the seat to act.
//
// Only the server's legal actions can be chosen: every control is built from the legal list
// and sends one of its strings; a legal action no view knows about still gets a plain button
// ("other actions"), so `offered()` always equals the legal list. With three different dice,
// MOVE, TAKE and CONNECT are always shown; an option without a legal action is greyed out with
// the reason, worked out from the observation. The engine applies forced choices itself, so
// the UI reads what happened from the observation's log (structured events, translated by key)
// and animates the three-of-a-subject events (a top slot filled) when it sees them arrive.
//
// Everything the board draws comes from the server: the layout (subjects, zones, slots, pairs,
// the score track) from the game's geometry (`context.geometry`, PairsGame.geometry()), the
// position from the observation. Legal actions are read as notation only to make them clickable.

import { h, listText } from "../js/api.js";
import { eventText, t } from "../js/i18n.js";
import { svg } from "../js/svg.js";

/**
 * The static layout of a game (PairsGame.geometry(), games/pairs/view.py).
 * @typedef {object} Geometry
 * @property {string[]} subjects - the subject letters, by subject index ("A".."F").
 * @property {number[]} faces - die faces = zone numbers = key spaces (1-6).
 * @property {number} zone_size - spaces per zone.
 * @property {number[][]} zone_rows - a player board's zones, row by row, as drawn.
 * @property {number[]} slots - top slots, left to right (1-4).
 * @property {{name: string, seats: number[]}[]} pairs - each pair's name and its two seats.
 * @property {number[]} track - the score-track boxes in pawn order (round 1 first).
 * @property {string} track_end - "stay" or "end": what the pawn does on the last box.
 * @property {number} tokens_per_subject
 * @property {number} manches
 */

/**
 * A structured event from the server.
 * @typedef {{key: string, params: Record<string, unknown>}} GameEvent
 */

/**
 * The observation of a seat (PairsState.observation(), games/pairs/view.py).
 * @typedef {object} Observation
 * @property {{name: string, key: string | null, supply: Record<string, number>, complete: boolean, score: number | null}[]} pairs
 * @property {{zones: string[], top: (string | null)[]}[]} boards - per seat.
 * @property {string} stage
 * @property {number | null} to_move
 * @property {number | null} turn_seat
 * @property {number[] | null} dice
 * @property {{kind: string, d?: number, e?: number} | null} roll
 * @property {{left: number[], offer: {zone: number, subject: string} | null, common: Record<string, string[]>, swappable: number[]}} connection
 *   - the connection: die values left, the pending offer, per die face the subjects the turn's
 *   seat shares with the partner, the faces where a swap is possible.
 * @property {{move: GameEvent[], take: GameEvent[]} | null} why_not - after all-different dice:
 *   why MOVE and TAKE are impossible, die by die.
 * @property {number[][]} pending - per seat: zones with a three-of-a-subject event.
 * @property {Record<string, string>[]} triples - per seat: zone → the subject it holds three of.
 * @property {number} manche
 * @property {number} round
 * @property {number} pawn
 * @property {number[]} order
 * @property {number[][]} scores
 * @property {number[]} totals
 * @property {GameEvent | null} outcome
 * @property {boolean} terminal
 * @property {GameEvent[]} log
 */

/**
 * A legal action read from its notation (the fields of its `type` are set; `text` is the
 * notation itself).
 * @typedef {object} Parsed
 * @property {string} type
 * @property {string} text
 * @property {string} key
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
 * What the table page (or the replay viewer) passes to `update`.
 * @typedef {object} Update
 * @property {Observation} observation
 * @property {string[]} [legal] - the legal actions of `seat`, in notation.
 * @property {number | null} [seat] - the seat this page plays now (null: none).
 * @property {number[]} [you] - the viewer's seats.
 * @property {boolean} [terminal]
 * @property {{seq: number} | null} [last] - the last action shown.
 */

/**
 * Options of the buttons that send an action.
 * @typedef {object} ButtonOptions
 * @property {string} [label] - the accessible name (else the content's text).
 * @property {string} [className]
 * @property {string} [hl] - what hovering lights up: "seat:zone:role" or "seat:sSLOT:role" items.
 * @property {Record<string, string | number>} [attributes]
 */

/**
 * How a player board is drawn.
 * @typedef {object} BoardOptions
 * @property {boolean} [compact] - the small version (other pairs).
 * @property {Map<number, string>} [slotActions] - slot → a legal `top` action (clickable slots).
 * @property {Set<number>} [focusZones] - zones to outline (a connection's).
 * @property {string | null} [ghost] - the subject a clickable slot would receive.
 */

// Okabe–Ito colours (colour-blind safe) plus a distinct shape per subject; the letter is always
// drawn, in black or white, whichever gives the stronger contrast (WCAG AA on every fill).
/** @type {Record<string, {fill: string, ink: string, shape: string, legend: string}>} */
const LOOK = {
  A: { fill: "#E69F00", ink: "#111111", shape: "circle", legend: "pairs.legend.circle" },
  B: { fill: "#56B4E9", ink: "#111111", shape: "square", legend: "pairs.legend.square" },
  C: { fill: "#009E73", ink: "#111111", shape: "triangle", legend: "pairs.legend.triangle" },
  D: { fill: "#F0E442", ink: "#111111", shape: "diamond", legend: "pairs.legend.diamond" },
  E: { fill: "#0072B2", ink: "#FFFFFF", shape: "hexagon", legend: "pairs.legend.hexagon" },
  F: { fill: "#CC79A7", ink: "#111111", shape: "star", legend: "pairs.legend.star" },
};
/** @type {Record<number, number[][]>} */
const PIPS = {
  1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};
const HELP = [
  "pairs.help.goal", "pairs.help.key", "pairs.help.triple", "pairs.help.double",
  "pairs.help.different", "pairs.help.connect", "pairs.help.event", "pairs.help.end",
];
const BUSY_MS = 2500; // after a click, until the server's answer (or a refusal) comes back
const ANNOUNCE_MS = 3200;

/** @type {Promise<unknown> | null} */
let stylesheet = null; // resolves once pairs.css is loaded (or failed: the board shows anyway)
function addStylesheet() {
  if (!stylesheet) {
    stylesheet = new Promise((resolve) => {
      const href = new URL("./pairs.css", import.meta.url).href;
      const link = h("link", { rel: "stylesheet", href, "data-pairs-css": "" });
      link.addEventListener("load", resolve);
      link.addEventListener("error", resolve);
      setTimeout(resolve, 3000);
      document.head.append(link);
    });
  }
  return stylesheet;
}

/**
 * The points of a regular polygon (or a star with an `inner` radius), centred on 0,0.
 * @param {number} count
 * @param {number} radius
 * @param {number} [rotation]
 * @param {number | null} [inner]
 * @returns {string}
 */
function polygon(count, radius, rotation = -Math.PI / 2, inner = null) {
  const points = [];
  const steps = inner === null ? count : count * 2;
  for (let i = 0; i < steps; i += 1) {
    const r = inner !== null && i % 2 ? inner : radius;
    const angle = rotation + (i * 2 * Math.PI) / steps;
    points.push(`${(r * Math.cos(angle)).toFixed(2)},${(r * Math.sin(angle)).toFixed(2)}`);
  }
  return points.join(" ");
}

/** @type {Record<string, () => SVGElement>} */
const SHAPES = {
  circle: () => svg("circle", { r: 13.5 }),
  square: () => svg("rect", { x: -12.5, y: -12.5, width: 25, height: 25, rx: 3 }),
  triangle: () => svg("polygon", { points: "0,-15.5 15,11.5 -15,11.5" }),
  diamond: () => svg("polygon", { points: "0,-15.5 15.5,0 0,15.5 -15.5,0" }),
  hexagon: () => svg("polygon", { points: polygon(6, 15, 0) }),
  star: () => svg("polygon", { points: polygon(5, 16, -Math.PI / 2, 9.6) }),
};

/**
 * A token: the subject's shape and colour with its letter (decorative: labels say it).
 * @param {string} subject
 * @param {string} [className]
 * @returns {SVGElement | null}
 */
function token(subject, className = "") {
  const look = LOOK[subject];
  if (!look) return null;
  const shape = SHAPES[look.shape]();
  shape.setAttribute("fill", look.fill);
  shape.setAttribute("class", "tok-shape");
  const dy = look.shape === "triangle" ? 4.5 : look.shape === "star" ? 1.5 : 0;
  return svg("svg", { class: `tok tok-${subject} ${className}`.trim(), viewBox: "-17 -17 34 34", "aria-hidden": "true", focusable: "false" },
    shape,
    svg("text", { y: dy, "text-anchor": "middle", "dominant-baseline": "central", fill: look.ink, class: "tok-letter" }, subject));
}

/**
 * A die face with its pips (decorative).
 * @param {number} value
 * @param {string} [className]
 * @returns {SVGElement}
 */
function die(value, className = "") {
  const pips = (PIPS[value] || []).map(([x, y]) => svg("circle", { cx: x * 6.4, cy: y * 6.4, r: 2.6, class: "pip" }));
  return svg("svg", { class: `die ${className}`.trim(), viewBox: "-12 -12 24 24", "aria-hidden": "true", focusable: "false" },
    svg("rect", { x: -11, y: -11, width: 22, height: 22, rx: 4.5, class: "die-face" }), ...pips);
}

/**
 * A legal action's notation as an object, to make it clickable (an unknown form is "other").
 * @param {string} text
 * @returns {Parsed}
 */
function parseAction(text) {
  let m;
  if ((m = /^key ([A-F]{6})$/.exec(text))) return /** @type {Parsed} */ ({ type: "key", key: m[1] });
  if ((m = /^move ([A-F]) ([1-6])>([1-6])$/.exec(text))) return /** @type {Parsed} */ ({ type: "move", subject: m[1], from: +m[2], to: +m[3] });
  if ((m = /^take ([A-F]) ([1-6])(?: ([1-6]))?$/.exec(text))) return /** @type {Parsed} */ ({ type: "take", subject: m[1], zones: m[3] ? [+m[2], +m[3]] : [+m[2]] });
  if ((m = /^swap ([1-6])([A-F]) ([1-6])([A-F])$/.exec(text))) return /** @type {Parsed} */ ({ type: "swap", zoneA: +m[1], subjectA: m[2], zoneB: +m[3], subjectB: m[4] });
  if ((m = /^give ([1-6])([A-F])(?: ([A-F]))?$/.exec(text))) return /** @type {Parsed} */ ({ type: "give", zone: +m[1], subject: m[2], receive: m[3] || null });
  if ((m = /^top ([1-6])>([1-4])$/.exec(text))) return /** @type {Parsed} */ ({ type: "top", zone: +m[1], slot: +m[2] });
  if ((m = /^keep ([1-6])$/.exec(text))) return /** @type {Parsed} */ ({ type: "keep", zone: +m[1] });
  if (text === "connect" || text === "done" || text === "pass") return /** @type {Parsed} */ ({ type: text });
  return /** @type {Parsed} */ ({ type: "other" });
}

/**
 * The letters of a zone ("ACC" → ["A", "C", "C"]).
 * @param {string | null | undefined} zone
 * @returns {string[]}
 */
const letters = (zone) => (zone || "").split("");

/**
 * The events of `now` that were not in `before` (the log keeps only the last ones).
 * @param {GameEvent[] | undefined} before
 * @param {GameEvent[]} now
 * @returns {GameEvent[]}
 */
function newEvents(before, now) {
  if (!before) return [];
  const seen = before.map((event) => JSON.stringify(event));
  const fresh = now.map((event) => JSON.stringify(event));
  for (let overlap = Math.min(seen.length, fresh.length); overlap > 0; overlap -= 1) {
    const tail = seen.slice(seen.length - overlap);
    if (tail.every((event, i) => event === fresh[i])) return now.slice(overlap);
  }
  return now.slice();
}

// ----- the module ------------------------------------------------------------------------------
/**
 * Every arrangement of `items` (the keys a pair may set).
 * @param {string[]} items
 * @returns {string[][]}
 */
function permutations(items) {
  if (items.length <= 1) return [items.slice()];
  /** @type {string[][]} */
  const result = [];
  items.forEach((item, i) => {
    for (const rest of permutations([...items.slice(0, i), ...items.slice(i + 1)])) result.push([item, ...rest]);
  });
  return result;
}

/**
 * The table's board.
 * @param {HTMLElement} root
 * @param {{options?: Record<string, unknown>, geometry?: Geometry, seatNames?: string[], interactive?: boolean,
 *   panel?: HTMLElement | null, onAction: (action: string) => void}} context
 */
export default function create(root, context) {
  const styled = addStylesheet();
  if (!context.geometry || !Array.isArray(context.geometry.subjects)) throw new Error("Connect Pairs: the game's geometry is missing");
  /** @type {Geometry} */
  const geometry = context.geometry;
  const SUBJECTS = geometry.subjects;
  const FACES = geometry.faces;
  const ZONE_SIZE = geometry.zone_size;
  const ALL_KEYS = new Set(permutations(SUBJECTS).map((p) => p.join("")));
  /** @type {Map<number, number>} */
  const pairIndex = new Map();
  geometry.pairs.forEach((pair, p) => pair.seats.forEach((seat) => pairIndex.set(seat, p)));
  /** @param {number} seat */
  const pairOf = (seat) => pairIndex.get(seat) ?? 0;
  /** @param {number} seat */
  const partnerOf = (seat) => geometry.pairs[pairOf(seat)].seats.find((other) => other !== seat) ?? seat;
  /** @param {number} pair */
  const seatsOfPair = (pair) => geometry.pairs[pair].seats;
  /** @param {number} seat */
  const name = (seat) => context.seatNames?.[seat] || `${geometry.pairs[pairOf(seat)]?.name ?? "?"}${seatsOfPair(pairOf(seat)).indexOf(seat) + 1}`;
  /** @param {GameEvent | null | undefined} event */
  const eventLine = (event) => eventText(event, name, listText) || event?.key || "";
  /** @param {Observation} obs */
  const rollKind = (obs) => obs.roll?.kind ?? null;
  /** The subject zone `face` of `seat` holds three of, or null. */
  const tripleOf = (/** @type {Observation} */ obs, /** @type {number} */ seat, /** @type {number} */ face) => obs.triples?.[seat]?.[String(face)] ?? null;
  const view = h("div", { class: "pairs-view" });
  // The live region stays in place (only the view is redrawn), so screen readers announce it.
  const announcer = h("div", { class: "pairs-announce", role: "status", "aria-live": "polite" });
  const container = h("div", { class: "pairs", "data-acting": "no", hidden: true }, view, announcer);
  styled.then(() => { container.hidden = false; }); // no flash of an unstyled board
  root.replaceChildren(container);
  const panel = h("div", { class: "pairs-panel" });
  if (context.panel) context.panel.replaceChildren(h("h2", {}, t("pairs.title")), panel);

  /** @type {Update | null} */
  let current = null; // the last update
  /** @type {Update | null} */
  let previous = null; // the update before it (for the animations)
  /** @type {Set<string>} */
  let legalSet = new Set();
  /** @type {number | null} */
  let focusPair = null; // a pair a viewer chose to look at (else: his own, or the active one)
  let keyDraft = SUBJECTS.slice();
  /** @type {number | null} */
  let keyPick = null; // index of the key space picked for a swap
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let busyTimer;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let announceTimer;
  /** @type {Set<string>} */
  let handled = new Set(); // legal actions some view offers (the rest go to "other actions")

  /** Whether this page may act now (a seat of the viewer's with legal actions). */
  const acting = () => Boolean(context.interactive && current && current.seat !== null && current.seat !== undefined && current.legal?.length);
  /** The seat acting on this page (call only when `acting()`). */
  const actingSeat = () => /** @type {number} */ (current?.seat);

  /**
   * Mark the board busy (after a click) until the server answers, at most BUSY_MS.
   * @param {boolean} on
   */
  function setBusy(on) {
    clearTimeout(busyTimer);
    container.dataset.busy = on ? "yes" : "no";
    if (on) busyTimer = setTimeout(() => setBusy(false), BUSY_MS);
  }

  /** @param {string} action */
  function send(action) {
    if (!acting() || !legalSet.has(action) || container.dataset.busy === "yes") return;
    setBusy(true);
    context.onAction(action);
  }

  /**
   * A button sending a legal action (null if the action is not legal now).
   * @param {string} action
   * @param {import("../js/svg.js").Child | import("../js/svg.js").Child[]} content
   * @param {ButtonOptions} [options]
   * @returns {HTMLElement | null}
   */
  function actionButton(action, content, { label, className = "", hl = "", attributes = {} } = {}) {
    if (!legalSet.has(action)) return null;
    handled.add(action);
    const button = h("button", {
      ...attributes, type: "button", class: `pairs-choice ${className}`.trim(), "data-action": action,
      "aria-label": label || null, "data-hl": hl || null, onclick: () => send(action),
    }, content);
    wireHighlight(button);
    return button;
  }

  /**
   * Hovering or focusing a choice lights up the zones and slots it concerns.
   * @param {HTMLElement} element
   */
  function wireHighlight(element) {
    const spec = element.dataset.hl;
    if (!spec) return;
    const on = () => {
      for (const part of spec.split(" ")) {
        const [seat, where, role] = part.split(":");
        const selector = where.startsWith("s")
          ? `.slot[data-seat="${seat}"][data-slot="${where.slice(1)}"]`
          : `.zone[data-seat="${seat}"][data-zone="${where}"]`;
        for (const node of container.querySelectorAll(selector)) node.classList.add(`hl-${role}`);
      }
    };
    const off = () => {
      for (const node of container.querySelectorAll(".hl-from, .hl-to, .hl-give, .hl-slot")) {
        node.classList.remove("hl-from", "hl-to", "hl-give", "hl-slot");
      }
    };
    element.addEventListener("pointerenter", on);
    element.addEventListener("pointerleave", off);
    element.addEventListener("focus", on);
    element.addEventListener("blur", off);
  }

  // ----- which pair is shown large ----------------------------------------------------------
  /** @returns {number[]} the viewer's seats */
  function ownSeats() {
    return (current?.you || []).filter((seat) => seat >= 0);
  }

  /**
   * The pair drawn large: the one the viewer chose, else the acting seat's, his own, the
   * active one.
   * @param {Observation} obs
   * @returns {number}
   */
  function featuredPair(obs) {
    if (focusPair !== null && focusPair < obs.pairs.length) return focusPair;
    const mine = ownSeats();
    if (current?.seat !== null && current?.seat !== undefined) return pairOf(current.seat);
    if (mine.length) return pairOf(mine[0]);
    const active = obs.to_move ?? obs.turn_seat;
    if (active !== null && active !== undefined && active >= 0) return pairOf(active);
    return 0;
  }

  /**
   * [left seat, right seat] of a pair: the viewer's own seat first.
   * @param {number} pair
   * @returns {[number, number]}
   */
  function seatsOf(pair) {
    const mine = ownSeats().filter((seat) => pairOf(seat) === pair);
    const left = mine.length ? mine[0] : seatsOfPair(pair)[0];
    return [left, partnerOf(left)];
  }

  /** @param {number} seat */
  const roleTag = (seat) => {
    const mine = ownSeats();
    if (mine.includes(seat)) return t("pairs.you");
    if (mine.some((own) => partnerOf(own) === seat)) return t("pairs.yourPartner");
    return null;
  };

  // ----- the shared board --------------------------------------------------------------------
  /**
   * The score track of the geometry with the pawn on its box.
   * @param {Observation} obs
   * @returns {SVGElement}
   */
  function drawTrack(obs) {
    const values = geometry.track;
    const index = Math.max(0, values.indexOf(obs.pawn));
    const width = 300;
    /** @param {number} i */
    const x = (i) => 14 + (values.length > 1 ? (i * (width - 28)) / (values.length - 1) : 0);
    /** @type {SVGElement[]} */
    const ticks = [];
    const every = values.length <= 20 ? 1 : values.length <= 60 ? 5 : 10;
    values.forEach((value, i) => {
      if (i % every && i !== values.length - 1) return;
      ticks.push(svg("line", { x1: x(i), x2: x(i), y1: 25, y2: i % (every * 2) ? 29 : 31, class: "track-tick" }));
      const last = values.length - 1;
      if ((i % (every * 2) === 0 && last - i >= every) || i === last) {
        ticks.push(svg("text", { x: x(i), y: 41, "text-anchor": "middle", class: "track-label" }, String(value)));
      }
    });
    const px = x(index);
    const pawn = svg("g", { class: "pawn", transform: `translate(${px},14)` },
      svg("circle", { r: 11.5, class: "pawn-body" }),
      svg("text", { "text-anchor": "middle", "dominant-baseline": "central", class: "pawn-text" }, String(obs.pawn)));
    return svg("svg", {
      class: "track", viewBox: `0 0 ${width} 44`, role: "img",
      "aria-label": t("pairs.track.label", { pawn: obs.pawn, round: obs.round }),
    },
    svg("line", { x1: x(0), x2: x(values.length - 1), y1: 25, y2: 25, class: "track-line" }),
    svg("line", { x1: x(0), x2: px, y1: 25, y2: 25, class: "track-done" }),
    ...ticks, pawn);
  }

  /**
   * A pair's shared board: its key and its supply.
   * @param {Observation} obs
   * @param {number} pair
   * @returns {HTMLElement}
   */
  function sharedBoard(obs, pair) {
    const info = obs.pairs[pair];
    const turnPair = obs.turn_seat !== null && obs.turn_seat !== undefined ? pairOf(obs.turn_seat) : null;
    const conquered = new Set(turnPair === pair && obs.dice && rollKind(obs) === "different" ? obs.dice : []);
    const keyCells = FACES.map((face) => {
      const subject = info.key ? info.key[face - 1] : null;
      return h("li", {
        class: `key-cell${conquered.has(face) ? " rolled" : ""}`,
        "aria-label": subject ? t("pairs.key.cell", { face, subject }) : t("pairs.key.cellUnset", { face }),
      }, die(face), subject ? token(subject) : h("span", { class: "tok-unset", "aria-hidden": "true" }, "?"));
    });
    const supply = SUBJECTS.map((subject) => h("li", {
      class: `supply-cell${info.supply[subject] < 2 ? " low" : ""}`,
      "aria-label": t("pairs.supply.cell", { subject, count: info.supply[subject] }),
    }, token(subject), h("span", { class: "count", "aria-hidden": "true" }, `×${info.supply[subject]}`)));
    return h("section", { class: "shared", "aria-label": t("pairs.shared.label", { pair: info.name }) },
      h("h3", {}, t("pairs.shared.title", { pair: info.name })),
      h("div", { class: "shared-row" },
        h("span", { class: "row-label" }, t("pairs.key.title")),
        h("ul", { class: "key-row" }, keyCells)),
      h("div", { class: "shared-row" },
        h("span", { class: "row-label" }, t("pairs.supply.title")),
        h("ul", { class: "supply-row" }, supply)));
  }

  /**
   * The round, the track and the dice of the turn.
   * @param {Observation} obs
   * @returns {HTMLElement}
   */
  function turnCard(obs) {
    /** @type {(HTMLElement | SVGElement)[]} */
    const parts = [];
    const manches = geometry.manches;
    const facts = [t("pairs.round", { round: obs.round })];
    if (manches > 1) facts.push(t("pairs.manche", { manche: obs.manche, manches }));
    parts.push(h("div", { class: "turn-facts" }, h("b", {}, t("pairs.track.title")), " · ", facts.join(" · ")));
    parts.push(drawTrack(obs));
    const seat = obs.turn_seat;
    if (obs.dice && seat !== null && seat !== undefined) {
      const kind = rollKind(obs);
      const key = obs.pairs[pairOf(seat)].key || "";
      const dice = obs.dice.map((value) => h("div", { class: "die-box" },
        die(value, "big"),
        kind === "different" && key ? token(key[value - 1], "small") : null));
      const connecting = obs.stage === "connect" || obs.stage === "reply";
      const kindText = connecting
        ? t("pairs.dice.connecting", { zones: (obs.connection?.left || []).join(", ") || "—" })
        : kind === "triple"
        ? t("pairs.dice.triple", { zone: obs.dice[0] })
        : kind === "double"
          ? t("pairs.dice.double", { d: obs.roll?.d, e: obs.roll?.e })
          : t("pairs.dice.different");
      parts.push(h("div", { class: "dice", role: "group", "aria-label": t("pairs.dice.label", { seat: name(seat), dice: obs.dice.join(", ") }) },
        h("div", { class: "dice-who" }, t("pairs.dice.who", { seat: name(seat) })),
        h("div", { class: "dice-row" }, dice),
        h("div", { class: `dice-kind kind-${connecting ? "connect" : kind}` }, kindText)));
    } else if (seat !== null && seat !== undefined && !obs.terminal) {
      parts.push(h("div", { class: "dice muted" }, t("pairs.dice.toRoll", { seat: name(seat) })));
    }
    return h("section", { class: "turn-card" }, parts);
  }

  // ----- a player's board ----------------------------------------------------------------------
  /**
   * seat's board: the top row over zones 1-6. `slotActions` maps a slot to a legal `top` action
   * (clickable slots during an event); `compact` draws the small version for other pairs.
   * @param {Observation} obs
   * @param {number} seat
   * @param {BoardOptions} [options]
   * @returns {HTMLElement}
   */
  function playerBoard(obs, seat, { compact = false, slotActions = new Map(), focusZones = new Set(), ghost = null } = {}) {
    const data = obs.boards[seat];
    const mate = obs.boards[partnerOf(seat)];
    const isTurn = obs.turn_seat === seat && !obs.terminal;
    const decides = obs.to_move === seat && obs.turn_seat !== seat && !obs.terminal;
    const diceZones = new Set(isTurn && obs.dice ? obs.dice : []);
    const pending = new Set(obs.pending?.[seat] || []);
    const slots = data.top.map((subject, i) => {
      const slot = i + 1;
      const matched = subject && mate.top[i] === subject;
      const action = slotActions.get(slot);
      const label = subject
        ? t(matched ? "pairs.slot.matched" : "pairs.slot.full", { slot, subject })
        : t("pairs.slot.empty", { slot });
      const content = [
        subject ? token(subject) : h("span", { class: "slot-number", "aria-hidden": "true" }, String(slot)),
        action && ghost ? token(ghost, "ghost") : null,
        matched ? h("span", { class: "match-mark", "aria-hidden": "true" }, "=") : null,
      ];
      const classes = `slot${subject ? " filled" : ""}${matched ? " matched" : ""}`;
      const button = action && !compact ? actionButton(action, content, {
        label: t("pairs.three.slotButton", { slot, label }), className: `${classes} target`,
        attributes: { "data-seat": seat, "data-slot": slot },
      }) : null;
      return button || h("div", { class: classes, "data-seat": seat, "data-slot": slot, role: "img", "aria-label": label }, content);
    });
    const zones = geometry.zone_rows.flat().map((face) => {
      const tokens = letters(data.zones[face - 1]);
      const spaces = [];
      for (let i = 0; i < ZONE_SIZE; i += 1) {
        spaces.push(tokens[i] ? token(tokens[i]) : h("span", { class: "space", "aria-hidden": "true" }));
      }
      const full = tokens.length === ZONE_SIZE;
      const classes = ["zone", diceZones.has(face) ? "rolled" : "", full ? "full" : "", pending.has(face) ? "event" : "", focusZones.has(face) ? "focus" : ""];
      return h("div", {
        class: classes.filter(Boolean).join(" "), "data-seat": seat, "data-zone": face, role: "img",
        "aria-label": tokens.length ? t("pairs.zone.label", { zone: face, tokens: tokens.join(", ") }) : t("pairs.zone.empty", { zone: face }),
      }, h("span", { class: "zone-face" }, die(face)), h("span", { class: "spaces" }, spaces));
    });
    const tag = roleTag(seat);
    const matchedCount = data.top.filter((s, i) => s && mate.top[i] === s).length;
    return h("section", {
      class: `player-board${compact ? " compact" : ""}${isTurn ? " turn" : ""}${decides ? " decides" : ""}${ownSeats().includes(seat) ? " mine" : ""}`,
      "data-board": seat,
      "aria-label": t("pairs.board.label", { seat: name(seat) }),
    },
    h("header", {},
      h("b", {}, name(seat)), tag ? h("span", { class: "tag" }, tag) : null,
      isTurn ? h("span", { class: "turn-badge" }, t("pairs.board.turn")) : null,
      decides ? h("span", { class: "turn-badge decides" }, t("pairs.board.decides")) : null,
      compact ? null : h("span", { class: "matched-count" }, t("pairs.board.matched", { count: matchedCount }))),
    h("div", { class: "top-row", role: "group", "aria-label": t("pairs.board.topRow") }, slots),
    zoneGrid(zones));
  }

  /**
   * The zones laid out as the geometry's rows (a CSS grid as wide as the longest row).
   * @param {HTMLElement[]} zones
   */
  function zoneGrid(zones) {
    const grid = h("div", { class: "zones" }, zones);
    grid.style.setProperty("--pairs-zone-columns", String(Math.max(...geometry.zone_rows.map((row) => row.length))));
    return grid;
  }

  // ----- why an option is impossible (three different dice): the server's reasons ----------------
  /**
   * The reasons, in the reader's language, why an option card has no choice.
   * @param {Observation} obs
   * @param {"move" | "take"} option
   * @returns {string[]}
   */
  function reasons(obs, option) {
    return (obs.why_not?.[option] || []).map(eventLine);
  }

  /**
   * The subjects zone `face` of the turn's seat shares with the partner's.
   * @param {Observation} obs
   * @param {number} face
   * @returns {string[]}
   */
  const commonSubjects = (obs, face) => obs.connection?.common?.[String(face)] || [];

  // ----- the decision views --------------------------------------------------------------------
  /**
   * An option card (MOVE, TAKE, CONNECT): its choices, or why it is impossible.
   * @param {string} kind
   * @param {string} title
   * @param {string} description
   * @param {(HTMLElement | null)[]} choices
   * @param {string[]} reasons
   * @returns {HTMLElement}
   */
  function optionCard(kind, title, description, choices, reasons) {
    const possible = choices.filter(Boolean);
    const id = `pairs-${kind}-title`;
    return h("section", {
      class: `option-card option-${kind}${possible.length ? "" : " impossible"}`,
      "aria-labelledby": id, "aria-disabled": possible.length ? null : "true",
    },
    h("h4", { id }, title, possible.length ? null : h("span", { class: "badge" }, t("pairs.option.impossible"))),
    h("p", { class: "option-text" }, description),
    possible.length ? h("div", { class: "choices" }, possible)
      : h("ul", { class: "reasons" }, reasons.map((reason) => h("li", {}, reason))));
  }

  /**
   * The choice after three different dice: MOVE, TAKE or CONNECT.
   * @param {Observation} obs
   * @param {number} seat
   * @param {Parsed[]} parsed
   * @returns {(HTMLElement | null)[]}
   */
  function chooseDifferent(obs, seat, parsed) {
    const moves = parsed.filter((a) => a.type === "move");
    const takes = parsed.filter((a) => a.type === "take");
    const key = obs.pairs[pairOf(seat)].key || "";
    /** @param {string} subject */
    const dieOf = (subject) => key.indexOf(subject) + 1;
    const moveButtons = moves.map((a) => actionButton(a.text,
      [token(a.subject), h("span", {}, t("pairs.move.choice", { from: a.from, to: a.to }))],
      { label: t("pairs.move.label", { subject: a.subject, from: a.from, to: a.to, die: dieOf(a.subject) }), hl: `${seat}:${a.from}:from ${seat}:${a.to}:to` }));
    const takeButtons = takes.map((a) => actionButton(a.text,
      [token(a.subject), a.zones.length === 2 ? token(a.subject) : null,
        h("span", {}, a.zones.length === 2 ? t("pairs.take.choice", { a: a.zones[0], b: a.zones[1] }) : t("pairs.take.choiceOne", { zone: a.zones[0] }))],
      {
        label: a.zones.length === 2
          ? t("pairs.take.label", { subject: a.subject, a: a.zones[0], b: a.zones[1], die: dieOf(a.subject) })
          : t("pairs.take.labelOne", { subject: a.subject, zone: a.zones[0], die: dieOf(a.subject) }),
        hl: a.zones.map((z) => `${seat}:${z}:to`).join(" "),
      }));
    const mate = partnerOf(seat);
    const dice = obs.dice || [];
    const common = (obs.connection?.swappable || []).map((face) => t("pairs.connect.zoneCommon", { zone: face, subjects: commonSubjects(obs, face).join(" ") }));
    const preview = common.length
      ? t("pairs.connect.preview", { zones: listText(common) })
      : t("pairs.connect.nothing", { partner: name(mate) });
    const connect = actionButton("connect", h("span", {}, t("pairs.connect.choice", { partner: name(mate) })), {
      className: "wide", hl: dice.flatMap((z) => [`${seat}:${z}:give`, `${mate}:${z}:give`]).join(" "),
    });
    return [
      h("p", { class: "decision-lead" }, t("pairs.choose.lead", { dice: dice.join(" · ") })),
      h("div", { class: "option-cards" },
        optionCard("move", t("pairs.move.title"), t("pairs.move.text"), moveButtons, reasons(obs, "move")),
        optionCard("take", t("pairs.take.title"), t("pairs.take.text"), takeButtons, reasons(obs, "take")),
        optionCard("connect", t("pairs.connect.title"), preview, [connect], [t("pairs.why.connect")])),
    ];
  }

  /**
   * The choice after a DOUBLE: a swap, or a move into the empty zone.
   * @param {Observation} obs
   * @param {number} seat
   * @param {Parsed[]} parsed
   * @returns {(HTMLElement | null)[]}
   */
  function chooseDouble(obs, seat, parsed) {
    const [d, e] = [obs.roll?.d, obs.roll?.e];
    const swaps = parsed.filter((a) => a.type === "swap");
    const moves = parsed.filter((a) => a.type === "move");
    const parts = [];
    if (swaps.length) {
      parts.push(h("p", { class: "decision-lead" }, t("pairs.double.swapLead", { d, e })));
      parts.push(h("div", { class: "choices" }, swaps.map((a) => actionButton(a.text,
        [token(a.subjectA), h("span", {}, t("pairs.double.zone", { zone: a.zoneA })), h("span", { class: "arrow", "aria-hidden": "true" }, "⇄"),
          token(a.subjectB), h("span", {}, t("pairs.double.zone", { zone: a.zoneB }))],
        { label: t("pairs.double.swapLabel", { a: a.subjectA, zoneA: a.zoneA, b: a.subjectB, zoneB: a.zoneB }), hl: `${seat}:${a.zoneA}:from ${seat}:${a.zoneB}:to` }))));
    } else if (moves.length) {
      const target = moves[0].to;
      parts.push(h("p", { class: "decision-lead" }, t("pairs.double.moveLead", { d, e, from: moves[0].from, to: target })));
      parts.push(h("div", { class: "choices" }, moves.map((a) => actionButton(a.text,
        [token(a.subject), h("span", {}, t("pairs.move.choice", { from: a.from, to: a.to }))],
        { label: t("pairs.move.label2", { subject: a.subject, from: a.from, to: a.to }), hl: `${seat}:${a.from}:from ${seat}:${a.to}:to` }))));
    }
    if (legalSet.has("pass")) {
      handled.add("pass");
      parts.push(h("p", { class: "hint" }, t("pairs.double.passHint")));
    }
    return parts;
  }

  /**
   * The active player's step in a connection: a swap per die value, or done.
   * @param {Observation} obs
   * @param {number} seat
   * @param {Parsed[]} parsed
   * @returns {(HTMLElement | null)[]}
   */
  function connectView(obs, seat, parsed) {
    const mate = partnerOf(seat);
    const left = new Set(obs.connection?.left || []);
    const gives = parsed.filter((a) => a.type === "give");
    const rows = [...new Set(obs.dice || [])].map((face) => {
      const mine = letters(obs.boards[seat].zones[face - 1]);
      const theirs = letters(obs.boards[mate].zones[face - 1]);
      const here = gives.filter((a) => a.zone === face);
      let body;
      if (!left.has(face)) body = h("span", { class: "muted" }, t("pairs.connect.used"));
      else if (here.length) {
        body = h("div", { class: "choices" }, here.map((a) => actionButton(a.text,
          a.receive
            ? [h("span", {}, t("pairs.connect.give")), token(a.subject), h("span", {}, t("pairs.connect.get")), token(a.receive)]
            : [h("span", {}, t("pairs.connect.give")), token(a.subject)],
          {
            label: a.receive
              ? t("pairs.connect.giveGetLabel", { subject: a.subject, receive: a.receive, zone: face, partner: name(mate) })
              : t("pairs.connect.giveLabel", { subject: a.subject, zone: face, partner: name(mate) }),
            hl: `${seat}:${face}:give ${mate}:${face}:give`,
          })));
      } else {
        const common = commonSubjects(obs, face);
        body = h("span", { class: "muted" }, common.length ? t("pairs.connect.noAnswer", { partner: name(mate), subjects: common.join(" ") }) : t("pairs.connect.noCommon"));
      }
      return h("li", { class: `connect-row${left.has(face) && here.length ? "" : " inactive"}` },
        h("span", { class: "connect-zone" }, die(face), t("pairs.zone.short", { zone: face })),
        h("span", { class: "connect-tokens", "aria-label": t("pairs.connect.tokens", { seat: name(seat), mine: mine.join(" ") || "—", partner: name(mate), theirs: theirs.join(" ") || "—" }) },
          h("span", { class: "who" }, t("pairs.you")), mine.length ? mine.map((s) => token(s, "small")) : "—",
          h("span", { class: "who" }, name(mate)), theirs.length ? theirs.map((s) => token(s, "small")) : "—"),
        body);
    });
    const done = actionButton("done", h("span", {}, t("pairs.connect.done")), { className: "secondary" });
    return [
      h("p", { class: "decision-lead" }, t("pairs.connect.lead", { partner: name(mate) })),
      h("ul", { class: "connect-rows" }, rows),
      done || h("p", { class: "hint" }, t("pairs.connect.mandatory")),
    ];
  }

  /**
   * The partner's answer to an offer: the token he gives back.
   * @param {Observation} obs
   * @param {number} seat
   * @param {Parsed[]} parsed
   * @returns {(HTMLElement | null)[]}
   */
  function replyView(obs, seat, parsed) {
    const offer = obs.connection?.offer;
    const active = partnerOf(seat);
    const gives = parsed.filter((a) => a.type === "give");
    if (!offer) return [];
    return [
      h("p", { class: "decision-lead prompt" }, token(offer.subject),
        h("span", {}, t("pairs.reply.lead", { partner: name(active), subject: offer.subject, zone: offer.zone }))),
      h("div", { class: "choices" }, gives.map((a) => actionButton(a.text,
        [h("span", {}, t("pairs.connect.give")), token(a.subject)],
        { label: t("pairs.reply.label", { subject: a.subject, zone: a.zone, partner: name(active) }), hl: `${seat}:${a.zone}:give ${active}:${a.zone}:give` }))),
    ];
  }

  /**
   * Three of a subject: the top slot (or keep) for each pending zone.
   * @param {Observation} obs
   * @param {number} seat
   * @param {Parsed[]} parsed
   * @returns {(HTMLElement | null)[]}
   */
  function eventView(obs, seat, parsed) {
    const top = obs.boards[seat].top;
    const mateTop = obs.boards[partnerOf(seat)].top;
    const faces = [...new Set(parsed.filter((a) => a.type === "top" || a.type === "keep").map((a) => a.zone))];
    const parts = [];
    for (const face of faces) {
      const subject = tripleOf(obs, seat, face) || "?";
      const tops = parsed.filter((a) => a.type === "top" && a.zone === face);
      const keep = parsed.find((a) => a.type === "keep" && a.zone === face);
      const free = top.filter((s) => !s).length;
      let lead;
      if (!tops.length) lead = t("pairs.three.nothingLead", { subject, zone: face });
      else if (!free) lead = t("pairs.three.replaceLead", { subject, zone: face });
      else if (tops.length < free && tops.every((a) => mateTop[a.slot - 1] === subject)) {
        lead = t("pairs.three.matchLead", { subject, zone: face, partner: name(partnerOf(seat)) });
      } else lead = t("pairs.three.freeLead", { subject, zone: face });
      const buttons = tops.map((a) => {
        const old = top[a.slot - 1];
        return actionButton(a.text,
          [h("span", {}, t("pairs.three.slot", { slot: a.slot })), old ? h("span", { class: "replaces" }, t("pairs.three.replaces"), token(old, "small")) : null],
          {
            label: old ? t("pairs.three.replaceLabel", { subject, slot: a.slot, old }) : t("pairs.three.slotLabel", { subject, slot: a.slot }),
            hl: `${seat}:s${a.slot}:slot ${seat}:${face}:from`,
          });
      });
      if (keep) {
        buttons.push(actionButton(keep.text, h("span", {}, t("pairs.three.keep", { zone: face })), {
          className: "secondary", hl: `${seat}:${face}:from`,
        }));
      }
      parts.push(h("div", { class: "event-block" },
        h("p", { class: "decision-lead prompt" }, token(subject), token(subject), token(subject), h("span", {}, lead)),
        h("div", { class: "choices" }, buttons)));
    }
    return parts;
  }

  /**
   * The key editor: click two spaces to swap their subjects, shuffle, confirm.
   * @param {Observation} obs
   * @param {number} seat
   * @returns {(HTMLElement | null)[]}
   */
  function keyView(obs, seat) {
    const pair = obs.pairs[pairOf(seat)];
    const cells = FACES.map((face, i) => h("button", {
      type: "button", class: `key-edit${keyPick === i ? " picked" : ""}`, "aria-pressed": keyPick === i ? "true" : "false",
      "aria-label": t("pairs.keyEdit.cell", { face, subject: keyDraft[i] }),
      onclick: () => {
        if (keyPick === null) keyPick = i;
        else {
          [keyDraft[keyPick], keyDraft[i]] = [keyDraft[i], keyDraft[keyPick]];
          keyPick = null;
        }
        render({ keepFocus: `.key-edit:nth-child(${i + 1})` });
      },
    }, die(face), token(keyDraft[i])));
    const draft = `key ${keyDraft.join("")}`;
    const shuffle = h("button", {
      type: "button", class: "pairs-choice secondary", id: "pairs-key-shuffle",
      onclick: () => {
        for (let i = keyDraft.length - 1; i > 0; i -= 1) {
          const j = Math.floor(Math.random() * (i + 1));
          [keyDraft[i], keyDraft[j]] = [keyDraft[j], keyDraft[i]];
        }
        keyPick = null;
        render({ keepFocus: "#pairs-key-shuffle" });
      },
    }, t("pairs.keyEdit.shuffle"));
    const confirm = actionButton(draft, h("span", {}, t("pairs.keyEdit.confirm")), { className: "primary", label: t("pairs.keyEdit.confirmLabel", { key: keyDraft.join(" ") }) });
    if (confirm) confirm.id = "pairs-key-confirm";
    // The editor can produce any arrangement: every legal key is offered.
    for (const action of legalSet) if (action.startsWith("key ")) handled.add(action);
    return [
      h("p", { class: "decision-lead" }, t("pairs.keyEdit.lead", { pair: pair.name })),
      h("p", { class: "hint" }, t("pairs.keyEdit.help")),
      h("div", { class: "key-editor", role: "group", "aria-label": t("pairs.keyEdit.group") }, cells),
      h("div", { class: "choices" }, shuffle, confirm),
    ];
  }

  /**
   * What the viewer who is not to act reads: who decides what.
   * @param {Observation} obs
   * @returns {(HTMLElement | null)[]}
   */
  function waitingView(obs) {
    const actor = obs.to_move;
    if (obs.terminal) return resultView(obs);
    if (actor === null || actor === undefined || actor < 0) {
      return [h("p", { class: "decision-lead muted" }, obs.stage === "first" ? t("pairs.wait.first") : t("pairs.wait.chance"))];
    }
    const who = name(actor);
    const offer = obs.connection?.offer;
    const pending = obs.pending?.[actor] || [];
    let text;
    if (obs.stage === "key") text = t("pairs.wait.key", { seat: who, pair: geometry.pairs[pairOf(actor)].name });
    else if (pending.length) text = t("pairs.wait.event", { seat: who, zones: listText(pending.map(String)) });
    else if (obs.stage === "reply" && offer) text = t("pairs.wait.reply", { seat: who, subject: offer.subject, zone: offer.zone, partner: name(partnerOf(actor)) });
    else if (obs.stage === "connect") text = t("pairs.wait.connect", { seat: who, partner: name(partnerOf(actor)) });
    else text = t("pairs.wait.choose", { seat: who });
    return [h("p", { class: "decision-lead muted" }, text)];
  }

  /**
   * The end of the game: why, and each pair's points.
   * @param {Observation} obs
   * @returns {(HTMLElement | null)[]}
   */
  function resultView(obs) {
    const rows = obs.pairs.map((pair, p) => h("li", { class: `result-row${pair.complete ? " complete" : ""}` },
      h("b", {}, t("pairs.pair", { pair: pair.name })), " ",
      h("span", { "data-points": obs.totals[p] }, t("pairs.result.points", { points: obs.totals[p] })),
      // The breakdown, when the total adds up (or takes the best of) several manches.
      obs.scores.length > 1
        ? h("span", { class: "muted", "data-manches": p }, " ", t("pairs.result.manches", { points: obs.scores.map((manche) => manche[p]).join(" · ") }))
        : null,
      pair.complete ? h("span", { class: "tag" }, t("pairs.result.complete")) : null));
    return [
      h("p", { class: "decision-lead result" }, t("pairs.result.over", { outcome: eventLine(obs.outcome) })),
      h("ul", { class: "result-rows" }, rows),
    ];
  }

  /**
   * The decision box: what the acting seat chooses from, or who is deciding what.
   * @param {Observation} obs
   * @returns {{kind: string, body: (HTMLElement | null)[]}}
   */
  function decisionView(obs) {
    handled = new Set();
    if (!acting()) return { kind: "wait", body: waitingView(obs) };
    const seat = actingSeat();
    const legal = current?.legal || [];
    const parsed = legal.map((text) => ({ ...parseAction(text), text }));
    const types = new Set(parsed.map((a) => a.type));
    /** @type {string} */
    let kind;
    /** @type {(HTMLElement | null)[]} */
    let body;
    if (types.has("key")) [kind, body] = ["key", keyView(obs, seat)];
    else if (types.has("top") || types.has("keep")) [kind, body] = ["event", eventView(obs, seat, parsed)];
    else if (obs.stage === "reply") [kind, body] = ["reply", replyView(obs, seat, parsed)];
    else if (obs.stage === "connect") [kind, body] = ["connect", connectView(obs, seat, parsed)];
    else if (obs.dice && rollKind(obs) === "double") [kind, body] = ["double", chooseDouble(obs, seat, parsed)];
    else if (obs.dice) [kind, body] = ["choose", chooseDifferent(obs, seat, parsed)];
    else [kind, body] = ["other", []];
    const rest = legal.filter((action) => !handled.has(action));
    if (rest.length) {
      // Never hide a legal action: one the views do not know gets a plain button.
      body.push(h("div", { class: "other-actions", "data-fallback": "yes" },
        h("p", { class: "hint" }, t("pairs.other")),
        h("div", { class: "choices" }, rest.map((action) => actionButton(action, h("code", {}, action))))));
    }
    return { kind, body };
  }

  // ----- other pairs ---------------------------------------------------------------------------
  /**
   * The other pairs, small, each with a button to show it large.
   * @param {Observation} obs
   * @param {number} featured - the pair drawn large.
   * @returns {HTMLElement | null}
   */
  function otherPairs(obs, featured) {
    if (obs.pairs.length < 2) return null;
    const items = obs.pairs.map((pair, p) => {
      if (p === featured) return null;
      const [first, second] = seatsOfPair(p);
      const matched = obs.boards[first].top.filter((s, i) => s && obs.boards[second].top[i] === s).length;
      const turn = obs.turn_seat !== null && obs.turn_seat !== undefined && pairOf(obs.turn_seat) === p && !obs.terminal;
      const own = ownSeats().some((seat) => pairOf(seat) === p);
      const key = pair.key;
      return h("section", { class: `other-pair${turn ? " turn" : ""}${pair.complete ? " complete" : ""}`, "aria-label": t("pairs.pair", { pair: pair.name }) },
        h("header", {},
          h("b", {}, t("pairs.pair", { pair: pair.name })),
          own ? h("span", { class: "tag" }, t("pairs.yourPair")) : null,
          h("span", { class: "muted" }, t("pairs.board.matched", { count: matched })),
          pair.complete ? h("span", { class: "tag done" }, t("pairs.result.points", { points: pair.score ?? obs.totals[p] })) : null,
          h("button", { type: "button", class: "pairs-link", onclick: () => { focusPair = p; render({ keepFocus: ".pairs-back" }); } },
            own ? t("pairs.others.showMine") : t("pairs.others.show"))),
        h("div", { class: "other-key", "aria-label": key ? t("pairs.key.row", { key: key.split("").join(" ") }) : t("pairs.key.unset") },
          key ? FACES.map((face) => h("span", { class: "mini-key" }, h("small", {}, String(face)), token(key[face - 1], "small"))) : h("span", { class: "muted" }, t("pairs.key.unset"))),
        h("div", { class: "other-boards" }, playerBoard(obs, first, { compact: true }), playerBoard(obs, second, { compact: true })));
    }).filter(Boolean);
    return h("section", { class: "other-pairs", "aria-label": t("pairs.others.title") },
      h("h3", {}, t("pairs.others.title")), h("div", { class: "other-list" }, items));
  }

  // ----- the side panel ------------------------------------------------------------------------
  /**
   * The side panel: round, pawn, points, the log in words, the help.
   * @param {Observation} obs
   */
  function renderPanel(obs) {
    const legend = h("ul", { class: "legend" }, SUBJECTS.map((subject) => h("li", {}, token(subject), h("span", {}, t(LOOK[subject].legend, { subject })))));
    const log = (obs.log || []).slice(-8).map((event) => h("li", {}, eventLine(event)));
    panel.replaceChildren(
      h("dl", { class: "facts" },
        h("dt", {}, t("pairs.facts.round")), h("dd", { id: "pairs-round" }, String(obs.round)),
        h("dt", {}, t("pairs.facts.pawn")), h("dd", { id: "pairs-pawn" }, String(obs.pawn)),
        geometry.manches > 1 ? [h("dt", {}, t("pairs.facts.manche")), h("dd", {}, `${obs.manche} / ${geometry.manches}`)] : null,
        h("dt", {}, t("pairs.facts.totals")), h("dd", { id: "pairs-totals" }, obs.pairs.map((pair, p) => `${pair.name} ${obs.totals[p]}`).join(" · "))),
      h("h3", {}, t("pairs.log.title")),
      log.length ? h("ol", { class: "pairs-log", "aria-live": "off" }, log) : h("p", { class: "muted" }, t("pairs.log.empty")),
      h("details", { class: "help" },
        h("summary", {}, t("pairs.help.title")),
        h("ul", {}, HELP.map((key) => h("li", {}, t(key)))),
        h("h3", {}, t("pairs.legend.title")), legend));
  }

  // ----- animations: what changed since the previous update ------------------------------------
  /**
   * Light up what changed since the previous update (a few actions forward only).
   * @param {Observation} obs
   */
  function animate(obs) {
    const before = previous?.observation;
    const last = current?.last;
    const previousSeq = previous?.last?.seq ?? 0;
    const forward = before && last && last.seq > previousSeq && last.seq - previousSeq <= 4;
    if (!forward || before.boards.length !== obs.boards.length) return;
    const events = newEvents(before.log, obs.log || []);
    /** @type {{seat: number, slot: number, subject: string}[]} */
    const placed = [];
    obs.boards.forEach((boardNow, seat) => {
      boardNow.top.forEach((subject, i) => {
        if (subject && before.boards[seat].top[i] !== subject) placed.push({ seat, slot: i + 1, subject });
      });
      boardNow.zones.forEach((zone, i) => {
        const old = letters(before.boards[seat].zones[i]);
        const count = (/** @type {string[]} */ tokens, /** @type {string} */ s) => tokens.filter((x) => x === s).length;
        const added = letters(zone).some((s) => count(letters(zone), s) > count(old, s));
        if (added) container.querySelector(`.zone[data-seat="${seat}"][data-zone="${i + 1}"]`)?.classList.add("arrived");
        if (!zone && old.length && events.some((event) => event.key === "pairs.triple")) {
          container.querySelector(`.zone[data-seat="${seat}"][data-zone="${i + 1}"]`)?.classList.add("lost");
        }
      });
    });
    const texts = [];
    for (const { seat, slot, subject } of placed) {
      container.querySelector(`.slot[data-seat="${seat}"][data-slot="${slot}"]`)?.classList.add("event-pop");
      const source = events.find((event) => (event.key === "pairs.top" || event.key === "pairs.top_replace")
        && event.params.seat === seat && event.params.slot === slot);
      if (source) container.querySelector(`.zone[data-seat="${seat}"][data-zone="${source.params.zone}"]`)?.classList.add("event-burst");
      texts.push(t("pairs.anim.top", { seat: name(seat), subject, slot }));
    }
    for (const event of events) {
      if (event.key === "pairs.complete") {
        for (const row of container.querySelectorAll(".pair-boards .top-row")) row.classList.add("celebrate");
        texts.push(eventLine(event));
      }
    }
    if (texts.length) {
      clearTimeout(announceTimer);
      announcer.replaceChildren(h("span", { class: "burst", "aria-hidden": "true" }, "✦"), texts.join(" "));
      announcer.classList.add("show");
      announceTimer = setTimeout(() => announcer.classList.remove("show"), ANNOUNCE_MS);
    }
  }

  // ----- drawing -------------------------------------------------------------------------------
  /**
   * Draw the whole board from the current update.
   * @param {{keepFocus?: string | null}} [options] - a selector to focus afterwards.
   */
  function render({ keepFocus = null } = {}) {
    if (!current) return;
    const obs = current.observation;
    const featured = featuredPair(obs);
    const [left, right] = seatsOf(featured);
    const decision = decisionView(obs);
    // During an event the acting seat's free (or replaceable) slots are clickable on the board.
    /** @type {Map<number, string>} */
    const slotActions = new Map();
    /** @type {string | null} */
    let ghost = null;
    if (decision.kind === "event") {
      const tops = (current.legal || []).map(parseAction).filter((a) => a.type === "top");
      if (new Set(tops.map((a) => a.zone)).size === 1) {
        for (const a of tops) slotActions.set(a.slot, `top ${a.zone}>${a.slot}`);
        ghost = tops.length ? tripleOf(obs, actingSeat(), tops[0].zone) : null;
      }
    }
    /** @type {Set<number>} */
    const focusZones = new Set();
    if (obs.stage === "reply" && obs.connection?.offer) focusZones.add(obs.connection.offer.zone);
    else if (obs.stage === "connect") for (const face of obs.connection?.left || []) focusZones.add(face);
    /** @param {number} seat @returns {BoardOptions} */
    const boardOptions = (seat) => ({ slotActions: acting() && current?.seat === seat ? slotActions : new Map(), focusZones, ghost });
    const pairInfo = obs.pairs[featured];
    const own = ownSeats().some((seat) => pairOf(seat) === featured);
    const heading = h("div", { class: "pair-heading" },
      h("h2", {}, t("pairs.pair", { pair: pairInfo.name }), own ? h("span", { class: "tag" }, t("pairs.yourPair")) : null,
        pairInfo.complete ? h("span", { class: "tag done" }, t("pairs.result.complete")) : null),
      focusPair !== null ? h("button", { type: "button", class: "pairs-link pairs-back", onclick: () => { focusPair = null; render(); } },
        ownSeats().length ? t("pairs.others.back") : t("pairs.others.follow")) : null);
    const decisionBox = h("section", {
      class: `decision decision-${decision.kind}${acting() ? " acting" : ""}`,
      "aria-label": t("pairs.decision.label"),
    }, decision.body);
    view.replaceChildren(
      heading,
      h("div", { class: "pairs-top" }, sharedBoard(obs, featured), turnCard(obs)),
      h("div", { class: "pair-boards" }, playerBoard(obs, left, boardOptions(left)), playerBoard(obs, right, boardOptions(right))),
      decisionBox,
      otherPairs(obs, featured) || "");
    container.dataset.acting = acting() ? "yes" : "no";
    container.dataset.terminal = current.terminal || obs.terminal ? "yes" : "no";
    container.dataset.stage = decision.kind;
    container.dataset.lastSeq = String(current.last?.seq ?? 0);
    if (keepFocus) /** @type {HTMLElement | null} */ (container.querySelector(keepFocus))?.focus();
  }

  const board = {
    /**
     * Show a new position (and the viewer's decision, if any).
     * @param {Update} update
     */
    update(update) {
      const hadFocus = container.contains(document.activeElement);
      const wasActing = acting();
      previous = current;
      current = update;
      legalSet = new Set(context.interactive ? update.legal || [] : []);
      setBusy(false);
      if (acting() && !wasActing) focusPair = null; // your turn: your own boards come back
      if (!legalSet.size || ![...legalSet].some((a) => a.startsWith("key "))) {
        keyDraft = SUBJECTS.slice();
        keyPick = null;
      }
      render();
      renderPanel(update.observation);
      animate(update.observation);
      // Keyboard players keep their place: the focus goes to the next decision's first choice.
      if (hadFocus && acting()) /** @type {HTMLElement | null} */ (container.querySelector(".decision .key-edit, .decision [data-action]"))?.focus();
    },
    /**
     * The sorted action strings the UI offers now (for tests: always the legal list).
     * @returns {string[]}
     */
    offered() {
      if (!acting()) return [];
      /** @type {Set<string>} */
      const found = new Set();
      for (const node of container.querySelectorAll("[data-action]")) found.add(/** @type {HTMLElement} */ (node).dataset.action || "");
      if (container.querySelector(".key-editor")) for (const key of ALL_KEYS) if (legalSet.has(`key ${key}`)) found.add(`key ${key}`);
      if (legalSet.has("pass")) found.add("pass"); // the table page's pass button (see passLabel)
      return [...found].sort();
    },
    /**
     * A seat's line in the players list: its pair and its top row.
     * @param {number} seat
     * @returns {string | null}
     */
    seatDetail(seat) {
      const obs = current?.observation;
      if (!obs?.boards?.[seat]) return null;
      const top = obs.boards[seat].top.map((s) => s || "·").join(" ");
      return t("pairs.seat.detail", { pair: geometry.pairs[pairOf(seat)].name, top });
    },
    /**
     * What the acting seat is asked to do, in a few words.
     * @param {Observation} observation
     * @param {string[]} legal
     * @returns {string}
     */
    turnHint(observation, legal) {
      const types = new Set((legal || []).map((a) => parseAction(a).type));
      if (types.has("key")) return t("pairs.hint.key");
      if (types.has("top") || types.has("keep")) return t("pairs.hint.event");
      if (observation.stage === "reply") return t("pairs.hint.reply", { partner: name(partnerOf(current?.seat ?? 0)) });
      if (observation.stage === "connect") return t("pairs.hint.connect");
      if (types.has("swap")) return t("pairs.hint.swap");
      if (observation.dice && rollKind(observation) === "double") return t("pairs.hint.doubleMove");
      return t("pairs.hint.choose");
    },
    /** @returns {string} the label of the table page's pass button (an optional DOUBLE) */
    passLabel() {
      return t("pairs.pass.label");
    },
    /**
     * The result line: why the game ended and each pair's points.
     * @param {Observation} observation
     * @returns {string}
     */
    resultDetail(observation) {
      const scores = observation.pairs.map((pair, p) => t("pairs.result.pairPoints", { pair: pair.name, points: observation.totals[p] }));
      return `${eventLine(observation.outcome)} · ${scores.join(", ")}`;
    },
  };
  Object.defineProperty(container, "pairsBoard", { value: board }); // for tests (offered())
  return board;
}
