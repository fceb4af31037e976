// CO'NNN'ECT's board state, pure (no DOM, no texts: tests/js/connnect-state.test.mjs runs it in
// node): the sheet's grid from the server's geometry, the shapes of claims, the legal actions
// sorted by what the page offers, read from their parts (core/game.py Action.parts: write
// {value, cell}, choose_zone {die}, change {old, new}, skip {value}, switch {value},
// adjust_cell {cell, delta}, adjust_die {value, delta}, move {cell}, claim {shape, cells,
// reuse}, take {slot}, done) — the page never parses notation —, and why a selection of spaces
// is not a legal claim (as an i18n key and its parameters).

/** @typedef {import("../../js/types.js").LegalAction} LegalAction */

/**
 * The play area's spaces: indices in reading order (row * size + column, as the engine's cells)
 * and their names on the sheet ("b2"), from the geometry's size and column letters.
 * @typedef {object} Grid
 * @property {number} size - rows and columns.
 * @property {(index: number) => string} cellName - "b2".
 * @property {(name: string) => number} cellIndex - the index of a sheet name (-1: none).
 * @property {(index: number) => number} rowOf - 0-based.
 * @property {(index: number) => number} colOf - 0-based.
 * @property {(a: number, b: number) => boolean} adjacent - the spaces share a side.
 */

/**
 * The grid of a sheet of `size` × `size` spaces whose columns are `columns` (left to right).
 * @param {{size: number, columns: string}} geometry
 * @returns {Grid}
 */
export function makeGrid({ size, columns }) {
  /** @param {number} index */
  const rowOf = (index) => Math.floor(index / size);
  /** @param {number} index */
  const colOf = (index) => index % size;
  /** @param {number} index */
  const cellName = (index) => `${columns[colOf(index)]}${rowOf(index) + 1}`;
  const names = new Map(Array.from({ length: size * size }, (_, index) => [cellName(index), index]));
  return {
    size, cellName, rowOf, colOf,
    cellIndex: (name) => names.get(name) ?? -1,
    adjacent: (a, b) => Math.abs(rowOf(a) - rowOf(b)) + Math.abs(colOf(a) - colOf(b)) === 1,
  };
}

/** @param {number} a @param {number} b @returns {number} */
export const byNumber = (a, b) => a - b;
/** @param {number} delta @returns {string} "+1" or "−2" */
export const signed = (delta) => (delta > 0 ? `+${delta}` : `−${-delta}`);
/** @param {number} value 1..6 @param {number} delta @returns {number} 1..6, 6 + 1 = 1 */
export const cyclic = (value, delta) => ((value - 1 + delta + 60) % 6) + 1;

// ----- shapes ----------------------------------------------------------------------------------

/** @param {string[]} rows a shape as rows of X and . @returns {[number, number][]} its (row, column) points */
export function rowsToPoints(rows) {
  /** @type {[number, number][]} */
  const points = [];
  rows.forEach((line, r) => [...line].forEach((char, c) => { if (char === "X") points.push([r, c]); }));
  return points;
}

/** @param {[number, number][]} points @returns {[number, number][]} moved to row 0 and column 0 */
function normalise(points) {
  const r0 = Math.min(...points.map((p) => p[0]));
  const c0 = Math.min(...points.map((p) => p[1]));
  return points.map(([r, c]) => [r - r0, c - c0]);
}

/**
 * A key equal for two shapes exactly when one is a rotation or mirror image of the other.
 * @param {[number, number][]} points
 * @returns {string}
 */
export function shapeKey(points) {
  /** @type {string | null} */
  let best = null;
  for (const flip of [false, true]) {
    /** @type {[number, number][]} */
    let image = points.map(([r, c]) => (flip ? [r, -c] : [r, c]));
    for (let turn = 0; turn < 4; turn += 1) {
      image = image.map(([r, c]) => [c, -r]);
      const key = normalise(image).map(([r, c]) => `${r},${c}`).sort().join(";");
      if (best === null || key < best) best = key;
    }
  }
  return best || "";
}

/** @param {Grid} grid @param {number[]} cells @returns {boolean} one orthogonally connected piece */
export function connected(grid, cells) {
  if (!cells.length) return false;
  const seen = new Set([cells[0]]);
  const todo = [cells[0]];
  for (let cell = todo.pop(); cell !== undefined; cell = todo.pop()) {
    for (const other of cells) {
      if (!seen.has(other) && grid.adjacent(cell, other)) {
        seen.add(other);
        todo.push(other);
      }
    }
  }
  return seen.size === cells.length;
}

/**
 * Whether an orthogonal path visits every cell once (so ordered numbers can fill them).
 * @param {Grid} grid
 * @param {number[]} cells
 * @returns {boolean}
 */
export function hasPath(grid, cells) {
  /** @type {(cell: number, seen: Set<number>) => boolean} */
  const walk = (cell, seen) => seen.size === cells.length
    || cells.some((next) => !seen.has(next) && grid.adjacent(cell, next) && walk(next, new Set([...seen, next])));
  return cells.some((cell) => walk(cell, new Set([cell])));
}

/**
 * The ranks of `values` in the order rule, or null when they are not in order.
 * @param {number[]} values - distinct numbers
 * @param {string} orderRule - "consecutive", "monotone" or "cyclic"
 * @returns {number[] | null}
 */
function orderRanks(values, orderRule) {
  const k = values.length;
  if (orderRule === "monotone") return [...values];
  if (orderRule === "cyclic") {
    for (let start = 1; start <= 6; start += 1) {
      const tried = values.map((v) => (((v - start) % 6) + 6) % 6);
      if (Math.max(...tried) === k - 1) return tried;
    }
    return null;
  }
  const low = Math.min(...values);
  return Math.max(...values) - low === k - 1 ? values.map((v) => v - low) : null;
}

/**
 * Whether a selection's numbers may be claimed together (the rule of sheet.claim_kind, CN-4,
 * CN-5), to explain a selection before it is sent; the server decides.
 * @param {Grid} grid
 * @param {number[]} cells
 * @param {number[]} values
 * @param {string} orderRule
 * @param {boolean} allPairs
 * @returns {"equal" | "ordered" | null}
 */
export function claimKind(grid, cells, values, orderRule, allPairs) {
  const distinct = new Set(values);
  if (distinct.size === 1) return "equal";
  if (distinct.size !== values.length) return null;
  const ranks = orderRanks(values, orderRule);
  if (!ranks) return null;
  const ordered = cells.map((cell, i) => [ranks[i], cell]).sort((a, b) => a[0] - b[0]).map((p) => p[1]);
  for (let i = 1; i < ordered.length; i += 1) if (!grid.adjacent(ordered[i - 1], ordered[i])) return null;
  if (allPairs) {
    const position = new Map(ordered.map((cell, i) => [cell, i]));
    for (const a of cells) {
      for (const b of cells) {
        if (a < b && grid.adjacent(a, b) && Math.abs((position.get(a) ?? 0) - (position.get(b) ?? 0)) !== 1) return null;
      }
    }
  }
  return "ordered";
}

// ----- the legal actions, as the page offers them ----------------------------------------------

/**
 * @typedef {{action: string, shape: string, cells: number[], key: string, reuse: boolean}} ClaimOption
 * @typedef {object} Model The legal actions sorted by what the page offers; every leaf is the
 *   notation the page sends.
 * @property {Map<number, string>} zones die -> action
 * @property {Map<number, Map<string, string>>} writes number -> space name -> action
 * @property {Map<number, Map<number, string>>} changes number -> new number -> action
 * @property {Map<number, string>} skips number -> action
 * @property {Map<number, string>} switches number -> action
 * @property {Map<number, Map<number, string>>} adjustDie number -> delta -> action
 * @property {Map<string, Map<number, string>>} adjustCell space name -> delta -> action
 * @property {Map<string, string>} moves space name -> action
 * @property {ClaimOption[]} claims
 * @property {Map<number, string>} takes slot -> action
 * @property {string | null} done
 * @property {string[]} unknown actions of a kind the page does not know
 */

/**
 * @template K, L, V
 * @param {Map<K, Map<L, V>>} map
 * @param {K} key
 * @param {L} inner
 * @param {V} value
 */
function addTo(map, key, inner, value) {
  let entries = map.get(key);
  if (!entries) map.set(key, (entries = new Map()));
  entries.set(inner, value);
}

/** @returns {Model} nothing offered */
export function emptyModel() {
  return {
    zones: new Map(), writes: new Map(), changes: new Map(), skips: new Map(), switches: new Map(),
    adjustDie: new Map(), adjustCell: new Map(), moves: new Map(), claims: [], takes: new Map(),
    done: null, unknown: [],
  };
}

/**
 * The legal actions (with their parts) sorted into what the page offers.
 * @param {LegalAction[]} actions
 * @param {Grid} grid
 * @returns {Model}
 */
export function actionModel(actions, grid) {
  const model = emptyModel();
  for (const { notation, parts: p } of actions) {
    switch (p.kind) {
      case "choose_zone": model.zones.set(p.die, notation); break;
      case "write": addTo(model.writes, p.value, grid.cellName(p.cell), notation); break;
      case "change": addTo(model.changes, p.old, p.new, notation); break;
      case "skip": model.skips.set(p.value, notation); break;
      case "switch": model.switches.set(p.value, notation); break;
      case "adjust_cell": addTo(model.adjustCell, grid.cellName(p.cell), p.delta, notation); break;
      case "adjust_die": addTo(model.adjustDie, p.value, p.delta, notation); break;
      case "move": model.moves.set(grid.cellName(p.cell), notation); break;
      case "claim": {
        const cells = [...p.cells].sort(byNumber);
        model.claims.push({ action: notation, shape: p.shape, cells, key: cells.join(","), reuse: Boolean(p.reuse) });
        break;
      }
      case "take": model.takes.set(p.slot, notation); break;
      case "done": model.done = notation; break;
      default: model.unknown.push(notation);
    }
  }
  return model;
}

/**
 * Numbers the player may pick in the number tray (to write, change, drop or adjust).
 * @param {Model} model
 * @returns {number[]}
 */
export function trayNumbers(model) {
  return [...new Set([...model.writes.keys(), ...model.changes.keys(), ...model.skips.keys(), ...model.adjustDie.keys()])].sort(byNumber);
}

/**
 * What a click on the play area may do now.
 * @param {Model} model
 * @returns {string[]} among "write", "claim", "adjust", "move"
 */
export function availableModes(model) {
  const modes = [];
  if (model.writes.size || model.changes.size || model.skips.size || model.adjustDie.size) modes.push("write");
  if (model.claims.length) modes.push("claim");
  if (model.adjustCell.size) modes.push("adjust");
  if (model.moves.size) modes.push("move");
  return modes;
}

/**
 * Every complete action the model offers (sorted).
 * @param {Model} model
 * @returns {string[]}
 */
export function offeredActions(model) {
  const found = [...model.zones.values(), ...model.skips.values(), ...model.switches.values(), ...model.moves.values(),
    ...model.takes.values(), ...model.claims.map((claim) => claim.action)];
  for (const nested of [model.writes, model.changes, model.adjustDie, model.adjustCell]) {
    for (const inner of nested.values()) found.push(...inner.values());
  }
  if (model.done !== null) found.push(model.done);
  return found.sort();
}

/**
 * The claims equal to the selection, and the larger ones that contain it.
 * @param {Model} model
 * @param {number[]} selection - sorted indices
 * @returns {{exact: ClaimOption[], wider: ClaimOption[]}}
 */
export function claimMatches(model, selection) {
  const key = selection.join(",");
  const exact = model.claims.filter((c) => c.key === key);
  const wider = model.claims.filter((c) => c.cells.length > selection.length && selection.every((s) => c.cells.includes(s)));
  return { exact, wider };
}

/**
 * The Connect shape the selection makes (a sheet shape or a face-up card), or null.
 * @param {Grid} grid
 * @param {number[]} selection
 * @param {{connect3: {id: string, rows: string[]}[], connect4: {id: string, rows: string[]}[]}} geometry
 * @param {{letter: string, rows: string[]}[]} cards - the face-up Connect-5 cards
 * @returns {{size: number, id: string, path: boolean} | null}
 */
export function selectionShape(grid, selection, geometry, cards) {
  const size = selection.length;
  if (size < 3 || size > 5 || !connected(grid, selection)) return null;
  const shapes = size === 3 ? geometry.connect3 : size === 4 ? geometry.connect4 : cards.map((c) => ({ id: c.letter, rows: c.rows }));
  const key = shapeKey(selection.map((c) => [grid.rowOf(c), grid.colOf(c)]));
  const shape = shapes.find((s) => shapeKey(rowsToPoints(s.rows)) === key);
  return shape ? { size, id: shape.id, path: hasPath(grid, selection) } : null;
}

/**
 * @typedef {object} ExplainSheet The parts of a sheet the explanation reads (view.sheet_view).
 * @property {number[]} values
 * @property {string[]} crossed
 * @property {{cells: string[]}[]} claims
 * @property {{kind: string, circled: boolean, used: boolean}[][]} bonuses
 * @property {Record<string, string[]>} markers
 * @property {unknown[]} connect5
 * @typedef {object} ExplainRules What else the explanation needs.
 * @property {{id: string, rows: string[], path: boolean}[]} connect3
 * @property {{id: string, rows: string[], path: boolean}[]} connect4
 * @property {number} connect5_boxes
 * @property {{letter: string, rows: string[]}[]} cards - face up
 * @property {Record<string, unknown>} options - the table's options
 */

/**
 * Why the selection is not a legal claim, before anything is sent (the server decides).
 * @param {Grid} grid
 * @param {number[]} cells - the selection
 * @param {ExplainSheet} sheet
 * @param {ExplainRules} rules
 * @returns {[string, Record<string, unknown>]} an i18n key and its parameters
 */
export function explainSelection(grid, cells, sheet, rules) {
  const names = cells.map(grid.cellName);
  const crossed = new Set(sheet.crossed);
  for (const name of names) {
    if (!sheet.values[grid.cellIndex(name)]) return ["connnect.whyEmpty", { cell: name }];
    if (crossed.has(name)) return ["connnect.whyCrossed", { cell: name }];
  }
  if (cells.length < 3) return ["connnect.whyTooFew", {}];
  if (!connected(grid, cells)) return ["connnect.whyNotAdjacent", {}];
  const size = cells.length;
  const { options } = rules;
  const shape = selectionShape(grid, cells, rules, rules.cards);
  const pathOnly = options.connect4_shapes === "path";
  if (!shape || (size === 4 && pathOnly && !shape.path)) {
    if (size === 5) return ["connnect.whyNoCard", {}];
    if (size === 3) return ["connnect.whyNotShape3", { shapes: rules.connect3.map((s) => s.id).join(", ") }];
    return ["connnect.whyNotShape4", { shapes: rules.connect4.filter((s) => !pathOnly || s.path).map((s) => s.id).join(", ") }];
  }
  if (size === 5 && sheet.connect5.length >= rules.connect5_boxes) return ["connnect.whyBoxesFull", {}];
  const section = sheet.bonuses[size - 3];
  if (size < 5 && options.empty_section === "forbidden" && section && section.every((b) => b.circled)) {
    return ["connnect.whySectionFull", { size }];
  }
  if (size === 4 && options.repeat_connect4 === "forbidden") {
    const pair = sheet.markers[shape.id] || [];
    if (pair.includes("filled") && pair.includes("crossed")) return ["connnect.whyRepeat", { shape: shape.id }];
  }
  const claimed = new Set(sheet.claims.flatMap((c) => c.cells));
  const again = names.filter((n) => claimed.has(n));
  if (again.length > 1) return ["connnect.whyClaimedMany", { cells: again.join(", ") }];
  if (again.length === 1 && !sheet.bonuses.flat().some((b) => b.kind === "reuse" && b.circled && !b.used)) {
    return ["connnect.whyClaimedOnce", { cell: again[0] }];
  }
  const values = cells.map((c) => sheet.values[c]);
  const orderRule = String(options.order_rule || "consecutive");
  if (!claimKind(grid, cells, values, orderRule, options.order_adjacency === "all_pairs")) {
    return [shape.path ? "connnect.whyOrder" : "connnect.whyNoPath", { numbers: values.join(" ") }];
  }
  if (size === 5) return ["connnect.whyCardTaken", { letter: shape.id }];
  return ["connnect.whyNotNow", {}];
}

/**
 * The round and phase the top strip shows. Between rounds, before the next round's dice are
 * rolled (phase "roll", no dice: chance acts next), the strip stays on the round just played,
 * its Claim Phase: that is where the position is (a puzzle's last claim ends the round, and the
 * page keeps that position); the setup's roll shows as the Roll Phase.
 * @param {{round: number, phase: string, dice: number[]}} obs
 * @returns {{round: number, phase: string}}
 */
export function stripStep(obs) {
  if (obs.phase === "roll" && !obs.dice.length && obs.round > 1) return { round: obs.round - 1, phase: "claim" };
  return { round: obs.round, phase: obs.phase === "setup_roll" ? "roll" : obs.phase };
}

/**
 * The dice card's note when no die is on the table: between rounds (phase "roll", no dice,
 * after round 1) the round just played is over, which a puzzle's page keeps showing after
 * its last claim; otherwise the dice are about to be rolled.
 * @param {{round: number, phase: string, dice: number[]}} obs
 * @returns {[string, Record<string, unknown>]} an i18n key and its parameters
 */
export function diceNoteKey(obs) {
  const { round } = stripStep(obs);
  if (obs.phase === "roll" && !obs.dice.length && round < obs.round) return ["connnect.roundPlayed", { round }];
  return ["connnect.diceWaiting", {}];
}

/**
 * What the table's status line asks of the player (an i18n key and its parameters).
 * @param {{phase?: string, you?: {zone: number, pending: number[], task: {kind: string, value: number} | null}} | undefined} obs
 * @param {LegalAction[]} actions
 * @param {string} and - the word joining numbers ("and")
 * @returns {[string, Record<string, unknown>]}
 */
export function turnHintKey(obs, actions, and) {
  const job = obs?.you?.task;
  const kinds = new Set(actions.map((action) => action.parts.kind));
  if (job?.kind === "take") return ["connnect.hintTake", {}];
  if (job?.kind === "place") return ["connnect.hintPlace", { n: job.value }];
  if (job?.kind === "zone") return ["connnect.hintWriteAny", { zone: obs?.you?.zone }];
  if (obs?.phase === "zone") return ["connnect.hintZone", {}];
  if (obs?.phase === "setup_write") return ["connnect.hintSetup", {}];
  if (obs?.phase === "fill") {
    if (!kinds.has("write") && kinds.has("skip")) return ["connnect.hintZoneFull", {}];
    return ["connnect.hintFill", { numbers: (obs.you?.pending || []).join(and), zone: obs.you?.zone }];
  }
  if (obs?.phase === "claim") return [kinds.has("claim") ? "connnect.hintClaim" : "connnect.hintClaimBonus", {}];
  return ["connnect.hintAny", {}];
}
