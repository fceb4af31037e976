// The CO'NNN'ECT table UI: every player's sheet, the Dice Card, the cards and the actions.
//
// The sheet is drawn in SVG (the 6 × 6 play area cut into its zones, the nine circles, the
// arrow lines, the claimed outlines); the bonus sections, the Connect-4 markers, the Connect-5
// boxes, the Free Action track, the Round Tracker and the score are HTML beside it. Only the
// server's legal actions can be chosen: their parts (the `actions` of an update, never their
// notation) are sorted into what the page offers (numbers to write and their spaces, Free
// Actions, bonuses, claims, bonus spaces to circle, "done"), each control sends the notation
// that came with its action, and `offered()` lists exactly those. A claim is built by selecting
// spaces; a selection that is a legal claim can be confirmed, any other one is explained (shape,
// claimed numbers, order).
//
// Everything drawn comes from the server: the sheet's geometry (`context.geometry`, from
// `ConnnectGame.geometry()`: zones, circles, lines, setup spaces, arrow lines, shapes, bonus
// sections, Free Action values, cards, objectives of the data in use, so a variant data file
// is drawn as it is) and the observation (connnect/view.py: what is written on each sheet).
// Moves and refusals are the server's events, translated by key (i18n `connnect.event.*`).
//
// The modules: connnect/state.js (pure: the grid, shapes, the legal actions as the page offers
// them, why a selection is no claim), view.js (types, drawing helpers, names), sheet.js (the play
// area), panel.js (the sheet's sections, strip, tabs, final table, side panel), input.js (what
// clicks do: the Dice Card and the action panel).

import { h } from "../js/dom.js";
import { t } from "../js/i18n.js";
import { cellTargets, drawActions, drawDiceCard, settleMode } from "./connnect/input.js";
import {
  drawBonusSection, drawConnect5Boxes, drawFinal, drawFreeActions, drawMarkers, drawPanel, drawScore, drawStrip, drawTabs,
  drawTracker, playerState, resultLines,
} from "./connnect/panel.js";
import { drawSheet } from "./connnect/sheet.js";
import { actionModel, emptyModel, makeGrid, offeredActions, turnHintKey } from "./connnect/state.js";
import { points } from "./connnect/view.js";

/** @typedef {import("./connnect/view.js").Ui} Ui */
/** @typedef {import("./connnect/view.js").Context} Context */
/** @typedef {import("./connnect/view.js").Update} Update */
/** @typedef {import("./connnect/view.js").Observation} Observation */
/** @typedef {import("./connnect/view.js").Geometry} Geometry */

const BUSY_TIMEOUT = 4000; // ms before an unanswered action lets the page act again

/**
 * What the sheet's layout gives every drawing: zones, where each space's name goes, block lines.
 * @param {Geometry} geometry
 * @param {import("./connnect/state.js").Grid} grid
 */
function layout(geometry, grid) {
  const { cellIndex, rowOf, colOf, size } = grid;
  const zones = new Map(geometry.zones.map((zone) => [zone.die, zone.cells.map(cellIndex)]));
  // The corner of each space away from its circle, where its name goes: [right, below].
  /** @type {Map<number, [boolean, boolean]>} */
  const circleSide = new Map();
  for (const circle of geometry.circles) {
    const cells = circle.cells.map(cellIndex);
    const row = cells.reduce((sum, c) => sum + rowOf(c), 0) / cells.length;
    const col = cells.reduce((sum, c) => sum + colOf(c), 0) / cells.length;
    for (const cell of cells) circleSide.set(cell, [colOf(cell) < col, rowOf(cell) < row]);
  }
  // Block lines: the edges of every zone (between two lines of different zones).
  const columnEdges = new Set([0, size]);
  const rowEdges = new Set([0, size]);
  for (const zone of geometry.zones) {
    const edges = zone.axis === "columns" ? columnEdges : rowEdges;
    edges.add(Math.min(...zone.lines) - 1);
    edges.add(Math.max(...zone.lines));
  }
  return { zones, circleSide, columnEdges, rowEdges };
}

/**
 * The CO'NNN'ECT board: draws every sheet from `context.geometry` and the updates'
 * observations, and offers exactly the legal actions.
 * @param {HTMLElement} root
 * @param {Context} context
 */
export default function create(root, context) {
  if (!document.querySelector("link[data-connnect-css]")) {
    document.head.append(h("link", { rel: "stylesheet", href: "/static/games/connnect.css", "data-connnect-css": "" }));
  }
  const geometry = context.geometry;
  const grid = makeGrid(geometry);
  const container = /** @type {HTMLDivElement & {connnectBoard: unknown}} */ (h("div", { class: "cn" }));
  container.connnectBoard = null; // set below: tests reach the board through the DOM
  root.replaceChildren(container);
  const panel = h("div", { class: "cn-panel" });
  if (context.panel) context.panel.replaceChildren(h("h2", {}, "CO'NNN'ECT"), panel);
  /** @type {{action: string, seat: number | null | undefined} | null} */
  let sent = null; // the action sent, and its seat: busy until its answer
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let busyTimer;
  let phaseKey = "";

  /** @type {Ui} */
  const ui = {
    geometry, grid, context, options: context.options || {}, ...layout(geometry, grid), container, panel,
    current: null, model: emptyModel(), viewed: null, viewedByHand: false, mode: null, number: null,
    selection: [], adjustTarget: null, focusCell: 0, busy: false,
    observation: () => /** @type {Update} */ (ui.current).observation,
    me: () => {
      const seat = ui.current?.observation?.you?.seat;
      if (seat !== undefined && seat !== null) return seat;
      return ui.current?.you?.length ? ui.current.you[0] : null;
    },
    // The page acts when the server sent legal actions (none for spectators, replays, waiting).
    myTurn: () => Boolean(context.interactive !== false && ui.current?.actions?.length),
    task: () => (ui.myTurn() ? ui.observation()?.you?.task : null) || null,
    names: (seat) => context.seatNames?.[seat] || t("connnect.playerN", { n: seat + 1 }),
    send,
    render,
  };
  container.addEventListener("keydown", (/** @type {KeyboardEvent} */ event) => {
    if (event.key === "Escape" && (ui.selection.length || ui.adjustTarget)) {
      ui.selection = [];
      ui.adjustTarget = null;
      render();
    }
  });

  /** @param {string} action the notation of a legal action */
  function send(action) {
    if (ui.busy || !ui.myTurn() || !action) return;
    ui.busy = true;
    sent = { action, seat: ui.current?.seat ?? ui.me() };
    clearTimeout(busyTimer);
    busyTimer = setTimeout(() => { ui.busy = false; render(); }, BUSY_TIMEOUT);
    ui.selection = [];
    ui.adjustTarget = null;
    if (ui.mode === "adjust" || ui.mode === "move") ui.mode = null;
    container.classList.add("cn-busy");
    context.onAction(action);
  }

  /** Draw everything from the last update (keeps the focus on the same control). */
  function render() {
    if (!ui.current) return;
    const obs = ui.observation();
    const active = /** @type {HTMLElement | null} */ (document.activeElement);
    const focusKey = active && root.contains(active) ? active.dataset?.fkey : null;
    container.classList.toggle("cn-busy", ui.busy);
    container.dataset.phase = obs.phase;
    container.dataset.round = String(obs.round);
    container.dataset.task = ui.task()?.kind || "";
    container.dataset.mode = ui.mode || "";
    container.dataset.myTurn = String(ui.myTurn());
    const sheet = obs.sheets[ui.viewed ?? 0] || obs.sheets[0];
    const parts = [drawStrip(ui)];
    if (obs.terminal) parts.push(drawFinal(ui));
    if (context.interactive && !obs.terminal && (ui.myTurn() || ui.me() !== null)) {
      parts.push(h("div", { class: "cn-play" }, drawDiceCard(ui), drawActions(ui)));
    } else if (!obs.terminal) {
      parts.push(h("div", { class: "cn-play spectator" }, drawDiceCard(ui)));
    }
    parts.push(drawTabs(ui));
    parts.push(h("div", { class: "cn-sheet", "data-viewed": sheet.seat, role: "tabpanel", id: "cn-sheet-panel", "aria-label": t("connnect.sheetOf", { name: ui.names(sheet.seat) }) },
      h("div", { class: "cn-sheet-main" }, drawSheet(ui, sheet, cellTargets(ui)), drawTracker(ui, sheet), drawFreeActions(ui, sheet)),
      h("div", { class: "cn-sheet-side" },
        drawBonusSection(ui, sheet, 0, t("connnect.connect3Bonuses")), drawBonusSection(ui, sheet, 1, t("connnect.connect4Bonuses")),
        drawMarkers(ui, sheet), drawConnect5Boxes(ui, sheet), drawScore(ui, sheet))));
    container.replaceChildren(...parts);
    drawPanel(ui);
    if (focusKey) {
      const again = /** @type {HTMLElement | null} */ (container.querySelector(`[data-fkey="${CSS.escape(focusKey)}"]`));
      if (again) again.focus();
    }
  }

  /** @param {Update} update Whether the action sent was answered (or can no longer be). */
  function answered(update) {
    // The answer to the sent action is its event (`last`); another player's event may come
    // first. An action that is no longer legal was applied (or can no longer be).
    const waited = sent;
    const last = update.last;
    return !waited || (last && last.seat === waited.seat && last.action === waited.action)
      || !(update.actions || []).some((action) => action.notation === waited.action);
  }

  const board = {
    /** @param {Update} update a new position (observation, legal actions, last event) */
    update(update) {
      ui.current = update;
      if (ui.busy && answered(update)) {
        ui.busy = false;
        clearTimeout(busyTimer);
      }
      const obs = update.observation;
      ui.model = ui.myTurn() ? actionModel(update.actions || [], grid) : emptyModel();
      if (ui.model.unknown.length) console.warn("connnect: actions this page cannot offer", ui.model.unknown);
      const key = `${obs.round}:${obs.phase}:${obs.you?.task?.kind || ""}`;
      if (key !== phaseKey) {
        phaseKey = key;
        ui.selection = [];
        ui.adjustTarget = null;
        ui.mode = null;
      }
      const mine = ui.me();
      if (ui.viewed === null || ui.viewed >= obs.sheets.length || (!ui.viewedByHand && mine !== null)) ui.viewed = mine ?? 0;
      const sheet = obs.sheets[mine ?? 0];
      ui.selection = ui.selection.filter((c) => sheet && sheet.values[c]);
      settleMode(ui);
      render();
    },

    /** Every complete action the page offers now (sorted); equal to the legal actions. */
    offered() {
      return ui.myTurn() ? offeredActions(ui.model) : [];
    },

    /** @param {number} seat @returns {string | null} the seat's score and state, for the seat list */
    seatDetail(seat) {
      if (!ui.current) return null; // the table lists its seats before the first state arrives
      const obs = ui.observation();
      if (!obs?.sheets?.[seat]) return null;
      const [state, text] = playerState(ui, seat);
      const total = points(obs.sheets[seat].score.total);
      return state === "waiting" || state === "over" || !text ? total : `${total} · ${text}`;
    },

    /**
     * @param {Observation | undefined} obs
     * @param {string[] | undefined} _legal the notations (unused: the parts say it)
     * @param {import("../js/types.js").LegalAction[] | undefined} actions
     * @returns {string} what the player should do now
     */
    turnHint(obs, _legal, actions) {
      const [key, params] = turnHintKey(obs, actions || [], t("connnect.and"));
      return t(key, params);
    },

    passLabel() {
      return t("connnect.doneButton");
    },

    /** @param {Observation | undefined} obs @returns {string} every final score */
    resultDetail(obs) {
      if (!obs?.sheets) return "";
      const scores = obs.sheets.map((s) => `${ui.names(s.seat)} ${s.score.total}`).join(" · ");
      // The status line says who won already, and is short: only why, when it is not simply
      // the most points (the final scores say the rest).
      const said = ["connnect.win_score", "connnect.win_shared", "connnect.end_rounds"];
      return [...resultLines(ui, obs, said), scores].join(" — ");
    },

    /**
     * Used only when the server sent no event for a move: another seat's hidden choice in a
     * simultaneous phase (the server's events describe every visible move).
     * @param {string | null} action
     * @returns {string}
     */
    describe(action) {
      return action || t("connnect.descHidden");
    },
  };
  container.connnectBoard = board;
  return board;
}
