// Which of the user's seats a table page acts for (hot-seat), and which moves it hides.
// Pure functions (no DOM): table.js calls them with its state; tests/js/ checks them.

/** @typedef {import("./types.js").Move} Move */

/**
 * The seat a page acts for and shows, and the seat the device is being passed to.
 * @typedef {object} Playing
 * @property {number | null} playing - the seat the page acts for (null: none yet, or none).
 * @property {number | null} handover - the seat a "pass the device" screen waits for.
 */

/**
 * Choose the playing seat after a new state: keep it while it may act, else the next of the
 * user's active seats after it (in seat order, wrapping round); with no seat to act, keep it
 * (or take the user's first seat). A change of seat at a hot-seat game with private
 * information first goes through the "pass the device" screen (`handover`), so that one
 * player does not see another's view.
 *
 * @param {Playing} current
 * @param {object} situation
 * @param {number[]} situation.active - the user's seats that may act now, ascending.
 * @param {number[]} situation.you - all the user's seats at the table.
 * @param {boolean} situation.started - a state has arrived (the first seat may need a handover).
 * @param {boolean} situation.terminal - the game is over.
 * @param {boolean} situation.screen - a hot-seat table of a game with private information.
 * @returns {Playing}
 */
export function choosePlayingSeat(current, { active, you, started, terminal, screen }) {
  const { playing } = current;
  const handover = current.handover !== null && active.includes(current.handover) ? current.handover : null;
  if (!you.length) return { playing: null, handover };
  if (!started) return { playing, handover };
  if ((playing !== null && active.includes(playing)) || handover !== null) return { playing, handover };
  const next = active.length ? (active.find((seat) => seat > (playing ?? -1)) ?? active[0]) : (playing ?? you[0]);
  if (next === playing) return { playing, handover };
  if (screen && active.includes(next) && !terminal) return { playing, handover: next };
  return { playing: next, handover: null };
}

/**
 * Whether a move's action is to be hidden on a hot-seat page of a game with private
 * information: an action taken in a simultaneous phase by another of the user's seats (or by
 * any while the device is being passed), while the game runs.
 *
 * @param {Move} move
 * @param {Playing & {screen: boolean, running: boolean}} page - screen: as in choosePlayingSeat.
 * @returns {boolean}
 */
export function hiddenMove(move, { playing, handover, screen, running }) {
  return screen && running && Boolean(move.simultaneous) && (move.seat !== playing || handover !== null);
}
