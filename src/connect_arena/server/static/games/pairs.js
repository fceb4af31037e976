// The Connect Pairs table UI (docs/rules/pairs.md): the shared board (key, supply, score
// track), both partners' boards side by side, the dice, and the decision of the seat to act.
//
// Only the server's legal actions can be chosen: every control is built from the legal actions'
// parts (the `actions` of an update, never their notation) and sends the notation that came
// with its action; a legal action no view knows about still gets a plain button ("other
// actions"), so `offered()` always equals the legal list. With three different dice, MOVE, TAKE
// and CONNECT are always shown; an option without a legal action is greyed out with the
// reason, worked out from the observation. The engine applies forced choices itself, so the UI
// reads what happened from the observation's log (structured events, translated by key) and
// animates the three-of-a-subject events (a top slot filled) when it sees them arrive.
//
// Everything the board draws comes from the server: the layout (subjects, zones, slots, pairs,
// the score track) from the game's geometry (`context.geometry`, PairsGame.geometry()), the
// position from the observation.
//
// The modules: pairs/state.js (pure: the legal actions as choices, which decision they make,
// the log's new events), view.js (types, tokens, dice, boards, panel), input.js (the decision
// box: every control that sends an action), animate.js (what changed lights up).

import { h } from "../js/dom.js";
import { listText } from "../js/format.js";
import { eventText, t, tn } from "../js/i18n.js";
import { animate } from "./pairs/animate.js";
import { decisionView } from "./pairs/input.js";
import { hintKey, readActions, slotChoices } from "./pairs/state.js";
import {
  addStylesheet, featuredPair, otherPairs, ownSeats, playerBoard, renderPanel, seatsOf, sharedBoard, turnCard,
} from "./pairs/view.js";

/** @typedef {import("./pairs/view.js").Ui} Ui */
/** @typedef {import("./pairs/view.js").Update} Update */
/** @typedef {import("./pairs/view.js").Context} Context */
/** @typedef {import("./pairs/view.js").Observation} Observation */
/** @typedef {import("./pairs/view.js").Geometry} Geometry */
/** @typedef {import("./pairs/view.js").BoardOptions} BoardOptions */

const BUSY_MS = 2500; // after a click, until the server's answer (or a refusal) comes back
const ANNOUNCE_MS = 3200;

/**
 * The seats of the pairs, by geometry.
 * @param {Geometry} geometry
 * @param {Context} context
 */
function seating(geometry, context) {
  /** @type {Map<number, number>} */
  const pairIndex = new Map();
  geometry.pairs.forEach((pair, p) => pair.seats.forEach((seat) => pairIndex.set(seat, p)));
  /** @param {number} seat */
  const pairOf = (seat) => pairIndex.get(seat) ?? 0;
  /** @param {number} seat */
  const partnerOf = (seat) => geometry.pairs[pairOf(seat)].seats.find((other) => other !== seat) ?? seat;
  /** @param {number} pair */
  const seatsOfPair = (pair) => geometry.pairs[pair].seats;
  /** @param {number} seat */
  const name = (seat) => context.seatNames?.[seat] || `${geometry.pairs[pairOf(seat)]?.name ?? "?"}${seatsOfPair(pairOf(seat)).indexOf(seat) + 1}`;
  /** @param {import("./pairs/state.js").GameEvent | null | undefined} event */
  const eventLine = (event) => eventText(event, name, listText) || event?.key || "";
  return { pairOf, partnerOf, seatsOfPair, name, eventLine };
}

/**
 * The table's board.
 * @param {HTMLElement} root
 * @param {Context} context
 */
export default function create(root, context) {
  const styled = addStylesheet();
  if (!context.geometry || !Array.isArray(context.geometry.subjects)) throw new Error("Connect Pairs: the game's geometry is missing");
  const geometry = context.geometry;
  const view = h("div", { class: "pairs-view" });
  // The live region stays in place (only the view is redrawn), so screen readers announce it.
  const announcer = h("div", { class: "pairs-announce", role: "status", "aria-live": "polite" });
  const container = h("div", { class: "pairs", "data-acting": "no", hidden: true }, view, announcer);
  styled.then(() => { container.hidden = false; }); // no flash of an unstyled board
  root.replaceChildren(container);
  const panel = h("div", { class: "pairs-panel" });
  if (context.panel) context.panel.replaceChildren(h("h2", {}, t("pairs.title")), panel);
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let busyTimer;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let announceTimer;

  /** @type {Ui} */
  const ui = {
    geometry, context, container, panel, ...seating(geometry, context),
    current: null, choices: [], legalSet: new Set(), handled: new Set(), focusPair: null,
    keyDraft: geometry.subjects.slice(), keyPick: null,
    tripleOf: (obs, seat, face) => obs.triples?.[seat]?.[String(face)] ?? null,
    acting: () => Boolean(context.interactive && ui.current && ui.current.seat !== null && ui.current.seat !== undefined && ui.legalSet.size),
    actingSeat: () => /** @type {number} */ (ui.current?.seat),
    send,
    render,
  };

  /**
   * Mark the board busy (after a click) until the server answers, at most BUSY_MS.
   * @param {boolean} on
   */
  function setBusy(on) {
    clearTimeout(busyTimer);
    container.dataset.busy = on ? "yes" : "no";
    if (on) busyTimer = setTimeout(() => setBusy(false), BUSY_MS);
  }

  /** @param {string} action the notation of a legal action */
  function send(action) {
    if (!ui.acting() || !ui.legalSet.has(action) || container.dataset.busy === "yes") return;
    setBusy(true);
    context.onAction(action);
  }

  /**
   * During an event the acting seat's free (or replaceable) slots are clickable on the board.
   * @param {Observation} obs
   * @returns {{slotActions: Map<number, string>, ghost: string | null}}
   */
  function eventSlots(obs) {
    const { zone, slots } = slotChoices(ui.choices);
    return { slotActions: slots, ghost: zone === null ? null : ui.tripleOf(obs, ui.actingSeat(), zone) };
  }

  /**
   * Draw the whole board from the current update.
   * @param {{keepFocus?: string | null}} [options] - a selector to focus afterwards.
   */
  function render({ keepFocus = null } = {}) {
    const current = ui.current;
    if (!current) return;
    const obs = current.observation;
    const featured = featuredPair(ui, obs);
    const [left, right] = seatsOf(ui, featured);
    const decision = decisionView(ui, obs);
    const { slotActions, ghost } = decision.kind === "event" ? eventSlots(obs) : { slotActions: new Map(), ghost: null };
    /** @type {Set<number>} */
    const focusZones = new Set();
    if (obs.stage === "reply" && obs.connection?.offer) focusZones.add(obs.connection.offer.zone);
    else if (obs.stage === "connect") for (const face of obs.connection?.left || []) focusZones.add(face);
    /** @param {number} seat @returns {BoardOptions} */
    const boardOptions = (seat) => ({ slotActions: ui.acting() && current.seat === seat ? slotActions : new Map(), focusZones, ghost });
    const pairInfo = obs.pairs[featured];
    const own = ownSeats(ui).some((seat) => ui.pairOf(seat) === featured);
    const heading = h("div", { class: "pair-heading" },
      h("h2", {}, t("pairs.pair", { pair: pairInfo.name }), own ? h("span", { class: "tag" }, t("pairs.yourPair")) : null,
        pairInfo.complete ? h("span", { class: "tag done" }, t("pairs.result.complete")) : null),
      ui.focusPair !== null ? h("button", { type: "button", class: "pairs-link pairs-back", onclick: () => { ui.focusPair = null; render(); } },
        ownSeats(ui).length ? t("pairs.others.back") : t("pairs.others.follow")) : null);
    const decisionBox = h("section", {
      class: `decision decision-${decision.kind}${ui.acting() ? " acting" : ""}`,
      "aria-label": t("pairs.decision.label"),
    }, decision.body);
    view.replaceChildren(
      heading,
      h("div", { class: "pairs-top" }, sharedBoard(ui, obs, featured), turnCard(ui, obs)),
      h("div", { class: "pair-boards" }, playerBoard(ui, obs, left, boardOptions(left)), playerBoard(ui, obs, right, boardOptions(right))),
      decisionBox,
      otherPairs(ui, obs, featured) || "");
    container.dataset.acting = ui.acting() ? "yes" : "no";
    container.dataset.terminal = current.terminal || obs.terminal ? "yes" : "no";
    container.dataset.stage = decision.kind;
    container.dataset.lastSeq = String(current.last?.seq ?? 0);
    if (keepFocus) /** @type {HTMLElement | null} */ (container.querySelector(keepFocus))?.focus();
  }

  /** @param {string[]} texts what to announce (the animations' words) */
  function announce(texts) {
    if (!texts.length) return;
    clearTimeout(announceTimer);
    announcer.replaceChildren(h("span", { class: "burst", "aria-hidden": "true" }, "✦"), texts.join(" "));
    announcer.classList.add("show");
    announceTimer = setTimeout(() => announcer.classList.remove("show"), ANNOUNCE_MS);
  }

  const board = {
    /**
     * Show a new position (and the viewer's decision, if any).
     * @param {Update} update
     */
    update(update) {
      const hadFocus = container.contains(document.activeElement);
      const wasActing = ui.acting();
      const previous = ui.current;
      ui.current = update;
      ui.choices = context.interactive ? readActions(update.actions || [], geometry.subjects) : [];
      ui.legalSet = new Set(ui.choices.map((choice) => choice.text));
      setBusy(false);
      if (ui.acting() && !wasActing) ui.focusPair = null; // your turn: your own boards come back
      if (!ui.choices.some((choice) => choice.type === "key")) {
        ui.keyDraft = geometry.subjects.slice();
        ui.keyPick = null;
      }
      render();
      renderPanel(ui, update.observation);
      announce(animate(ui, previous, update.observation));
      // Keyboard players keep their place: the focus goes to the next decision's first choice.
      if (hadFocus && ui.acting()) /** @type {HTMLElement | null} */ (container.querySelector(".decision .key-edit, .decision [data-action]"))?.focus();
    },
    /**
     * The sorted action strings the UI offers now (for tests: always the legal list).
     * @returns {string[]}
     */
    offered() {
      if (!ui.acting()) return [];
      /** @type {Set<string>} */
      const found = new Set();
      for (const node of container.querySelectorAll("[data-action]")) found.add(/** @type {HTMLElement} */ (node).dataset.action || "");
      const editor = Boolean(container.querySelector(".key-editor"));
      for (const choice of ui.choices) {
        if (choice.type === "key" && editor) found.add(choice.text); // the editor makes any key
        if (choice.type === "pass") found.add(choice.text); // the table page's pass button (see passLabel)
      }
      return [...found].sort();
    },
    /**
     * A seat's line in the players list: its pair and its top row.
     * @param {number} seat
     * @returns {string | null}
     */
    seatDetail(seat) {
      const obs = ui.current?.observation;
      if (!obs?.boards?.[seat]) return null;
      const top = obs.boards[seat].top.map((s) => s || "·").join(" ");
      return t("pairs.seat.detail", { pair: geometry.pairs[ui.pairOf(seat)].name, top });
    },
    /**
     * What the acting seat is asked to do, in a few words.
     * @param {Observation} observation
     * @param {string[]} _legal - the notations (unused: the parts say it)
     * @param {import("../js/types.js").LegalAction[]} actions
     * @returns {string}
     */
    turnHint(observation, _legal, actions) {
      const key = hintKey(readActions(actions || [], geometry.subjects), observation);
      return t(key, { partner: ui.name(ui.partnerOf(ui.current?.seat ?? 0)) });
    },
    /** @returns {string} the label of the table page's pass button (an optional DOUBLE) */
    passLabel() {
      return t("pairs.pass.label");
    },
    /**
     * The result line: why the game ended and each pair's points.
     * @param {Observation} observation
     * @returns {string}
     */
    resultDetail(observation) {
      const scores = observation.pairs.map((pair, p) => tn("pairs.result.pairPoints", observation.totals[p], { pair: pair.name, points: observation.totals[p] }));
      return `${ui.eventLine(observation.outcome)} · ${scores.join(", ")}`;
    },
  };
  Object.defineProperty(container, "pairsBoard", { value: board }); // for tests (offered())
  return board;
}
