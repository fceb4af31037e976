// Keyboard play on a board (issue 27, item 16), for every game's drawing:
//
// - the board is one tab stop (a roving tabindex, as WAI-ARIA's composite widgets): the
//   drawing's targets (SVG elements with role=button) have tabindex -1 but one, the last
//   focused, which has 0; the arrow keys move the focus to the nearest target in that
//   direction on the screen, Home and End to the first and last;
// - focus stays on the board: when a new position redraws it while the focus was on it (or on
//   a shortcut's button), the focus returns to the same target, else to the first one;
// - shortcuts for the action bar (keys without modifiers, outside text fields): E presses
//   "End turn" / "Pass", H asks for a hint, B goes to the board, M to the list of moves.
//
// A drawing that manages its own keys (CO'NNN'ECT's sheet) says so with data-own-keys and is
// left alone. Nothing here knows a game: targets are found in the DOM the game module drew.

/** The targets of a board's drawing. */
const TARGETS = "svg [role=button]";

/** The shortcuts: key → the id of the button it presses, or of the element it focuses. */
export const SHORTCUTS = /** @type {const} */ ({
  e: { press: "end-turn" }, h: { press: "hint-button" }, b: { focus: "board" }, m: { focus: "moves" },
});

/** @param {Element} element @returns {string} what identifies a target across redraws */
function identity(element) {
  for (const name of ["data-action", "data-dot", "data-skydiver", "data-dest", "data-add", "data-cell"]) {
    const value = element.getAttribute(name);
    if (value) return `${name}=${value}`;
  }
  return element.getAttribute("aria-label") ?? "";
}

/**
 * The nearest target from `from` in the direction (dx, dy) on the screen: ahead of it by more
 * than a pixel, the distance ahead plus twice the distance aside smallest.
 *
 * @param {{x: number, y: number}} from
 * @param {{x: number, y: number}[]} centres
 * @param {number} dx @param {number} dy - a unit step: (1, 0) right, (0, 1) down
 * @returns {number} the index in `centres`, -1 when nothing lies that way
 */
export function nearest(from, centres, dx, dy) {
  let best = -1;
  let score = Infinity;
  centres.forEach((centre, index) => {
    const ahead = (centre.x - from.x) * dx + (centre.y - from.y) * dy;
    if (ahead <= 1) return;
    const aside = Math.abs((centre.x - from.x) * dy - (centre.y - from.y) * dx);
    const value = ahead + 2 * aside;
    if (value < score) {
      score = value;
      best = index;
    }
  });
  return best;
}

/**
 * Where a target is for the arrow keys: its centre, or the middle of its top edge for a target
 * marked data-nav="top" (a Quinque tile, whose centre lies among its skydivers' buttons).
 *
 * @param {Element} element @returns {{x: number, y: number}}
 */
function centreOf(element) {
  const box = element.getBoundingClientRect();
  const top = element.getAttribute("data-nav") === "top";
  return { x: box.left + box.width / 2, y: top ? box.top + Math.min(8, box.height / 2) : box.top + box.height / 2 };
}

/** @param {EventTarget | null} target @returns {boolean} whether keys there type text */
function typing(target) {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/**
 * Make `board` one tab stop with arrow keys between its targets, and keep the focus on it
 * across redraws.
 *
 * @param {HTMLElement} board - the element the game module draws into (#board)
 * @returns {{focus: () => boolean}} focus: put the focus on the board's current target
 *   (false when it has none)
 */
export function rovingBoard(board) {
  let remembered = "";
  let holding = false; // the focus was on the board (or on a shortcut's button) before a redraw

  /** @returns {Element[]} */
  const targets = () => [...board.querySelectorAll(TARGETS)].filter((e) => !e.closest("[data-own-keys]"));

  /** @type {{x: number, y: number} | null} where the remembered target was on the screen */
  let place = null;

  /** The remembered target, else the one nearest to where it was, else the first.
   * @param {Element[]} all @returns {Element | undefined} */
  const current = (all) => {
    const same = all.find((e) => identity(e) === remembered);
    if (same || !place || !all.length) return same ?? all[0];
    const from = place;
    const distance = (/** @type {Element} */ e) => Math.hypot(centreOf(e).x - from.x, centreOf(e).y - from.y);
    return all.reduce((best, e) => (distance(e) < distance(best) ? e : best));
  };

  function refresh() {
    const all = targets();
    const active = document.activeElement;
    const focused = all.find((e) => e === active);
    const chosen = focused ?? current(all);
    for (const element of all) element.setAttribute("tabindex", element === chosen ? "0" : "-1");
    const lost = !active || active === document.body || !active.isConnected;
    if (holding && lost && chosen) /** @type {HTMLElement} */ (chosen).focus({ preventScroll: false });
  }

  new MutationObserver(refresh).observe(board, { childList: true, subtree: true });
  board.addEventListener("focusin", (event) => {
    const target = /** @type {Element} */ (event.target);
    holding = true;
    if (!target.matches(TARGETS) || target.closest("[data-own-keys]")) return;
    remembered = identity(target);
    place = centreOf(target);
    for (const element of targets()) element.setAttribute("tabindex", element === target ? "0" : "-1");
  });
  board.addEventListener("focusout", (event) => {
    const next = /** @type {FocusEvent} */ (event).relatedTarget;
    // Focus going to another element of the page (not to nothing, as when a redraw removes
    // the focused target) ends the hold.
    if (next instanceof Element && !board.contains(next)) holding = Boolean(next.closest("#controls"));
  });
  document.addEventListener("pointerdown", (event) => {
    if (!board.contains(/** @type {Node} */ (event.target))) holding = false;
  });
  board.addEventListener("keydown", (event) => {
    const steps = /** @type {Record<string, [number, number]>} */ ({
      ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1],
    });
    const target = /** @type {Element} */ (event.target);
    if (!target.matches(TARGETS) || target.closest("[data-own-keys]") || event.altKey || event.ctrlKey || event.metaKey) return;
    const all = targets();
    let next = -1;
    if (event.key === "Home") next = 0;
    else if (event.key === "End") next = all.length - 1;
    else if (steps[event.key]) {
      const [dx, dy] = steps[event.key];
      next = nearest(centreOf(target), all.map(centreOf), dx, dy);
    } else return;
    event.preventDefault();
    if (next >= 0) /** @type {HTMLElement} */ (all[next]).focus();
  });
  return {
    focus() {
      const chosen = /** @type {HTMLElement | undefined} */ (current(targets()));
      chosen?.focus();
      return Boolean(chosen);
    },
  };
}

/**
 * The page's shortcuts (SHORTCUTS); a pressed button keeps the focus on the board.
 *
 * @param {{focus: () => boolean}} board - rovingBoard's answer for #board
 */
export function boardShortcuts(board) {
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || typing(event.target) || event.defaultPrevented) return;
    const shortcut = SHORTCUTS[/** @type {keyof typeof SHORTCUTS} */ (event.key.toLowerCase())];
    if (!shortcut) return;
    if ("press" in shortcut) {
      const button = /** @type {HTMLButtonElement | null} */ (document.getElementById(shortcut.press));
      if (!button || button.disabled || !button.checkVisibility()) return;
      event.preventDefault();
      button.click();
    } else if (shortcut.focus === "board") {
      if (board.focus()) event.preventDefault();
    } else {
      const element = document.getElementById(shortcut.focus);
      if (!element) return;
      event.preventDefault();
      element.focus();
    }
  });
}
