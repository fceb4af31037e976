// The Quinque table UI: the formation in SVG.
//
// Click a free skydiver to mark it; click a skydiver on a dashed cell to add a tile there;
// drag a tile (or click it, then click a highlighted cell) to move it. Only legal actions,
// as sent by the server, can be chosen. Coordinates follow docs/notation.md.

import { h } from "/static/js/api.js";

const SVG = "http://www.w3.org/2000/svg";
const COLORS = ["#d62839", "#1e63d6"];
const DARK = ["#8f1522", "#123f8c"];
const CELL = 44; // distance between skydivers
const GAP = 8; // between tiles
const PAD = 10;
const DRAG_START = 6; // pixels before a press becomes a drag

const key = (x, y) => `${x},${y}`;
const floorDiv = (a, b) => Math.floor(a / b);

function svg(tag, attributes = {}, ...children) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null) element.setAttribute(name, String(value));
  }
  element.append(...children.filter(Boolean));
  return element;
}

/** Legal actions by kind: marks by skydiver, adds by tile, moves by origin. */
function parseLegal(legal) {
  const result = { marks: new Set(), adds: new Map(), moves: new Map(), pass: false };
  for (const action of legal) {
    let m;
    if ((m = /^mark (-?\d+),(-?\d+)$/.exec(action))) result.marks.add(key(m[1], m[2]));
    else if ((m = /^add T(-?\d+),(-?\d+) (-?\d+),(-?\d+)$/.exec(action))) {
      const tile = key(m[1], m[2]);
      if (!result.adds.has(tile)) result.adds.set(tile, new Set());
      result.adds.get(tile).add(key(m[3], m[4]));
    } else if ((m = /^move T(-?\d+),(-?\d+) T(-?\d+),(-?\d+)$/.exec(action))) {
      const from = key(m[1], m[2]);
      if (!result.moves.has(from)) result.moves.set(from, new Set());
      result.moves.get(from).add(key(m[3], m[4]));
    } else if (action === "pass") result.pass = true;
  }
  return result;
}

/** Cells of a line of five or more of `seat`'s parachutes (for the final position). */
function winningLines(marks, seat) {
  const mine = new Set(marks.filter((m) => m[2] === seat).map((m) => key(m[0], m[1])));
  const lines = [];
  for (const [dx, dy] of [[1, 0], [0, 1], [1, 1], [1, -1]]) {
    for (const cell of mine) {
      const [x, y] = cell.split(",").map(Number);
      if (mine.has(key(x - dx, y - dy))) continue; // not the start of a run
      let length = 1;
      while (mine.has(key(x + length * dx, y + length * dy))) length += 1;
      if (length >= 5) lines.push([[x, y], [x + (length - 1) * dx, y + (length - 1) * dy]]);
    }
  }
  return lines;
}

function canopy(seat, ghost = false) {
  return svg("g", { class: `canopy${ghost ? " ghost" : ""}` },
    svg("path", {
      d: "M-15,-3 C-15,-19 15,-19 15,-3 Q11.2,-6.5 7.5,-3 Q3.7,-6.5 0,-3 Q-3.7,-6.5 -7.5,-3 Q-11.2,-6.5 -15,-3 Z",
      fill: COLORS[seat], stroke: DARK[seat], "stroke-width": 1.2,
    }),
    svg("path", { d: "M-6,-14 C-4,-8 -4,-6 -4,-4 M6,-14 C4,-8 4,-6 4,-4", stroke: "#ffffff", "stroke-opacity": 0.35, "stroke-width": 2, fill: "none" }),
    svg("path", { d: "M-14,-3 L-2,8 M-5,-3 L-1,8 M5,-3 L1,8 M14,-3 L2,8", stroke: DARK[seat], "stroke-width": 0.8, fill: "none" }));
}

function diver(marked) {
  // A skydiver: free-falling (arms and legs spread) or hanging under a canopy.
  const color = "#20324d";
  if (marked) {
    return svg("g", { class: "diver" },
      svg("circle", { cx: 0, cy: 10, r: 2.8, fill: color }),
      svg("path", { d: "M0,12.5 L0,17.5 M-4,10.5 L0,13 L4,10.5 M0,17.5 L-2.6,21 M0,17.5 L2.6,21", stroke: color, "stroke-width": 1.8, "stroke-linecap": "round", fill: "none" }));
  }
  return svg("g", { class: "diver" },
    svg("circle", { cx: 0, cy: -5, r: 3.4, fill: color }),
    svg("path", { d: "M0,-1.5 L0,6 M-9,-6 L-4,0 L0,0 L4,0 L9,-6 M0,6 L-6,12 M0,6 L6,12", stroke: color, "stroke-width": 2.2, "stroke-linecap": "round", "stroke-linejoin": "round", fill: "none" }));
}

export default function create(root, context) {
  const side = Math.round(Math.sqrt(Number(context.options.skydivers_per_tile || 4)));
  const pitch = side * CELL + GAP; // tile lattice step in pixels
  const seatNames = context.seatNames.length ? context.seatNames : ["Red", "Blue"];
  const surface = svg("svg", { class: "quinque", role: "img", "aria-label": "Quinque formation" });
  const panel = h("div", { class: "quinque-panel" });
  root.replaceChildren(surface);
  if (context.panel) context.panel.replaceChildren(h("h2", {}, "Quinque"), panel);

  let current = null; // the last update
  let legal = parseLegal([]);
  let selected = null; // "tx,ty" of the tile chosen for a move
  let drag = null;
  let pressHandled = false;

  const tileOrigin = (tx, ty) => [tx * pitch, ty * pitch];
  const diverCenter = (x, y) => {
    const tx = floorDiv(x, side);
    const ty = floorDiv(y, side);
    return [tx * pitch + (x - tx * side + 0.5) * CELL, ty * pitch + (y - ty * side + 0.5) * CELL];
  };

  function toSvgPoint(event) {
    const point = surface.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    return point.matrixTransform(surface.getScreenCTM().inverse());
  }

  function cellAt(point) {
    const tx = Math.floor((point.x + GAP / 2) / pitch);
    const ty = Math.floor((point.y + GAP / 2) / pitch);
    return key(tx, ty);
  }

  function bounds(observation) {
    const cells = observation.tiles.length ? observation.tiles : [[0, 0]];
    let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const [tx, ty] of cells) {
      minX = Math.min(minX, tx - 1); maxX = Math.max(maxX, tx + 1);
      minY = Math.min(minY, ty - 1); maxY = Math.max(maxY, ty + 1);
    }
    for (const targets of legal.moves.values()) {
      for (const cell of targets) {
        const [tx, ty] = cell.split(",").map(Number);
        minX = Math.min(minX, tx); maxX = Math.max(maxX, tx);
        minY = Math.min(minY, ty); maxY = Math.max(maxY, ty);
      }
    }
    // At least 4 × 4 tiles, so that the first moves do not look huge.
    while (maxX - minX < 3) { minX -= 0.5; maxX += 0.5; }
    while (maxY - minY < 3) { minY -= 0.5; maxY += 0.5; }
    return { minX, minY, maxX, maxY };
  }

  function send(action) {
    selected = null;
    drag = null;
    context.onAction(action);
  }

  function drawCellOutline(tx, ty, className, attributes = {}) {
    const [x, y] = tileOrigin(tx, ty);
    return svg("rect", { x: x + 1, y: y + 1, width: side * CELL - 2, height: side * CELL - 2, rx: 10, class: className, ...attributes });
  }

  function drawAddCell(tile, spots) {
    const [tx, ty] = tile.split(",").map(Number);
    const group = svg("g", { class: "add-cell", "data-add-tile": `T${tile}` },
      drawCellOutline(tx, ty, "ghost-tile"));
    for (let i = 0; i < side; i += 1) {
      for (let j = 0; j < side; j += 1) {
        const x = tx * side + i;
        const y = ty * side + j;
        const [cx, cy] = diverCenter(x, y);
        const spot = svg("g", {
          class: spots.has(key(x, y)) ? "add-spot" : "spot-off",
          transform: `translate(${cx},${cy})`, "data-add": `T${tile} ${key(x, y)}`,
        }, svg("circle", { r: CELL / 2 - 3, class: "hit" }), svg("circle", { r: 4, class: "dot" }));
        if (spots.has(key(x, y))) {
          spot.append(canopy(current.seat, true));
          spot.addEventListener("click", () => send(`add T${tile} ${key(x, y)}`));
        }
        group.append(spot);
      }
    }
    return group;
  }

  function drawTile(tx, ty, marks, movable) {
    const tile = key(tx, ty);
    const [ox, oy] = tileOrigin(tx, ty);
    const observation = current.observation;
    const lockedTile = observation.marked_tile && key(...observation.marked_tile) === tile && !current.terminal;
    const group = svg("g", {
      class: `tile${movable ? " movable" : ""}${selected === tile ? " selected" : ""}${lockedTile ? " marked-this-turn" : ""}`,
      "data-tile": `T${tile}`,
    });
    group.append(svg("rect", { x: ox, y: oy, width: side * CELL, height: side * CELL, rx: 10, class: "tile-face" }));
    for (let i = 0; i < side; i += 1) {
      for (let j = 0; j < side; j += 1) {
        const x = tx * side + i;
        const y = ty * side + j;
        const [cx, cy] = diverCenter(x, y);
        const seat = marks.get(key(x, y));
        const markable = seat === undefined && legal.marks.has(key(x, y));
        const spot = svg("g", {
          class: `skydiver${markable ? " markable" : ""}${seat !== undefined ? ` marked seat-${seat}` : ""}`,
          transform: `translate(${cx},${cy})`, "data-skydiver": key(x, y),
        }, svg("circle", { r: CELL / 2 - 3, class: "hit" }));
        if (seat !== undefined) spot.append(canopy(seat), diver(true));
        else {
          if (markable) spot.append(canopy(current.seat, true));
          spot.append(diver(false));
        }
        if (markable && !movable) spot.addEventListener("click", () => send(`mark ${key(x, y)}`));
        group.append(spot);
      }
    }
    if (movable) {
      group.addEventListener("pointerdown", (event) => startPress(event, tile, group));
    }
    return group;
  }

  function startPress(event, tile, group) {
    if (event.button !== 0) return;
    const markTarget = event.target.closest(".skydiver.markable");
    drag = { tile, group, start: toSvgPoint(event), dragging: false, markTarget, pointer: event.pointerId };
    surface.setPointerCapture(event.pointerId);
    event.preventDefault();
  }

  surface.addEventListener("pointermove", (event) => {
    if (!drag) return;
    const point = toSvgPoint(event);
    const dx = point.x - drag.start.x;
    const dy = point.y - drag.start.y;
    if (!drag.dragging && Math.hypot(dx, dy) < DRAG_START) return;
    if (!drag.dragging) {
      drag.dragging = true;
      selected = drag.tile;
      const group = drag.group;
      render();
      drag.group = surface.querySelector(`[data-tile="T${drag.tile}"]`) || group;
      drag.group.classList.add("dragging");
      drag.group.parentNode.append(drag.group); // on top
    }
    drag.group.setAttribute("transform", `translate(${dx},${dy})`);
    for (const target of surface.querySelectorAll(".destination")) {
      target.classList.toggle("hover", target.dataset.dest === `T${cellAt(point)}`);
    }
  });

  surface.addEventListener("pointerup", (event) => {
    if (!drag) return;
    const press = drag;
    drag = null;
    pressHandled = true; // the click that follows belongs to this press
    if (surface.hasPointerCapture(event.pointerId)) surface.releasePointerCapture(event.pointerId);
    if (press.dragging) {
      const cell = cellAt(toSvgPoint(event));
      if (legal.moves.get(press.tile)?.has(cell)) send(`move T${press.tile} T${cell}`);
      else render();
      return;
    }
    if (press.markTarget) {
      send(`mark ${press.markTarget.dataset.skydiver}`);
      return;
    }
    selected = selected === press.tile ? null : press.tile;
    render();
  });

  surface.addEventListener("click", (event) => {
    if (pressHandled) {
      pressHandled = false;
      return;
    }
    if (!event.target.closest(".tile, .add-cell, .destination") && selected) {
      selected = null;
      render();
    }
  });

  function drawDestinations() {
    const group = svg("g", { class: "destinations" });
    for (const cell of legal.moves.get(selected) || []) {
      const [tx, ty] = cell.split(",").map(Number);
      const target = drawCellOutline(tx, ty, "destination", { "data-dest": `T${cell}` });
      target.addEventListener("click", () => send(`move T${selected} T${cell}`));
      group.append(target);
    }
    return group;
  }

  function drawLastAction(last) {
    const group = svg("g", { class: "last-action" });
    if (!last || !last.action) return group;
    let m;
    if ((m = /^(?:mark|add T-?\d+,-?\d+) (-?\d+),(-?\d+)$/.exec(last.action))) {
      const [cx, cy] = diverCenter(Number(m[1]), Number(m[2]));
      group.append(svg("circle", { cx, cy: cy - 2, r: CELL / 2 - 1, class: "last-mark" }));
    } else if ((m = /^move T(-?\d+),(-?\d+) T(-?\d+),(-?\d+)$/.exec(last.action))) {
      const from = drawCellOutline(Number(m[1]), Number(m[2]), "last-from");
      const to = drawCellOutline(Number(m[3]), Number(m[4]), "last-to");
      const [fx, fy] = tileOrigin(Number(m[1]), Number(m[2]));
      const [gx, gy] = tileOrigin(Number(m[3]), Number(m[4]));
      const half = (side * CELL) / 2;
      group.append(from, to, svg("line", { x1: fx + half, y1: fy + half, x2: gx + half, y2: gy + half, class: "last-path" }));
    }
    return group;
  }

  function drawWin(observation) {
    const group = svg("g", { class: "win-lines" });
    if (observation.winner === null || observation.winner === undefined) return group;
    for (const [[x1, y1], [x2, y2]] of winningLines(observation.marks, observation.winner)) {
      const [ax, ay] = diverCenter(x1, y1);
      const [bx, by] = diverCenter(x2, y2);
      group.append(svg("line", { x1: ax, y1: ay - 4, x2: bx, y2: by - 4, stroke: COLORS[observation.winner], class: "win-line" }));
    }
    return group;
  }

  function render() {
    if (!current) return;
    const observation = current.observation;
    const marks = new Map(observation.marks.map(([x, y, seat]) => [key(x, y), seat]));
    const box = bounds(observation);
    const x0 = box.minX * pitch - PAD;
    const y0 = box.minY * pitch - PAD;
    const width = (box.maxX - box.minX + 1) * pitch - GAP + 2 * PAD;
    const height = (box.maxY - box.minY + 1) * pitch - GAP + 2 * PAD;
    surface.setAttribute("viewBox", `${x0} ${y0} ${width} ${height}`);
    const backdrop = svg("rect", { x: x0, y: y0, width, height, class: "sky" });
    const adds = svg("g", { class: "adds" });
    for (const [tile, spots] of legal.adds) adds.append(drawAddCell(tile, spots));
    const tiles = svg("g", { class: "tiles" });
    for (const [tx, ty] of observation.tiles) {
      tiles.append(drawTile(tx, ty, marks, legal.moves.has(key(tx, ty)) && current.seat !== null));
    }
    const selectedGroup = tiles.querySelector(`[data-tile="T${selected}"]`);
    if (selectedGroup) tiles.append(selectedGroup);
    surface.replaceChildren(backdrop, adds, drawDestinations(), tiles, drawLastAction(current.last), drawWin(observation));
    surface.classList.toggle("your-turn", current.seat !== null);
  }

  function renderPanel() {
    const observation = current.observation;
    const rules = context.options.advanced ? "advanced" : "basic";
    panel.replaceChildren(
      h("dl", { class: "facts" },
        h("dt", {}, "Rules"), h("dd", { id: "rules" }, rules === "advanced" ? "Advanced: a tile moves by its parachute count" : "Basic: a tile moves along its row, column or diagonal"),
        h("dt", {}, "Turn"), h("dd", {}, `${observation.turn}${observation.phase === "second" && !observation.terminal ? " · optional second action" : ""}`),
        h("dt", {}, "Tiles in the stack"), h("dd", { id: "stack" }, String(observation.stack))),
      h("details", { class: "help" },
        h("summary", {}, "How to play"),
        h("ul", {},
          h("li", {}, "On your turn, first mark a free skydiver (click it), add a tile next to the formation (click a skydiver on a dashed cell), or move a tile."),
          h("li", {}, "To move a tile, drag it onto a highlighted cell, or click it and then click the cell. The formation must stay in one piece; a tile you marked this turn, or one surrounded on four sides, cannot move."),
          h("li", {}, "Then you may move one tile, or press End turn."),
          h("li", {}, "Line up five parachutes of your colour in a row, column or diagonal to win. If both players run out of parachutes, it is a tie."),
          rules === "advanced" ? h("li", {}, "Advanced: a tile with 1 parachute steps to a neighbouring cell in its row or column; 2: anywhere in its row or column; 3: along its diagonals; 4: any line.") : null)));
  }

  return {
    update(update) {
      current = update;
      legal = parseLegal(update.legal || []);
      if (selected && !legal.moves.has(selected)) selected = null;
      drag = null;
      render();
      renderPanel();
    },
    seatDetail(seat) {
      if (!current) return null;
      const left = current.observation.supply[seat];
      return `${left} parachute${left === 1 ? "" : "s"} left`;
    },
    turnHint(observation) {
      if (observation.phase === "second") return "move a tile, or end your turn";
      const moves = legal.moves.size > 0;
      const parts = [];
      if (legal.marks.size) parts.push("mark a skydiver");
      if (legal.adds.size) parts.push("add a tile");
      if (moves) parts.push("move a tile");
      return parts.length ? parts.join(", ").replace(/, ([^,]*)$/, " or $1") : "no action is possible: pass";
    },
    passLabel(observation) {
      return observation.phase === "second" ? "End turn" : "Pass";
    },
    resultDetail(observation) {
      const reasons = {
        line: "five in a row",
        both_lines: "lines for both, the player who moved wins",
        opponent_line: "a line made for the opponent",
        supplies_empty: "both players are out of parachutes",
        no_action: "no legal action left",
        turn_limit: "the turn limit was reached",
      };
      return reasons[observation.outcome] || "";
    },
    describe(action, seat) {
      if (!action) return null;
      const m = /^starter (\d+)$/.exec(action);
      if (m) return `${seatNames[Number(m[1])]} begins`;
      return action === "pass" ? "ends the turn" : action;
    },
  };
}
