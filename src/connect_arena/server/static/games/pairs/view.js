// Connect Pairs' drawings: tokens (a colour and a shape per subject) and dice, the shared board
// (key and supply), the turn card (round, score track, dice), the players' boards, the other
// pairs and the side panel. The board's shared state (`Ui`) is typed here; pairs.js makes it.

import { h } from "../../js/dom.js";
import { t, tn } from "../../js/i18n.js";
import { svg } from "../../js/svg.js";
import { actionButton } from "./input.js";
import { letters } from "./state.js";

/** @typedef {import("./state.js").GameEvent} GameEvent */
/** @typedef {import("./state.js").Choice} Choice */

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
 * What the table page (or the replay viewer) passes to `update`.
 * @typedef {object} Update
 * @property {Observation} observation
 * @property {string[]} [legal] - the legal actions of `seat`, in notation.
 * @property {import("../../js/types.js").LegalAction[]} [actions] - the same with their parts (what the board reads).
 * @property {number | null} [seat] - the seat this page plays now (null: none).
 * @property {number[]} [you] - the viewer's seats.
 * @property {boolean} [terminal]
 * @property {{seq: number} | null} [last] - the last action shown.
 */

/**
 * What the table page gives the module.
 * @typedef {{options?: Record<string, unknown>, geometry?: Geometry, seatNames?: string[], interactive?: boolean,
 *   panel?: HTMLElement | null, onAction: (action: string) => void}} Context
 */

/**
 * The board's state, shared by its modules (pairs.js makes it).
 * @typedef {object} Ui
 * @property {Geometry} geometry
 * @property {Context} context
 * @property {HTMLElement} container
 * @property {HTMLElement} panel
 * @property {Update | null} current - the last update
 * @property {Choice[]} choices - the legal actions of the acting seat
 * @property {Set<string>} legalSet - their notations
 * @property {Set<string>} handled - the notations some view offers (the rest: "other actions")
 * @property {number | null} focusPair - a pair the viewer chose to look at
 * @property {string[]} keyDraft - the key editor's subjects by die face
 * @property {number | null} keyPick - the key space picked for a swap
 * @property {(seat: number) => number} pairOf
 * @property {(seat: number) => number} partnerOf
 * @property {(pair: number) => number[]} seatsOfPair
 * @property {(seat: number) => string} name
 * @property {(event: GameEvent | null | undefined) => string} eventLine
 * @property {(obs: Observation, seat: number, face: number) => string | null} tripleOf - the subject zone `face` of `seat` holds three of
 * @property {() => boolean} acting - this page may act now
 * @property {() => number} actingSeat - the seat acting on this page (when `acting()`)
 * @property {(action: string) => void} send - sends a legal action's notation
 * @property {(options?: {keepFocus?: string | null}) => void} render
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
export const LOOK = {
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
export const HELP = [
  "pairs.help.goal", "pairs.help.key", "pairs.help.triple", "pairs.help.double",
  "pairs.help.different", "pairs.help.connect", "pairs.help.event", "pairs.help.end",
];

/** @type {Promise<unknown> | null} */
let stylesheet = null; // resolves once pairs.css is loaded (or failed: the board shows anyway)
export function addStylesheet() {
  if (!stylesheet) {
    stylesheet = new Promise((resolve) => {
      const href = new URL("../pairs.css", import.meta.url).href; // beside pairs.js
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
export function token(subject, className = "") {
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
export function die(value, className = "") {
  const pips = (PIPS[value] || []).map(([x, y]) => svg("circle", { cx: x * 6.4, cy: y * 6.4, r: 2.6, class: "pip" }));
  return svg("svg", { class: `die ${className}`.trim(), viewBox: "-12 -12 24 24", "aria-hidden": "true", focusable: "false" },
    svg("rect", { x: -11, y: -11, width: 22, height: 22, rx: 4.5, class: "die-face" }), ...pips);
}

/**
 * A legal action's notation as an object, to make it clickable (an unknown form is "other").

// ----- which pair is shown large ----------------------------------------------------------
/** @param {Ui} ui @returns {number[]} the viewer's seats */
export const ownSeats = (ui) => (ui.current?.you || []).filter((seat) => seat >= 0);

/**
 * The pair drawn large: the one the viewer chose, else the acting seat's, his own, the
 * active one.
 * @param {Ui} ui
 * @param {Observation} obs
 * @returns {number}
 */
export function featuredPair(ui, obs) {
  const { pairOf, current, focusPair } = ui;
  if (focusPair !== null && focusPair < obs.pairs.length) return focusPair;
  const mine = ownSeats(ui);
  if (current?.seat !== null && current?.seat !== undefined) return pairOf(current.seat);
  if (mine.length) return pairOf(mine[0]);
  const active = obs.to_move ?? obs.turn_seat;
  if (active !== null && active !== undefined && active >= 0) return pairOf(active);
  return 0;
}

/**
 * [left seat, right seat] of a pair: the viewer's own seat first.
 * @param {Ui} ui
 * @param {number} pair
 * @returns {[number, number]}
 */
export function seatsOf(ui, pair) {
  const mine = ownSeats(ui).filter((seat) => ui.pairOf(seat) === pair);
  const left = mine.length ? mine[0] : ui.seatsOfPair(pair)[0];
  return [left, ui.partnerOf(left)];
}

/** @param {Ui} ui @param {number} seat @returns {string | null} "you", "your partner" or nothing */
function roleTag(ui, seat) {
  const mine = ownSeats(ui);
  if (mine.includes(seat)) return t("pairs.you");
  if (mine.some((own) => ui.partnerOf(own) === seat)) return t("pairs.yourPartner");
  return null;
}

// ----- the shared board --------------------------------------------------------------------
/**
 * The score track of the geometry with the pawn on its box.
 * @param {Ui} ui
 * @param {Observation} obs
 * @returns {SVGElement}
 */
function drawTrack(ui, obs) {
  const { geometry } = ui;
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
 * @param {Ui} ui
 * @param {Observation} obs
 * @param {number} pair
 * @returns {HTMLElement}
 */
export function sharedBoard(ui, obs, pair) {
  const { geometry, pairOf } = ui;
  const info = obs.pairs[pair];
  const turnPair = obs.turn_seat !== null && obs.turn_seat !== undefined ? pairOf(obs.turn_seat) : null;
  const conquered = new Set(turnPair === pair && obs.dice && obs.roll?.kind === "different" ? obs.dice : []);
  const keyCells = geometry.faces.map((face) => {
    const subject = info.key ? info.key[face - 1] : null;
    return h("li", {
      class: `key-cell${conquered.has(face) ? " rolled" : ""}`,
      "aria-label": subject ? t("pairs.key.cell", { face, subject }) : t("pairs.key.cellUnset", { face }),
    }, die(face), subject ? token(subject) : h("span", { class: "tok-unset", "aria-hidden": "true" }, "?"));
  });
  const supply = geometry.subjects.map((subject) => h("li", {
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
 * @param {Ui} ui
 * @param {Observation} obs
 * @returns {HTMLElement}
 */
export function turnCard(ui, obs) {
  const { geometry, pairOf, name } = ui;
  /** @type {(HTMLElement | SVGElement)[]} */
  const parts = [];
  const manches = geometry.manches;
  const facts = [t("pairs.round", { round: obs.round })];
  if (manches > 1) facts.push(t("pairs.manche", { manche: obs.manche, manches }));
  parts.push(h("div", { class: "turn-facts" }, h("b", {}, t("pairs.track.title")), " · ", facts.join(" · ")));
  parts.push(drawTrack(ui, obs));
  const seat = obs.turn_seat;
  if (obs.dice && seat !== null && seat !== undefined) {
    const kind = obs.roll?.kind;
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
    parts.push(h("div", { class: "dice muted to-roll" }, t("pairs.dice.toRoll", { seat: name(seat) })));
  }
  return h("section", { class: "turn-card" }, parts);
}

// ----- a player's board ----------------------------------------------------------------------
/**
 * seat's board: the top row over zones 1-6. `slotActions` maps a slot to a legal `top` action
 * (clickable slots during an event); `compact` draws the small version for other pairs.
 * @param {Ui} ui
 * @param {Observation} obs
 * @param {number} seat
 * @param {BoardOptions} [boardOptions]
 * @returns {HTMLElement}
 */
export function playerBoard(ui, obs, seat, boardOptions) {
  const { geometry, partnerOf, name } = ui;
  const { compact = false, slotActions = new Map(), focusZones = new Set(), ghost = null } = boardOptions || {};
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
    const button = action && !compact ? actionButton(ui, action, content, {
      label: t("pairs.three.slotButton", { slot, label }), className: `${classes} target`,
      attributes: { "data-seat": seat, "data-slot": slot },
    }) : null;
    return button || h("div", { class: classes, "data-seat": seat, "data-slot": slot, role: "img", "aria-label": label }, content);
  });
  const zones = geometry.zone_rows.flat().map((face) => {
    const tokens = letters(data.zones[face - 1]);
    const spaces = [];
    for (let i = 0; i < geometry.zone_size; i += 1) {
      spaces.push(tokens[i] ? token(tokens[i]) : h("span", { class: "space", "aria-hidden": "true" }));
    }
    const full = tokens.length === geometry.zone_size;
    const classes = ["zone", diceZones.has(face) ? "rolled" : "", full ? "full" : "", pending.has(face) ? "event" : "", focusZones.has(face) ? "focus" : ""];
    return h("div", {
      class: classes.filter(Boolean).join(" "), "data-seat": seat, "data-zone": face, role: "img",
      "aria-label": tokens.length ? t("pairs.zone.label", { zone: face, tokens: tokens.join(", ") }) : t("pairs.zone.empty", { zone: face }),
    }, h("span", { class: "zone-face" }, die(face)), h("span", { class: "spaces" }, spaces));
  });
  const tag = roleTag(ui, seat);
  const matchedCount = data.top.filter((s, i) => s && mate.top[i] === s).length;
  return h("section", {
    class: `player-board${compact ? " compact" : ""}${isTurn ? " turn" : ""}${decides ? " decides" : ""}${ownSeats(ui).includes(seat) ? " mine" : ""}`,
    "data-board": seat,
    "aria-label": t("pairs.board.label", { seat: name(seat) }),
  },
  h("header", {},
    h("b", {}, name(seat)), tag ? h("span", { class: "tag" }, tag) : null,
    isTurn ? h("span", { class: "turn-badge" }, t("pairs.board.turn")) : null,
    decides ? h("span", { class: "turn-badge decides" }, t("pairs.board.decides")) : null,
    compact ? null : h("span", { class: "matched-count" }, t("pairs.board.matched", { count: matchedCount }))),
  h("div", { class: "top-row", role: "group", "aria-label": t("pairs.board.topRow") }, slots),
  zoneGrid(ui, zones));
}

/**
 * The zones laid out as the geometry's rows (a CSS grid as wide as the longest row).
 * @param {Ui} ui
 * @param {HTMLElement[]} zones
 */
function zoneGrid(ui, zones) {
  const grid = h("div", { class: "zones" }, zones);
  grid.style.setProperty("--pairs-zone-columns", String(Math.max(...ui.geometry.zone_rows.map((row) => row.length))));
  return grid;
}

// ----- other pairs ---------------------------------------------------------------------------
/**
 * The other pairs, small, each with a button to show it large.
 * @param {Ui} ui
 * @param {Observation} obs
 * @param {number} featured - the pair drawn large.
 * @returns {HTMLElement | null}
 */
export function otherPairs(ui, obs, featured) {
  const { geometry, pairOf, seatsOfPair, render } = ui;
  if (obs.pairs.length < 2) return null;
  const items = obs.pairs.map((pair, p) => {
    if (p === featured) return null;
    const [first, second] = seatsOfPair(p);
    const matched = obs.boards[first].top.filter((s, i) => s && obs.boards[second].top[i] === s).length;
    const turn = obs.turn_seat !== null && obs.turn_seat !== undefined && pairOf(obs.turn_seat) === p && !obs.terminal;
    const own = ownSeats(ui).some((seat) => pairOf(seat) === p);
    const key = pair.key;
    return h("section", { class: `other-pair${turn ? " turn" : ""}${pair.complete ? " complete" : ""}`, "aria-label": t("pairs.pair", { pair: pair.name }) },
      h("header", {},
        h("b", {}, t("pairs.pair", { pair: pair.name })),
        own ? h("span", { class: "tag" }, t("pairs.yourPair")) : null,
        h("span", { class: "muted" }, t("pairs.board.matched", { count: matched })),
        pair.complete ? h("span", { class: "tag done" }, tn("pairs.result.points", pair.score ?? obs.totals[p], { points: pair.score ?? obs.totals[p] })) : null,
        h("button", { type: "button", class: "pairs-link", onclick: () => { ui.focusPair = p; render({ keepFocus: ".pairs-back" }); } },
          own ? t("pairs.others.showMine") : t("pairs.others.show"))),
      h("div", { class: "other-key", "aria-label": key ? t("pairs.key.row", { key: key.split("").join(" ") }) : t("pairs.key.unset") },
        key ? geometry.faces.map((face) => h("span", { class: "mini-key" }, h("small", {}, String(face)), token(key[face - 1], "small"))) : h("span", { class: "muted" }, t("pairs.key.unset"))),
      h("div", { class: "other-boards" }, playerBoard(ui, obs, first, { compact: true }), playerBoard(ui, obs, second, { compact: true })));
  }).filter(Boolean);
  return h("section", { class: "other-pairs", "aria-label": t("pairs.others.title") },
    h("h3", {}, t("pairs.others.title")), h("div", { class: "other-list" }, items));
}

// ----- the side panel ------------------------------------------------------------------------
/**
 * The side panel: round, pawn, points, the log in words, the help.
 * @param {Ui} ui
 * @param {Observation} obs
 */
export function renderPanel(ui, obs) {
  const { geometry, eventLine, panel } = ui;
  const legend = h("ul", { class: "legend" }, geometry.subjects.map((subject) => h("li", {}, token(subject), h("span", {}, t(LOOK[subject].legend, { subject })))));
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
