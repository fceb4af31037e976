// Quinque's pointer input: press a movable tile and drag it onto a destination (or release it
// where it was to select it, or on a markable skydiver to mark it); a click beside the
// formation drops the selection. Buttons and keys are wired where they are drawn (./view.js).

const DRAG_START = 6; // pixels before a press becomes a drag

/**
 * What the pointer needs of the board (../quinque.js).
 * @typedef {object} PointerBoard
 * @property {SVGSVGElement} surface
 * @property {ReturnType<typeof import("./state.js").layout>} lattice
 * @property {import("./state.js").LegalIndex} legal
 * @property {string | null} selected
 * @property {(notation: string) => void} send
 * @property {(tile: string | null, refocus: string | null) => void} select
 * @property {() => void} render
 */

/**
 * A press in progress on a movable tile.
 * @typedef {{tile: string, group: Element, start: DOMPoint, dragging: boolean,
 *   markTarget: HTMLElement | null}} Press
 */

/**
 * Wire the pointer to the board's surface.
 * @param {PointerBoard} board
 * @returns {{press: (event: PointerEvent, tile: string, group: Element) => void, cancel: () => void}}
 *   press: a movable tile's pointerdown; cancel: forget a press (a new position came).
 */
export function attachPointer(board) {
  const surface = board.surface;
  /** @type {Press | null} */
  let drag = null;
  let pressHandled = false;

  /** @param {MouseEvent} event @returns {DOMPoint} */
  function toSvgPoint(event) {
    const matrix = surface.getScreenCTM();
    const point = new DOMPoint(event.clientX, event.clientY);
    return matrix ? point.matrixTransform(matrix.inverse()) : point;
  }

  /** @param {PointerEvent} event @param {string} tile @param {Element} group */
  function press(event, tile, group) {
    if (event.button !== 0) return;
    const target = /** @type {Element} */ (event.target);
    const markTarget = /** @type {HTMLElement | null} */ (target.closest(".skydiver.markable"));
    drag = { tile, group, start: toSvgPoint(event), dragging: false, markTarget };
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
      const group = drag.group;
      board.selected = drag.tile;
      board.render();
      drag.group = surface.querySelector(`[data-tile="T${drag.tile}"]`) || group;
      drag.group.classList.add("dragging");
      drag.group.parentNode?.append(drag.group); // on top
    }
    drag.group.setAttribute("transform", `translate(${dx},${dy})`);
    for (const target of surface.querySelectorAll(".destination")) {
      target.classList.toggle("hover", target.getAttribute("data-dest") === `T${board.lattice.cellAt(point)}`);
    }
  });

  surface.addEventListener("pointerup", (event) => {
    if (!drag) return;
    const pressed = drag;
    drag = null;
    pressHandled = true; // the click that follows belongs to this press
    if (surface.hasPointerCapture(event.pointerId)) surface.releasePointerCapture(event.pointerId);
    if (pressed.dragging) {
      const action = board.legal.moves.get(pressed.tile)?.get(board.lattice.cellAt(toSvgPoint(event)));
      if (action) board.send(action);
      else board.render();
      return;
    }
    const mark = pressed.markTarget?.dataset.action;
    if (mark) board.send(mark);
    else board.select(board.selected === pressed.tile ? null : pressed.tile, null);
  });

  surface.addEventListener("click", (event) => {
    if (pressHandled) {
      pressHandled = false;
      return;
    }
    const target = /** @type {Element} */ (event.target);
    if (!target.closest(".tile, .add-cell, .destination") && board.selected) board.select(null, null);
  });

  return { press, cancel: () => { drag = null; } };
}
