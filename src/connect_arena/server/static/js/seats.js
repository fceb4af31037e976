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

/**
 * The moves of a page after a page of events came (history): older moves go first, and a
 * move shown without its action (another seat's hidden choice while the game ran) takes the
 * action the server now reveals (a finished game's events show every action).
 *
 * @param {Move[]} moves - the moves shown, in seq order.
 * @param {Move[]} events - the moves of the events that came.
 * @returns {Move[]}
 */
export function mergeMoves(moves, events) {
  const first = moves[0]?.seq ?? Infinity;
  const bySeq = new Map(events.map((move) => [move.seq, move]));
  const revealed = moves.map((move) => (!move.action && bySeq.get(move.seq)?.action ? /** @type {Move} */ (bySeq.get(move.seq)) : move));
  return [...events.filter((move) => move.seq < first), ...revealed];
}

/**
 * The ``history`` request that reveals the moves shown without their action, once the game
 * is over: from the first such move to the last move; null when none is hidden.
 *
 * @param {Move[]} moves
 * @returns {{type: "history", before: number, limit: number} | null}
 */
export function revealRequest(moves) {
  const hidden = moves.find((move) => !move.action);
  const last = moves.at(-1)?.seq;
  if (!hidden || last === undefined) return null;
  return { type: "history", before: last + 1, limit: last + 1 - hidden.seq };
}
