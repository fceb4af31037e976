// CO'NNN'ECT's play area in SVG: the 6 × 6 spaces cut into their zones, the nine circles and
// their Connected Lines, the arrow lines, the claimed outlines and the selection; a click on a
// space goes to input.js (what it does depends on the mode), arrow keys move the focus.

import { t } from "../../js/i18n.js";
import { activateOnKeys, svg } from "../../js/svg.js";
import { claimMatches, clickCell } from "./input.js";
import { BOTTOM, CELL, CLAIM_COLORS, LEFT, RIGHT, TOP, dieFace, outlinePath, zoneText } from "./view.js";

/** @typedef {import("./view.js").Ui} Ui */
/** @typedef {import("./view.js").SheetView} SheetView */

/**
 * The play area of `sheet` in SVG.
 * @param {Ui} ui
 * @param {SheetView} sheet
 * @param {Map<string, string>} targets what a click on each space does (cellTargets)
 * @returns {SVGElement}
 */
export function drawSheet(ui, sheet, targets) {
  const { observation, me, names, grid } = ui;
  const obs = observation();
  const width = LEFT + grid.size * CELL + RIGHT;
  const height = TOP + grid.size * CELL + BOTTOM;
  const surface = svg("svg", {
    class: "cn-grid", viewBox: `0 0 ${width} ${height}`, role: "group", "data-own-keys": "",
    "aria-label": t("connnect.sheetOf", { name: names(sheet.seat) }),
  });
  surface.append(svg("rect", { x: LEFT, y: TOP, width: grid.size * CELL, height: grid.size * CELL, class: "cn-paper" }));
  const mine = sheet.seat === me() ? obs.you : undefined;
  const zoneDie = mine && ["fill", "claim"].includes(obs.phase) ? mine.zone : obs.zone_die;
  // The zone matters in the Fill Phase, and in the Claim Phase only to a "write any 2" bonus.
  const showZone = Boolean(zoneDie && (obs.phase === "fill" || (mine && mine.task?.kind === "zone")));
  surface.append(...drawZones(ui, showZone ? zoneDie : null));
  surface.append(drawCells(ui, sheet, targets), drawBlocks(ui), drawOutlines(ui, sheet), drawCircles(ui, sheet), drawArrows(ui, sheet));
  if (sheet.out) {
    const middle = (grid.size * CELL) / 2;
    surface.append(svg("text", { x: LEFT + middle, y: TOP + middle, class: "cn-out-stamp", "text-anchor": "middle" },
      t("connnect.outStamp", { round: sheet.out })));
  }
  return surface;
}

/**
 * The active zone, the previews of every zone while the Zone Die is chosen, and the zone labels.
 * @param {Ui} ui
 * @param {number | null} zoneDie the zone to show, or null
 * @returns {SVGElement[]}
 */
function drawZones(ui, zoneDie) {
  const { observation, geometry, zones, grid } = ui;
  const { rowOf, colOf } = grid;
  const obs = observation();
  const showZone = zoneDie !== null;
  /** @type {SVGElement[]} */
  const items = [];
  // The active zone.
  const zoneCellsNow = showZone ? zones.get(zoneDie ?? 0) : undefined;
  if (zoneCellsNow) {
    const cells = zoneCellsNow;
    for (const cell of cells) {
      items.push(svg("rect", { x: LEFT + colOf(cell) * CELL, y: TOP + rowOf(cell) * CELL, width: CELL, height: CELL, class: "cn-zone-cell" }));
    }
    items.push(svg("path", { d: outlinePath(grid, cells, 1.5), class: "cn-zone-active" }));
  }
  // While the Zone Die is chosen, each die previews its zone (see drawDiceCard).
  if (obs.phase === "zone") {
    for (const [die, cells] of zones) {
      items.push(svg("g", { class: "cn-zone-preview", "data-preview": die },
        cells.map((cell) => svg("rect", { x: LEFT + colOf(cell) * CELL, y: TOP + rowOf(cell) * CELL, width: CELL, height: CELL, class: "cn-zone-cell" })),
        svg("path", { d: outlinePath(grid, cells, 1.5), class: "cn-zone-active" })));
    }
  }
  // Zone labels: die faces above the column zones and left of the row zones.
  for (const zone of geometry.zones) {
    const lines = zone.lines;
    const columns = zone.axis === "columns";
    const middle = ((Math.min(...lines) - 1 + Math.max(...lines)) / 2) * CELL;
    const active = showZone && zone.die === zoneDie;
    const face = dieFace(zone.die, 22, active ? "zone" : "plain");
    face.setAttribute("x", String(columns ? LEFT + middle - 11 : 7));
    face.setAttribute("y", String(columns ? 7 : TOP + middle - 11));
    const label = svg("g", { class: `cn-zone-label${active ? " active" : ""}` }, svg("title", {}, zoneText(geometry, zone.die)), face);
    items.push(label);
  }
  return items;
}

/**
 * The spaces: numbers, names, crosses, and what a click on each does.
 * @param {Ui} ui
 * @param {SheetView} sheet
 * @param {Map<string, string>} targets
 * @returns {SVGElement}
 */
function drawCells(ui, sheet, targets) {
  const { observation, me, mode, selection, focusCell, geometry } = ui;
  const { cellName, cellIndex, size: SIZE } = ui.grid;
  const obs = observation();
  const crossed = new Set(sheet.crossed.map(cellIndex));
  /** @type {Map<number, number>} */
  const claimedBy = new Map();
  sheet.claims.forEach((claim, i) => claim.cells.forEach((c) => { if (!claimedBy.has(cellIndex(c))) claimedBy.set(cellIndex(c), i); }));
  const setupSpaces = new Set(geometry.setup_spaces.map(cellIndex));
  const chosen = new Set(selection);
  const { wider } = mode === "claim" && sheet.seat === me() ? claimMatches(ui) : { wider: [] };
  const focusable = sheet.seat === me() || targets.size > 0;
  const tabStop = targets.size && !targets.has(cellName(focusCell)) ? Math.min(...[...targets.keys()].map(cellIndex)) : focusCell;
  const extend = new Set(wider.flatMap((c) => c.cells).filter((c) => !chosen.has(c)));
  const look = { crossed, claimedBy, setupSpaces, chosen, extend, focusable, tabStop, round: obs.round };
  const cellsGroup = svg("g", { class: "cn-cells" });
  for (let index = 0; index < SIZE * SIZE; index += 1) cellsGroup.append(drawCell(ui, sheet, targets, index, look));
  return cellsGroup;
}

/**
 * One space.
 * @param {Ui} ui
 * @param {SheetView} sheet
 * @param {Map<string, string>} targets
 * @param {number} index
 * @param {{crossed: Set<number>, claimedBy: Map<number, number>, setupSpaces: Set<number>, chosen: Set<number>,
 *   extend: Set<number>, focusable: boolean, tabStop: number, round: number}} look
 * @returns {SVGElement}
 */
function drawCell(ui, sheet, targets, index, look) {
  const { me, number, adjustTarget, circleSide } = ui;
  const { cellName, rowOf, colOf } = ui.grid;
  const { crossed, claimedBy, setupSpaces, chosen, extend, focusable, tabStop } = look;
  const name = cellName(index);
  const x = LEFT + colOf(index) * CELL;
  const y = TOP + rowOf(index) * CELL;
  const value = sheet.values[index];
  const target = targets.get(name);
  const classes = ["cn-cell"];
  if (target) classes.push(`target target-${target}`);
  if (chosen.has(index) && sheet.seat === me()) classes.push("selected");
  if (extend.has(index) && sheet.seat === me()) classes.push("extend");
  const claimIndex = claimedBy.get(index);
  if (claimIndex !== undefined) classes.push(`claimed size-${sheet.claims[claimIndex].cells.length}`);
  if (crossed.has(index)) classes.push("crossed");
  if (name === adjustTarget && sheet.seat === me()) classes.push("adjusting");
  const stateText = crossed.has(index) ? t("connnect.cellCrossed") : claimedBy.has(index) ? t("connnect.cellClaimed") : "";
  const label = value
    ? t("connnect.cellLabel", { cell: name, value, state: stateText })
    : t("connnect.cellEmpty", { cell: name });
  const group = svg("g", {
    class: classes.join(" "), "data-cell": name, "data-fkey": `cell-${name}`,
    role: target ? "button" : "img", "aria-label": label, tabindex: focusable ? (index === tabStop ? 0 : -1) : null,
    "aria-pressed": target === "select" ? String(chosen.has(index)) : null,
    "data-hint": hinted(ui, target, name),
  });
  group.append(svg("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 4, class: "cn-cell-bg" }));
  if (!value && !target && setupSpaces.has(index) && look.round === 0) {
    group.append(svg("rect", { x: x + 9, y: y + 9, width: CELL - 18, height: CELL - 18, rx: 8, class: "cn-setup-space" }));
  }
  // The name of the space, in the corner away from the circle, and its number: one text of
  // two parts with a space between, so that what is seen reads as the label ("a1 6").
  const [circleRight, circleBelow] = circleSide.get(index) || [true, true];
  const texts = svg("text", { class: "cn-cell-texts" });
  texts.append(svg("tspan", {
    x: circleRight ? x + 5 : x + CELL - 5, y: circleBelow ? y + 12 : y + CELL - 5,
    class: "cn-cell-name", "text-anchor": circleRight ? "start" : "end",
  }, name));
  const digit = value ? { cls: "cn-digit", text: String(value) } : target === "write" ? { cls: "cn-ghost", text: String(number) } : null;
  if (digit) {
    texts.append(document.createTextNode(" "));
    texts.append(svg("tspan", { x: x + CELL / 2, y: y + CELL / 2 + 10, class: digit.cls, "text-anchor": "middle" }, digit.text));
  }
  group.append(texts);
  if (crossed.has(index)) {
    group.append(svg("path", { d: `M${x + 12},${y + 12}L${x + CELL - 12},${y + CELL - 12}M${x + CELL - 12},${y + 12}L${x + 12},${y + CELL - 12}`, class: "cn-cross" }));
  }
  group.addEventListener("click", () => { ui.focusCell = index; clickCell(ui, name); });
  activateOnKeys(group, () => clickCell(ui, name));
  group.addEventListener("keydown", (event) => moveFocus(ui, event, index));
  return group;
}

/**
 * The action a click on a space sends, when it is the one suggested to the seat (the
 * update's `hint`: the tutorial's expected action, a computer's suggestion), else null.
 * @param {Ui} ui
 * @param {string | undefined} target what a click does (cellTargets)
 * @param {string} name the space
 * @returns {string | null}
 */
function hinted(ui, target, name) {
  const hint = ui.current?.hint;
  if (!hint || (target !== "write" && target !== "move")) return null;
  const action = target === "write" ? ui.model.writes.get(ui.number ?? 0)?.get(name) : ui.model.moves.get(name);
  return action === hint ? action : null;
}

/** @param {Ui} ui @returns {SVGElement} the block lines (every zone edge) and the border */
function drawBlocks(ui) {
  const { columnEdges, rowEdges } = ui;
  const SIZE = ui.grid.size;
  const lines = svg("g", { class: "cn-blocks" });
  for (const i of columnEdges) lines.append(svg("line", { x1: LEFT + i * CELL, y1: TOP, x2: LEFT + i * CELL, y2: TOP + SIZE * CELL }));
  for (const i of rowEdges) lines.append(svg("line", { x1: LEFT, y1: TOP + i * CELL, x2: LEFT + SIZE * CELL, y2: TOP + i * CELL }));
  return lines;
}

/**
 * The claimed outlines, and the selection's.
 * @param {Ui} ui
 * @param {SheetView} sheet
 * @returns {SVGElement}
 */
function drawOutlines(ui, sheet) {
  const { me, selection, grid } = ui;
  const outlines = svg("g", { class: "cn-outlines" });
  sheet.claims.forEach((claim, i) => {
    const cells = claim.cells.map(grid.cellIndex);
    const size = cells.length;
    const inset = 4 + (i % 3) * 2.5;
    outlines.append(svg("path", { d: outlinePath(grid, cells, inset), stroke: CLAIM_COLORS[size] || CLAIM_COLORS[3], class: "cn-outline" },
      svg("title", {}, t("connnect.claimTitle", { size, shape: claim.shape, cells: claim.cells.join(" "), round: claim.round }))));
  });
  if (sheet.seat === me() && selection.length) {
    outlines.append(svg("path", { d: outlinePath(grid, selection, 2), class: "cn-outline selection" }));
  }
  return outlines;
}

/**
 * The circles and the Connected Lines.
 * @param {Ui} ui
 * @param {SheetView} sheet
 * @returns {SVGElement}
 */
function drawCircles(ui, sheet) {
  const { geometry } = ui;
  const { cellIndex, rowOf, colOf } = ui.grid;
  const filled = new Set(sheet.filled_circles);
  const centres = new Map(geometry.circles.map((circle) => {
    const cells = circle.cells.map(cellIndex);
    const cx = LEFT + (cells.reduce((s, c) => s + colOf(c), 0) / cells.length + 0.5) * CELL;
    const cy = TOP + (cells.reduce((s, c) => s + rowOf(c), 0) / cells.length + 0.5) * CELL;
    return [circle.id, [cx, cy]];
  }));
  const circles = svg("g", { class: "cn-circles" });
  for (const line of geometry.lines) {
    const a = centres.get(line[0]);
    const b = centres.get(line[line.length - 1]);
    if (a && b && line.every((id) => filled.has(id))) {
      circles.append(svg("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: `cn-connected s${sheet.seat % 4}` }));
    }
  }
  for (const [id, [cx, cy]] of centres) {
    circles.append(svg("circle", {
      cx, cy, r: 10, class: `cn-circle${filled.has(id) ? ` filled s${sheet.seat % 4}` : ""}`,
    }, svg("title", {}, filled.has(id) ? t("connnect.circleFilled") : t("connnect.circleEmpty"))));
  }
  return circles;
}

/**
 * The arrow lines and their points.
 * @param {Ui} ui
 * @param {SheetView} sheet
 * @returns {SVGElement}
 */
function drawArrows(ui, sheet) {
  const { geometry } = ui;
  const { cellIndex, rowOf, colOf, size: SIZE } = ui.grid;
  const arrows = svg("g", { class: "cn-arrows" });
  geometry.arrow_lines.forEach((arrow, i) => {
    const linePoints = sheet.score?.arrows?.[i] || 0;
    const cells = arrow.cells.map(cellIndex);
    const row = arrow.axis === "row";
    let x;
    let y;
    let path;
    if (row) {
      x = LEFT + SIZE * CELL + 6;
      y = TOP + (rowOf(cells[0]) + 0.5) * CELL;
      path = `M${x + 20},${y}L${x + 4},${y}M${x + 10},${y - 6}L${x + 4},${y}L${x + 10},${y + 6}`;
    } else {
      x = LEFT + (colOf(cells[0]) + 0.5) * CELL;
      y = TOP + SIZE * CELL + 6;
      path = `M${x},${y + 20}L${x},${y + 4}M${x - 6},${y + 10}L${x},${y + 4}L${x + 6},${y + 10}`;
    }
    arrows.append(svg("path", { d: path, class: "cn-arrow" }, svg("title", {}, t("connnect.arrowLine"))));
    if (linePoints) {
      const bx = row ? x + 14 : x + 16;
      const by = row ? y + 17 : y + 14;
      arrows.append(svg("text", { x: bx, y: by, class: "cn-arrow-points", "text-anchor": "middle" }, String(linePoints)));
    }
  });
  return arrows;
}

/**
 * Arrow keys move the focus over the play area.
 * @param {Ui} ui
 * @param {KeyboardEvent} event
 * @param {number} index the focused space
 */
export function moveFocus(ui, event, index) {
  const { rowOf, cellName, size: SIZE } = ui.grid;
  /** @type {Record<string, number>} */
  const steps = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -SIZE, ArrowDown: SIZE };
  if (!(event.key in steps)) return;
  event.preventDefault();
  const next = index + steps[event.key];
  const sideways = event.key === "ArrowLeft" || event.key === "ArrowRight";
  if (next < 0 || next >= SIZE * SIZE || (sideways && rowOf(next) !== rowOf(index))) return;
  ui.focusCell = next;
  const grid = /** @type {Element} */ (event.currentTarget).closest("svg");
  if (!grid) return;
  for (const cell of grid.querySelectorAll(".cn-cell")) cell.setAttribute("tabindex", "-1");
  const target = /** @type {SVGElement | null} */ (grid.querySelector(`[data-cell="${cellName(next)}"]`));
  target?.setAttribute("tabindex", "0");
  target?.focus();
}
