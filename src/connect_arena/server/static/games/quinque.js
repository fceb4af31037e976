// The Quinque table UI: the formation in SVG.
//
// Click a free skydiver to mark it; click a skydiver on a dashed cell to add a tile there;
// drag a tile (or click it, then click a highlighted cell) to move it. Only legal actions,
// as sent by the server, can be chosen. Coordinates follow docs/notation.md.
//
// Keyboard: every skydiver, tile and cell that can be chosen is reachable with Tab and chosen
// with Enter or Space (a tile: Enter selects it and focuses its first destination; Escape
// cancels). Each has an aria-label ("skydiver 3,1, free"). Texts: the "quinque" namespace.

import { h, listText } from "/static/js/api.js";
import { t, tn } from "/static/js/i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const COLORS = ["#d62839", "#1e63d6"];
const DARK = ["#8f1522", "#123f8c"];
const CELL = 44; // distance between skydivers
const GAP = 8; // between tiles
const PAD = 10;
const DRAG_START = 6; // pixels before a press becomes a drag

const key = (x, y) => `${x},${y}`;
const ACTIVATE = new Set(["Enter", " "]);

/** Make an SVG element a keyboard-operable button: focusable, labelled, Enter/Space. */
function button(element, label, activate) {
  element.setAttribute("tabindex", "0");
  element.setAttribute("role", "button");
  element.setAttribute("aria-label", label);
  element.addEventListener("keydown", (event) => {
    if (!ACTIVATE.has(event.key)) return;
    event.preventDefault();
    event.stopPropagation();
    activate(event);
  });
  return element;
}
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
  const seatNames = context.seatNames.length ? context.seatNames : [t("quinque.seat0"), t("quinque.seat1")];
  const surface = svg("svg", { class: "quinque", role: "group", "aria-label": t("quinque.formation") });
  const panel = h("div", { class: "quinque-panel" });
  root.replaceChildren(surface);
  if (context.panel) context.panel.replaceChildren(h("h2", {}, t("quinque.title")), panel);
  const colour = (seat) => [t("quinque.parachuteRed"), t("quinque.parachuteBlue")][seat] ?? seatNames[seat];

  let current = null; // the last update
  let legal = parseLegal([]);
  let selected = null; // "tx,ty" of the tile chosen for a move
  let drag = null;
  let pressHandled = false;
  let refocus = null; // a selector to focus after the next render (keyboard use)

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
          const action = `add T${tile} ${key(x, y)}`;
          spot.append(canopy(current.seat, true));
          spot.addEventListener("click", () => send(action));
          button(spot, t("quinque.labelAdd", { tile: `T${tile}`, skydiver: key(x, y) }), () => send(action));
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
        const state = seat !== undefined ? colour(seat) : t("quinque.free");
        const label = t("quinque.labelSkydiver", { skydiver: key(x, y), state });
        if (markable) {
          if (!movable) spot.addEventListener("click", () => send(`mark ${key(x, y)}`));
          button(spot, label, () => send(`mark ${key(x, y)}`));
        } else {
          spot.setAttribute("role", "img");
          spot.setAttribute("aria-label", label);
        }
        group.append(spot);
      }
    }
    if (movable) {
      group.addEventListener("pointerdown", (event) => startPress(event, tile, group));
      const label = selected === tile ? t("quinque.labelTileSelected", { tile: `T${tile}` }) : t("quinque.labelTile", { tile: `T${tile}` });
      button(group, label, () => {
        selected = selected === tile ? null : tile;
        refocus = selected ? ".destination" : `[data-tile="T${tile}"]`;
        render();
      });
      group.setAttribute("aria-pressed", String(selected === tile));
    } else {
      group.setAttribute("role", "group");
      group.setAttribute("aria-label", t("quinque.labelTileFixed", { tile: `T${tile}` }));
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
      const action = `move T${selected} T${cell}`;
      target.addEventListener("click", () => send(action));
      button(target, t("quinque.labelDestination", { tile: `T${selected}`, cell: `T${cell}` }), () => send(action));
      target.addEventListener("keydown", (event) => {
        if (event.key !== "Escape") return;
        refocus = `[data-tile="T${selected}"]`;
        selected = null;
        render();
      });
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

  /** The computer's suggestion (a hint asked by the player): a dashed ring on the skydiver to
   * mark or add, or the tile's move; nothing for "pass" (the page names it). */
  function drawHint(action) {
    const group = svg("g", { class: "hint-action" });
    let m;
    if (!action) return group;
    if ((m = /^(?:mark|add T-?\d+,-?\d+) (-?\d+),(-?\d+)$/.exec(action))) {
      const [cx, cy] = diverCenter(Number(m[1]), Number(m[2]));
      group.append(svg("circle", { cx, cy: cy - 2, r: CELL / 2 + 1, class: "hint-mark", "data-hint": action }));
    } else if ((m = /^move T(-?\d+),(-?\d+) T(-?\d+),(-?\d+)$/.exec(action))) {
      group.append(
        drawCellOutline(Number(m[1]), Number(m[2]), "hint-from"),
        drawCellOutline(Number(m[3]), Number(m[4]), "hint-to", { "data-hint": action }));
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
    surface.replaceChildren(backdrop, adds, drawDestinations(), tiles, drawLastAction(current.last), drawHint(current.hint), drawWin(observation));
    surface.classList.toggle("your-turn", current.seat !== null);
    if (refocus) {
      surface.querySelector(refocus)?.focus();
      refocus = null;
    }
  }

  function renderPanel() {
    const observation = current.observation;
    const advanced = Boolean(context.options.advanced);
    const second = observation.phase === "second" && !observation.terminal;
    panel.replaceChildren(
      h("dl", { class: "facts" },
        h("dt", {}, t("quinque.rules")), h("dd", { id: "rules" }, advanced ? t("quinque.rulesAdvanced") : t("quinque.rulesBasic")),
        h("dt", {}, t("quinque.turn")), h("dd", {}, second ? t("quinque.turnSecond", { turn: observation.turn }) : String(observation.turn)),
        h("dt", {}, t("quinque.stack")), h("dd", { id: "stack" }, String(observation.stack))),
      h("details", { class: "help" },
        h("summary", {}, t("quinque.howToPlay")),
        h("ul", {},
          h("li", {}, t("quinque.help1")),
          h("li", {}, t("quinque.help2")),
          h("li", {}, t("quinque.help3")),
          h("li", {}, t("quinque.help4")),
          h("li", {}, t("quinque.helpKeyboard")),
          advanced ? h("li", {}, t("quinque.helpAdvanced")) : null)));
  }

  const OUTCOMES = {
    line: () => t("quinque.outcomeLine"),
    both_lines: () => t("quinque.outcomeBothLines"),
    opponent_line: () => t("quinque.outcomeOpponentLine"),
    supplies_empty: () => t("quinque.outcomeSuppliesEmpty"),
    no_action: () => t("quinque.outcomeNoAction"),
    turn_limit: () => t("quinque.outcomeTurnLimit"),
  };

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
      return tn("quinque.parachutesLeft", current.observation.supply[seat]);
    },
    turnHint(observation) {
      if (observation.phase === "second") return t("quinque.hintSecond");
      const parts = [];
      if (legal.marks.size) parts.push(t("quinque.hintMark"));
      if (legal.adds.size) parts.push(t("quinque.hintAdd"));
      if (legal.moves.size) parts.push(t("quinque.hintMove"));
      if (!parts.length) return t("quinque.hintNothing");
      try {
        return new Intl.ListFormat(document.documentElement.lang || "en", { type: "disjunction" }).format(parts);
      } catch {
        return listText(parts);
      }
    },
    passLabel(observation) {
      return observation.phase === "second" ? t("quinque.endTurn") : t("quinque.pass");
    },
    resultDetail(observation) {
      return OUTCOMES[observation.outcome]?.() ?? "";
    },
    describe(action, seat) {
      if (!action) return null;
      let m;
      if ((m = /^starter (\d+)$/.exec(action))) return t("quinque.describeStarter", { seat: seatNames[Number(m[1])] });
      if (action === "pass") return t("quinque.describePass");
      if ((m = /^mark (\S+)$/.exec(action))) return t("quinque.describeMark", { skydiver: m[1] });
      if ((m = /^add (\S+) (\S+)$/.exec(action))) return t("quinque.describeAdd", { tile: m[1], skydiver: m[2] });
      if ((m = /^move (\S+) (\S+)$/.exec(action))) return t("quinque.describeMove", { from: m[1], to: m[2] });
      return action;
    },
    // The complete actions the board offers now (clickable or draggable), sorted; "pass" is
    // offered by the page's End turn / Pass button (games.js shellActions), not by the board.
    // Read from the drawn board: what a person can click, drag or reach with the keyboard.
    offered() {
      if (!current || current.seat === null || current.seat === undefined || !context.interactive) return [];
      const actions = [];
      for (const spot of surface.querySelectorAll(".skydiver.markable[role=button]")) actions.push(`mark ${spot.dataset.skydiver}`);
      for (const spot of surface.querySelectorAll(".add-spot[role=button]")) actions.push(`add ${spot.dataset.add}`);
      for (const tile of surface.querySelectorAll(".tile.movable")) {
        const from = tile.dataset.tile.slice(1);
        for (const to of legal.moves.get(from) || []) actions.push(`move T${from} T${to}`);
      }
      return [...new Set(actions)].sort();
    },
  };
}
