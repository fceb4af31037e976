// How a game may end before its natural end, as the table page offers it (docs/lifecycle.md):
// which of abort, resign, draw, takeback, claim, return, rematch and "new game" apply to this
// viewer now, and the texts of why a game ended and what happened on the way (take-overs,
// returns, hints). Pure functions (no DOM): table.js renders their answers; the server
// decides, and refuses what does not apply (the page shows its error). tests/js/ checks them.

import { t } from "./translate.js";

/** @typedef {import("./types.js").Move} Move */
/** @typedef {import("./types.js").Offers} Offers */
/** @typedef {import("./types.js").SeatPresence} SeatPresence */
/** @typedef {import("./types.js").Table} Table */
/** @typedef {import("./types.js").TableNote} TableNote */
/** @typedef {import("./types.js").TableSettings} TableSettings */
/** @typedef {import("./types.js").TableState} TableState */

/** @type {Offers} no offer standing */
export const NO_OFFERS = Object.freeze({ draw: [], takeback: null, rematch: [], rematch_table: null, declined: null });

/**
 * What the page knows of a table and its viewer.
 * @typedef {object} Situation
 * @property {Table} table
 * @property {TableState | null} state
 * @property {number[]} you - the viewer's seats.
 * @property {number | null} playing - the seat the page acts for (hot-seat: one of several).
 * @property {Offers} offers
 * @property {Record<string, SeatPresence>} presence
 * @property {boolean} drawPossible - the game's GameType.draw_possible.
 * @property {Move[]} moves - the moves the page holds (the latest ones of a long game).
 * @property {boolean} signedIn
 */

/**
 * What this viewer may do now.
 * @typedef {object} Choices
 * @property {boolean} abort - abort the game (some person has not made a first action yet).
 * @property {number | null} resign - the seat that would resign, or null.
 * @property {"offer" | "offered" | "incoming" | null} draw - offer one; yours stands; another's stands.
 * @property {"request" | "requested" | "incoming" | null} takeback
 * @property {boolean} alone - no other person plays a seat here (a takeback needs nobody's yes).
 * @property {{seat: number, claimableIn: number}[]} claims - offline seats that must act: the
 *   seconds until a claim is allowed (as received; the page counts down).
 * @property {number | null} comeBack - the viewer's seat a computer took over that they may take back.
 * @property {"offer" | "accept" | "accepted" | null} rematch - ask; accept the others'; yours stands.
 * @property {boolean} newGame - offer the creation form prefilled with this table's choices.
 */

/**
 * The people's seats of a table (a computer plays some of them after a take-over).
 *
 * @param {Table} table
 * @returns {number[]}
 */
export const peopleSeats = (table) => table.seats.filter((s) => s.kind === "human").map((s) => s.seat);

/**
 * Whether every person has made a first action (the game can no longer be aborted); also true
 * when the page does not hold the game's first moves (a long game: they have moved).
 *
 * @param {Table} table
 * @param {Move[]} moves
 * @param {number} seq - the table's seq.
 * @returns {boolean}
 */
export function everyPersonActed(table, moves, seq) {
  if (seq === 0) return peopleSeats(table).length === 0;
  if (!moves.length || moves[0].seq > 1) return true;
  const acted = new Set(moves.map((m) => m.seat));
  return peopleSeats(table).every((seat) => acted.has(seat));
}

/**
 * Whether a seat's person resigned or ran out of time (such a seat cannot come back).
 *
 * @param {TableNote[]} notes
 * @param {number} seat
 * @returns {boolean}
 */
const gaveUp = (notes, seat) => notes.some((n) => n.seat === seat && (n.kind === "resign" || n.kind === "timeout"));

/**
 * What the viewer may do now (docs/lifecycle.md, "Ending a game before its natural end").
 *
 * @param {Situation} s
 * @returns {Choices}
 */
export function choices(s) {
  const { table, state, you, offers } = s;
  const notes = table.notes || [];
  const tournament = table.settings?.tournament !== undefined && table.settings?.tournament !== null;
  const running = table.status === "running" && Boolean(state) && !state?.terminal;
  const seated = you.length > 0;
  const mine = new Set(you);
  // Offers are between people who still play their seats themselves.
  const otherPeople = peopleSeats(table).filter((seat) => !mine.has(seat) && !table.seats[seat]?.takeover);
  const playable = you.filter((seat) => !table.seats[seat]?.takeover);
  /** @type {Choices} */
  const none = {
    abort: false, resign: null, draw: null, takeback: null, alone: false, claims: [], comeBack: null, rematch: null,
    newGame: table.status === "finished" && s.signedIn && !tournament,
  };
  // A rematch follows a game that was played: not an aborted or abandoned one, nor a
  // tournament's game (the tournament pairs the next one).
  const played = table.reason !== "aborted" && table.reason !== "abandoned";
  if (table.status === "finished" && seated && played && !tournament) {
    const accepted = offers.rematch || [];
    none.rematch = accepted.some((seat) => mine.has(seat)) ? "accepted" : accepted.length ? "accept" : "offer";
  }
  if (!running || !seated || !state) return none;
  const resign = s.playing !== null && playable.includes(s.playing) ? s.playing : (playable[0] ?? null);
  /** @type {Choices["draw"]} */
  let draw = null;
  if (s.drawPossible && otherPeople.length && playable.length) {
    const offering = offers.draw || [];
    draw = offering.some((seat) => mine.has(seat)) ? "offered" : offering.length ? "incoming" : "offer";
  }
  /** @type {Choices["takeback"]} */
  let takeback = null;
  // Against computers alone (or at a hot-seat table) a takeback needs nobody's agreement.
  if (!table.settings?.rated && playable.length) {
    if (offers.takeback) takeback = mine.has(offers.takeback.seat) ? "requested" : "incoming";
    else if (s.moves.some((m) => mine.has(m.seat))) takeback = "request";
  }
  const claims = Object.entries(s.presence || {})
    .filter(([seat, p]) => !mine.has(Number(seat)) && !p.online && p.claimable_in !== null && p.claimable_in !== undefined)
    .map(([seat, p]) => ({ seat: Number(seat), claimableIn: Number(p.claimable_in) }))
    .sort((a, b) => a.seat - b.seat);
  const comeBack = you.find((seat) => table.seats[seat]?.takeover && !gaveUp(notes, seat)) ?? null;
  return {
    ...none,
    abort: !everyPersonActed(table, s.moves, state.seq),
    resign, draw, takeback, claims, comeBack, alone: otherPeople.length === 0,
  };
}

/**
 * The number of sides of a table: its teams (partners share a result), else one per seat.
 *
 * @param {Table} table
 * @param {{teams?: Record<string, number[][]>} | null} game
 * @returns {number}
 */
export function sidesOf(table, game) {
  return game?.teams?.[String(table.seats.length)]?.length || table.seats.length;
}

/**
 * The last note of a kind.
 *
 * @param {TableNote[]} notes
 * @param {string} kind
 * @returns {TableNote | undefined}
 */
const lastNote = (notes, kind) => [...notes].reverse().find((n) => n.kind === kind);

/**
 * Why a game ended, in words: "Blue resigned", "Red ran out of time", "Draw agreed", "Game
 * aborted: no result"; "" for a natural end (the result line says it all) or a running game.
 *
 * @param {Pick<Table, "reason" | "notes">} table
 * @param {(seat: number) => string} seatLabel
 * @returns {string}
 */
export function endReasonText(table, seatLabel) {
  const notes = table.notes || [];
  /** @param {string} kind @param {string} key @param {string} unknown */
  const bySeat = (kind, key, unknown) => {
    const seat = lastNote(notes, kind)?.seat;
    return seat === null || seat === undefined ? t(unknown) : t(key, { seat: seatLabel(seat) });
  };
  switch (table.reason) {
    case "resignation": return bySeat("resign", "common.reasonResigned", "common.reasonResignation");
    case "timeout": return bySeat("timeout", "common.reasonTimeout", "common.reasonTimeoutAny");
    case "leaver": return bySeat("claim", "common.reasonLeaver", "common.reasonLeaverAny");
    case "draw_agreed": return t("common.reasonDrawAgreed");
    case "aborted": return abortedText(notes, bySeat);
    case "abandoned": return t("common.reasonAbandoned");
    default: return "";
  }
}

/**
 * Why a game ended without a result: who aborted it, or the resignation, flag, claim or
 * agreed draw that came before every person's first move (such a game is aborted).
 *
 * @param {TableNote[]} notes
 * @param {(kind: string, key: string, unknown: string) => string} bySeat
 * @returns {string}
 */
function abortedText(notes, bySeat) {
  const last = [...notes].reverse().find((n) => ["abort", "resign", "timeout", "claim", "draw"].includes(n.kind));
  /** @param {string} reason */
  const early = (reason) => t("common.reasonAbortedEarly", { reason });
  switch (last?.kind) {
    case "abort": return bySeat("abort", "common.reasonAbortedBy", "common.reasonAborted");
    case "resign": return early(bySeat("resign", "common.reasonResigned", "common.reasonResignation"));
    case "timeout": return early(bySeat("timeout", "common.reasonTimeout", "common.reasonTimeoutAny"));
    case "claim": return early(bySeat("claim", "common.reasonLeaver", "common.reasonLeaverAny"));
    case "draw": return t("common.reasonAbortedDraw");
    default: return t("common.reasonAborted");
  }
}

/**
 * What happened on the way that the result alone does not say: each take-over ("The
 * computer (normal) plays for Blue since move 13"), each return and each hint used.
 *
 * One line per take-over: a seat the computer already plays is not announced again, and the
 * take-over that the viewer's own "come back" alert already tells (`alerted`) is left out.
 *
 * @param {TableNote[] | undefined} notes
 * @param {(seat: number) => string} seatLabel
 * @param {(agent: string) => string} agentText - a computer's level in words.
 * @param {number | null} [alerted] - the viewer's seat the computer plays now (its alert shows).
 * @returns {string[]}
 */
export function noteTexts(notes, seatLabel, agentText, alerted = null) {
  const texts = [];
  const playing = new Set(); // the seats the computer plays at this point of the notes
  const all = notes || [];
  let current = -1; // the index of the alerted seat's last take-over note
  all.forEach((note, index) => { if (note.kind === "takeover" && note.seat === alerted) current = index; });
  for (const [index, note] of all.entries()) {
    if (note.seat === null || note.seat === undefined) continue;
    const seat = seatLabel(note.seat);
    const move = note.seq + 1; // a note at seq 12 concerns action 13 on
    if (note.kind === "takeover") {
      if (playing.has(note.seat)) continue;
      playing.add(note.seat);
      if (index === current) continue;
      texts.push(t("common.noteTakeover", { seat, move, agent: agentText(note.agent || "mcts:normal") }));
    } else if (note.kind === "return") {
      playing.delete(note.seat);
      texts.push(t("common.noteReturn", { seat, move }));
    } else if (note.kind === "hint") {
      texts.push(t("common.noteHint", { seat, move }));
    }
  }
  return texts;
}

/**
 * A table's settings in a few words, for the lobby and the table's header: the clock, rated
 * or casual, and "hints allowed" when people may ask the computer at a table with people.
 *
 * @param {TableSettings | undefined} settings
 * @param {(control: import("./types.js").TimeControl | undefined) => string} clockText
 * @returns {string[]}
 */
export function settingsTexts(settings, clockText) {
  if (!settings) return [];
  const texts = [clockText(settings.time_control), settings.rated ? t("common.rated") : t("common.casual")];
  if (settings.hints === "allowed") texts.push(t("common.hintsAllowedTag"));
  if (settings.hints === "off") texts.push(t("common.hintsOffTag"));
  return texts;
}
