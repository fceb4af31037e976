// Connect 5's input: what a click (or Enter) on a dot, a button of the bar or Esc does in the
// UI's current mode — place, select a token, choose where it goes, continue a capture hop by
// hop, end it, step back. What is sent is always the notation of a legal action the server
// sent (./state.js); the board is drawn again after each change (./view.js).

import { active, isOwn, render } from "./view.js";
import { chainEnd, hopsAfter, sources, targetsFrom } from "./state.js";

/** @typedef {import("./view.js").Board} Board */
/** @typedef {import("./state.js").Option} Option */

const RETRY_MS = 4000; // if the server refuses an action (the page shows why), the board comes back

/**
 * Give the board its input methods (activate, send, choose, cancel) and wire Esc and the
 * focus memory to the document.
 * @param {Board} board
 * @param {(notation: string) => void} onAction - the page's sender
 * @returns {{stopWaiting: () => void}} forget the action being sent (a new position came)
 */
export function attachInput(board, onAction) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let sendTimer;

  /** @param {string} action */
  board.send = (action) => {
    if (!board.legal.all.has(action)) return;
    board.selected = null;
    board.chain = null;
    board.choice = null;
    board.sending = action;
    clearTimeout(sendTimer);
    sendTimer = setTimeout(() => {
      board.sending = null;
      render(board);
    }, RETRY_MS);
    onAction(action);
    render(board);
  };

  /** @param {Option} option */
  board.choose = (option) => {
    board.choice = null;
    if (option.action) {
      board.send(option.action);
      return;
    }
    const path = option.path || [];
    if (hopsAfter(board.legal, path).size === 0) {
      const end = chainEnd(board.legal, path);
      if (end) board.send(end);
      return;
    }
    board.chain = path;
    render(board);
  };

  board.cancel = () => {
    if (board.choice) board.choice = null;
    else if (board.chain) board.chain = null;
    else board.selected = null;
    render(board);
  };

  board.activate = (dot) => {
    if (!active(board)) return;
    board.choice = null;
    if (board.chain) continueChain(board, dot);
    else if (!(board.selected && fromSelected(board, board.selected, dot))) fromNothing(board, dot);
  };

  // Esc steps back (the choice, the capture, the selection) wherever the focus is, unless a
  // dialog or a form field has it.
  /** @param {KeyboardEvent} event */
  const escape = (event) => {
    const target = /** @type {Element | null} */ (event.target);
    if (!board.container.isConnected) document.removeEventListener("keydown", escape);
    else if (event.key === "Escape" && (board.selected || board.chain || board.choice) && !target?.closest?.("dialog, input, select, textarea")) {
      event.preventDefault();
      board.cancel();
    }
  };
  document.addEventListener("keydown", escape);
  /** @param {Event} event */
  const forget = (event) => {
    const target = /** @type {Node | null} */ (event.target);
    if (!board.container.isConnected) document.removeEventListener("focusin", forget);
    else if (!board.surface.contains(target) && !board.bar.contains(target)) board.focusMemory = null;
  };
  document.addEventListener("focusin", forget);

  return {
    stopWaiting() {
      board.sending = null;
      clearTimeout(sendTimer);
    },
  };
}

/** Choose among the options that end on `dot`: at once if there is one, else in the bar.
 * @param {Board} board @param {string} dot @param {Option[]} options */
function chooseAt(board, dot, options) {
  if (options.length === 1) board.choose(options[0]);
  else {
    board.choice = { dot, options };
    render(board);
  }
}

/** A dot clicked during a capture: the next hop, the end (the head again), or cancel (the source).
 * @param {Board} board @param {string} dot */
function continueChain(board, dot) {
  const chain = /** @type {string[]} */ (board.chain);
  const hops = hopsAfter(board.legal, chain).get(dot);
  const end = chainEnd(board.legal, chain);
  if (hops) chooseAt(board, dot, hops);
  else if (dot === chain[chain.length - 1] && end) board.send(end);
  else if (dot === chain[0]) {
    board.chain = null;
    render(board);
  }
}

/** A dot clicked with a token selected: one of its moves, or the token again (unselect).
 * @param {Board} board @param {string} selected @param {string} dot
 * @returns {boolean} whether the click was used */
function fromSelected(board, selected, dot) {
  const options = targetsFrom(board.legal, selected).get(dot);
  if (options) chooseAt(board, dot, options);
  else if (dot === selected) {
    board.selected = null;
    render(board);
  } else return false;
  return true;
}

/** A dot clicked otherwise: select a token, place on a free dot, or drop the selection.
 * @param {Board} board @param {string} dot */
function fromNothing(board, dot) {
  const place = board.legal.place.get(dot);
  if (sources(board.legal).has(dot)) {
    board.selected = dot;
    render(board);
  } else if (!board.selected && place && !isOwn(board, dot)) board.send(place);
  else if (board.selected) {
    board.selected = null;
    render(board);
  }
}
