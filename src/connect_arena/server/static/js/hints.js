// Whether a hint still answers for the position its seat sees (no DOM: node tests import it).
//
// A hint is searched for the position after `hint.seq` actions, from what the seat knows (the
// other seats' hidden choices of a simultaneous phase taken back), and the server sends the
// seat's legal actions there (`hint.legal`). Other seats may act while the search runs or
// after it — a computer writing its numbers in CO'NNN'ECT's Fill Phase — without changing the
// seat's position: the hint still holds while the seat has stayed able to act with the same
// legal actions since the hint's position. Once they change (the seat acted, a phase ended),
// the hint is stale: the page says so and offers to ask again, it never drops it silently.

/**
 * What the page knows of a seat now: its legal actions (undefined: it may not act) and the
 * seq since which they have been those (continuously, as far as the page saw).
 *
 * @typedef {{legal: string[] | undefined, since: number}} SeatView
 */

/**
 * The key of a list of legal actions: equal lists, equal keys.
 *
 * @param {string[]} legal
 * @returns {string}
 */
export const legalKey = (legal) => JSON.stringify([...legal].sort());

/**
 * The seat's view after a new state: `since` stays while its legal actions stay the same.
 *
 * @param {SeatView | undefined} before - the view before the state (undefined: none yet).
 * @param {string[] | undefined} legal - the seat's legal actions in the new state.
 * @param {number} seq - the new state's seq.
 * @returns {SeatView}
 */
export function nextSeatView(before, legal, seq) {
  const same = before?.legal !== undefined && legal !== undefined && legalKey(before.legal) === legalKey(legal);
  return { legal, since: same && before ? before.since : seq };
}

/**
 * Whether `hint` answers for what its seat sees now.
 *
 * @param {{seq: number, legal?: string[]}} hint
 * @param {SeatView | undefined} view - its seat's view now.
 * @returns {"current" | "stale" | "gone"} current: show it; stale: say it is for an earlier
 *   position and offer to ask again; gone: the seat may not act any more (nothing to show).
 */
export function hintStatus(hint, view) {
  if (!view || view.legal === undefined) return "gone";
  if (!hint.legal) return "stale"; // a server that did not say which position it answered
  if (legalKey(hint.legal) !== legalKey(view.legal)) return "stale";
  // The same actions, but the seat acted (or waited) in between: another position.
  return hint.seq >= view.since ? "current" : "stale";
}
