// CO'NNN'ECT's sheet sections and the rest of the page around the play area: the bonus
// sections, the Connect-4 markers, the Connect-5 boxes, the Free Action track, the Round
// Tracker, the score; the top strip (rounds, phases, who is thinking), the sheet tabs, the final
// score table and the side panel (objectives, cards, score cards, shapes, help).

import { h } from "../../js/dom.js";
import { listText } from "../../js/format.js";
import { eventText, t } from "../../js/i18n.js";
import { BONUS_GLYPHS, bonusHelp, bonusName, miniShape, objectiveText, phaseName, points } from "./view.js";
import { stripStep } from "./state.js";

/** @typedef {import("./view.js").Ui} Ui */
/** @typedef {import("./view.js").Observation} Observation */
/** @typedef {import("./view.js").SheetView} SheetView */

// ----- the sheet's sections ----------------------------------------------------------------

/**
 * @param {Ui} ui
 * @param {SheetView} sheet
 * @param {number} section 0: Connect-3, 1: Connect-4
 * @param {string} title
 * @returns {HTMLElement}
 */
export function drawBonusSection(ui, sheet, section, title) {
  const { me, task, model } = ui;
  const bonuses = sheet.bonuses[section] || [];
  const job = task();
  const takeSection = job?.kind === "take" && sheet.seat === me() ? job.value : null;
  const tiles = bonuses.map((bonus) => {
    const lightning = bonus.kind === "write" || bonus.kind === "write2";
    const state = bonus.used ? "used" : bonus.circled ? "circled" : "free";
    const offered = takeSection === section && model.takes.has(bonus.slot);
    const status = bonus.used ? t("connnect.bonusUsed") : bonus.circled ? t("connnect.bonusCircled") : t("connnect.bonusFree");
    return h("li", {
      class: `cn-bonus ${state}${offered ? " offered" : ""}`, title: bonusHelp(bonus),
      "aria-label": t("connnect.bonusLabel", { name: bonusName(bonus), stars: bonus.stars, status }),
    },
    h("span", { class: "glyph", "aria-hidden": "true" }, BONUS_GLYPHS[bonus.kind] || "?", bonus.kind === "write" ? String(bonus.value) : ""),
    h("span", { class: "name" }, bonusName(bonus)),
    h("span", { class: "stars" }, `★${bonus.stars}`, lightning ? h("span", { class: "bolt", title: t("connnect.lightning") }, " ⚡") : null));
  });
  return h("section", { class: "cn-block" }, h("h4", {}, title), h("ul", { class: "cn-bonuses" }, tiles));
}

/** @param {Ui} ui @param {SheetView} sheet @returns {HTMLElement} */
export function drawMarkers(ui, sheet) {
  const { observation, geometry } = ui;
  const obs = observation();
  const [first, later] = geometry.connect4_points;
  /** @param {string} state @returns {string} */
  const markerLabel = (state) => /** @type {Record<string, string>} */ ({ empty: t("connnect.markerEmpty"), filled: t("connnect.markerFilled"), crossed: t("connnect.markerCrossed") })[state] || state;
  const items = geometry.connect4.map((shape) => {
    const pair = sheet.markers[shape.id] || ["empty", "empty"];
    const claimedBefore = obs.connect4_claimed.includes(shape.id);
    return h("li", { class: `cn-marker${claimedBefore ? " taken" : ""}`, title: claimedBefore ? t("connnect.connect4Taken") : t("connnect.connect4Open") },
      miniShape(shape.rows, 8), h("span", { class: "cn-shape-id" }, shape.id),
      h("span", { class: `cn-dot ${pair[0]}`, "aria-label": t("connnect.markerFirst", { points: first, state: markerLabel(pair[0]) }) }, `★${first}`),
      h("span", { class: `cn-dot ${pair[1]}`, "aria-label": t("connnect.markerLater", { points: later, state: markerLabel(pair[1]) }) }, String(later)));
  });
  return h("section", { class: "cn-block" }, h("h4", {}, t("connnect.connect4Markers")), h("ul", { class: "cn-markers" }, items));
}

/** @param {Ui} ui @param {SheetView} sheet @returns {HTMLElement} */
export function drawConnect5Boxes(ui, sheet) {
  const { geometry } = ui;
  const boxes = Array.from({ length: geometry.connect5_boxes }, (_, i) => {
    const entry = sheet.connect5[i];
    return h("li", { class: `cn-c5box${entry ? " written" : ""}`, "aria-label": entry ? t("connnect.connect5BoxFull", { letter: entry[0], points: entry[1] }) : t("connnect.connect5BoxEmpty") },
      h("span", { class: "letter" }, entry ? entry[0] : ""), h("span", { class: "points" }, entry ? `★${entry[1]}` : "★"));
  });
  return h("section", { class: "cn-block" }, h("h4", {}, t("connnect.connect5Boxes")), h("ul", { class: "cn-c5boxes" }, boxes));
}

/** @param {Ui} ui @param {SheetView} sheet @returns {HTMLElement} */
export function drawFreeActions(ui, sheet) {
  const { geometry } = ui;
  const penalties = geometry.free_action_penalties;
  const boxes = penalties.map((value, i) => {
    const used = i < sheet.free_actions;
    const currentBox = i === sheet.free_actions;
    return h("li", {
      class: `cn-fa${used ? " used" : ""}${currentBox ? " current" : ""}${i === penalties.length - 1 ? " last" : ""}`,
      "aria-label": used ? t("connnect.freeActionUsed", { n: i + 1 }) : t("connnect.freeActionBox", { points: value }),
    }, value ? `−${value}` : "0");
  });
  const left = penalties.length - 1 - sheet.free_actions;
  return h("section", { class: "cn-block" },
    h("h4", {}, t("connnect.freeActionTrack"), h("span", { class: "cn-sub" }, t("connnect.freeActionsLeft", { n: Math.max(0, left) }))),
    h("ol", { class: "cn-fas" }, boxes));
}

/** @param {Ui} ui @param {SheetView} sheet @returns {HTMLElement} */
export function drawTracker(ui, sheet) {
  const { observation, geometry } = ui;
  const obs = observation();
  const rounds = geometry.rounds;
  const cells = Array.from({ length: rounds }, (_, i) => {
    const row = sheet.tracker[i];
    const currentRound = i + 1 === obs.round && obs.phase !== "over";
    return h("li", { class: `cn-round${currentRound ? " current" : ""}${row ? "" : " empty"}`,
      "aria-label": row ? t("connnect.trackerRow", { round: i + 1, zone: row[0], a: row[1], b: row[2] }) : t("connnect.trackerEmpty", { round: i + 1 }) },
    h("span", { class: "no" }, String(i + 1)),
    h("span", { class: "zone" }, row ? String(row[0]) : ""),
    h("span", { class: "nums" }, row ? `${row[1]} ${row[2]}` : ""));
  });
  return h("section", { class: "cn-block cn-tracker-block" },
    h("h4", {}, t("connnect.roundTracker"), h("span", { class: "cn-sub" }, t("connnect.trackerLegend"))),
    h("ol", { class: "cn-tracker" }, cells));
}

/**
 * The score breakdown as rows [key, label, value, detail].
 * @param {Record<string, any>} score
 * @returns {[string, string, number, string?][]}
 */
export function scoreRows(score) {
  /** @type {(a: number, b: number) => number} */
  const sum = (a, b) => a + b;
  const arrows = (score.arrows || []).reduce(sum, 0);
  const objectives = (score.objectives || []).reduce(sum, 0);
  return [
    ["connect3", t("connnect.scoreConnect3"), score.connect3],
    ["connect4", t("connnect.scoreConnect4"), score.connect4, t("connnect.scoreConnect4Detail", { bonus: score.connect4_bonus, markers: score.connect4_markers })],
    ["connect5", t("connnect.scoreConnect5"), score.connect5],
    ["arrows", t("connnect.scoreArrows"), arrows, (score.arrows || []).join(" + ")],
    ["circles", t("connnect.scoreCircles"), score.circles, t("connnect.scoreCirclesDetail", { n: score.circles })],
    ["lines", t("connnect.scoreLines"), 2 * score.lines, t("connnect.scoreLinesDetail", { n: score.lines })],
    ["objectives", t("connnect.scoreObjectives"), objectives],
    ["penalty", t("connnect.scorePenalty"), -score.penalty],
  ];
}

/** @param {Ui} ui @param {SheetView} sheet @returns {HTMLElement} */
export function drawScore(ui, sheet) {
  const score = sheet.score;
  const rows = scoreRows(score).map(([key, label, value]) => h("tr", { class: value ? "" : "zero" }, h("th", { scope: "row" }, label), h("td", { "data-score": key }, value < 0 ? `−${-value}` : String(value))));
  rows.push(h("tr", { class: "total" }, h("th", { scope: "row" }, t("connnect.scoreTotal")), h("td", {}, String(score.total))));
  return h("section", { class: "cn-block" }, h("h4", {}, t("connnect.scoreSection")), h("table", { class: "cn-score" }, h("tbody", {}, rows)));
}

// ----- the top strip: rounds, phases, who is thinking --------------------------------------

/** @param {Ui} ui @param {number} seat @returns {[string, string]} state and its words */
export function playerState(ui, seat) {
  const { observation } = ui;
  const obs = observation();
  const sheet = obs.sheets[seat];
  if (sheet.out) return ["out", t("connnect.stateOut", { round: sheet.out })];
  if (obs.terminal) return ["over", ""];
  if (obs.phase === "zone") return obs.active_player === seat ? ["thinking", t("connnect.stateChoosingZone")] : ["waiting", ""];
  if (["setup_write", "fill", "claim"].includes(obs.phase)) {
    return obs.active.includes(seat) ? ["thinking", t("connnect.stateThinking")] : ["done", t("connnect.stateDone")];
  }
  return ["waiting", ""];
}

/** @param {Ui} ui @returns {HTMLElement} the top strip: round, phases, who is thinking */
export function drawStrip(ui) {
  const { observation, names, geometry } = ui;
  const obs = observation();
  const rounds = geometry.rounds;
  const shown = stripStep(obs);
  const pips = Array.from({ length: rounds }, (_, i) => {
    const round = i + 1;
    const state = obs.terminal || round < shown.round ? "past" : round === shown.round ? "now" : "future";
    return h("li", { class: `cn-pip ${state}`, "aria-hidden": "true" }, String(round));
  });
  const steps = ["roll", "zone", "fill", "claim"].map((phase) => {
    const now = shown.phase === phase;
    return h("li", { class: `cn-step${now ? " now" : ""}`, "aria-current": now ? "step" : null }, phaseName(phase));
  });
  const roundText = shown.round ? t("connnect.roundOf", { round: shown.round, rounds }) : t("connnect.setupRound");
  const people = obs.sheets.map((sheet) => {
    const [state, text] = playerState(ui, sheet.seat);
    return h("li", { class: `cn-person ${state}`, "data-seat-state": `${sheet.seat}:${state}` },
      h("span", { class: `cn-swatch s${sheet.seat}`, "aria-hidden": "true" }),
      h("b", {}, names(sheet.seat)),
      text ? h("span", { class: "cn-person-state" }, text) : null,
      state === "thinking" ? h("span", { class: "cn-thinking", "aria-hidden": "true" }, h("i"), h("i"), h("i")) : null);
  });
  return h("div", { class: "cn-strip" },
    h("div", { class: "cn-rounds" }, h("span", { class: "cn-round-text", "data-round": shown.round }, roundText),
      h("ol", { class: "cn-pips", "aria-hidden": "true" }, pips)),
    obs.round && !obs.terminal ? h("ol", { class: "cn-steps", "aria-label": t("connnect.phases") }, steps) : h("span", { class: "cn-phase-name" }, phaseName(obs.phase)),
    h("ul", { class: "cn-people", "aria-label": t("connnect.players") }, people));
}

// ----- tabs, the final table, the side panel -----------------------------------------------

/** @param {Ui} ui @returns {HTMLElement} one tab per player's sheet */
export function drawTabs(ui) {
  const { observation, me, names, render, viewed, container } = ui;
  const obs = observation();
  // A replay's observation reveals every choice (``players`` holds each seat's): no snapshot.
  const hidden = ["setup_write", "fill", "claim"].includes(obs.phase) && !Array.isArray(obs.players);
  return h("div", { class: "cn-tabs", role: "tablist", "aria-label": t("connnect.sheets") }, obs.sheets.map((sheet) => {
    const selected = sheet.seat === viewed;
    const button = h("button", {
      class: `cn-tab${selected ? " selected" : ""}`, role: "tab", "aria-selected": String(selected), "aria-controls": "cn-sheet-panel",
      "data-sheet": sheet.seat, "data-fkey": `tab-${sheet.seat}`, tabindex: selected ? 0 : -1,
      onclick: () => { ui.viewed = sheet.seat; ui.viewedByHand = sheet.seat !== me(); render(); },
    }, h("span", { class: `cn-swatch s${sheet.seat}`, "aria-hidden": "true" }), names(sheet.seat),
    sheet.seat === me() ? h("span", { class: "tag" }, t("connnect.you")) : null,
    h("span", { class: "cn-tab-score" }, points(sheet.score.total)));
    button.addEventListener("keydown", (/** @type {KeyboardEvent} */ event) => {
      const step = /** @type {Record<string, number>} */ ({ ArrowLeft: -1, ArrowRight: 1 })[event.key];
      if (!step) return;
      event.preventDefault();
      const count = obs.sheets.length;
      ui.viewed = (sheet.seat + step + count) % count;
      ui.viewedByHand = ui.viewed !== me();
      render();
      /** @type {HTMLElement | null} */ (container.querySelector(`[data-sheet="${ui.viewed}"]`))?.focus();
    });
    return button;
  }), hidden && viewed !== me() ? h("span", { class: "cn-snapshot" }, t("connnect.snapshotNote")) : null);
}

/**
 * Why the game ended and why its winners won, in words (the engine's result events).
 * @param {Ui} ui
 * @param {Observation} obs
 * @param {string[]} [said] - the keys of the events said otherwise (left out).
 * @returns {string[]}
 */
export function resultLines(ui, obs, said = []) {
  const { names } = ui;
  const events = (obs.result || []).filter((event) => !said.includes(event.key));
  const texts = events.map((event) => eventText(event, names, listText) || "");
  return texts.filter(Boolean).map((text) => text.charAt(0).toUpperCase() + text.slice(1));
}

/** @param {Ui} ui @returns {HTMLElement} the final score table */
export function drawFinal(ui) {
  const { observation, names } = ui;
  const obs = observation();
  const winners = new Set(obs.winners || []);
  const seats = obs.sheets.map((s) => s.seat);
  const head = h("tr", {}, h("th", { scope: "col" }, ""), seats.map((seat) => h("th", { scope: "col", class: winners.has(seat) ? "winner" : "" },
    h("span", { class: `cn-swatch s${seat}`, "aria-hidden": "true" }), names(seat), winners.has(seat) ? h("span", { class: "cn-crown", title: t("connnect.winner") }, " ♛") : null)));
  const rows = scoreRows(obs.sheets[0].score).map(([key, label], r) => h("tr", {},
    h("th", { scope: "row" }, label),
    seats.map((seat) => {
      const [, , value, detail] = scoreRows(obs.sheets[seat].score)[r];
      return h("td", { "data-final": `${seat}:${key}`, title: detail || null }, value < 0 ? `−${-value}` : String(value));
    })));
  const totals = h("tr", { class: "total" }, h("th", { scope: "row" }, t("connnect.scoreTotal")),
    seats.map((seat) => h("td", { "data-final-total": seat, class: winners.has(seat) ? "winner" : "" }, String(obs.sheets[seat].score.total))));
  const notes = obs.sheets.filter((s) => s.out).map((s) => h("li", {}, t("connnect.outNote", { name: names(s.seat), round: s.out })));
  const penalties = h("tr", { class: "minor" }, h("th", { scope: "row" }, t("connnect.freeActionsUsed")),
    seats.map((seat) => h("td", {}, String(obs.sheets[seat].free_actions))));
  const winnerText = winners.size ? t("connnect.wins", { names: [...winners].map(names).join(t("connnect.and")) }) : t("connnect.nobodyWins");
  const why = resultLines(ui, obs, ["connnect.win_nobody"]); // the heading says nobody wins
  return h("section", { class: "cn-final", "aria-label": t("connnect.finalScores") },
    h("h3", {}, t("connnect.finalScores")), h("p", { class: "cn-final-winner" }, winnerText),
    why.length ? h("ul", { class: "cn-final-why", id: "result-reason" }, why.map((line) => h("li", {}, line))) : null,
    h("table", { class: "cn-final-table" }, h("thead", {}, head), h("tbody", {}, rows, totals, penalties)),
    notes.length ? h("ul", { class: "cn-notes" }, notes) : null);
}

/** @param {Ui} ui Fill the side panel: objectives, Connect-5 cards, score cards, shapes, help. */
export function drawPanel(ui) {
  const { observation, names, geometry, panel } = ui;
  const obs = observation();
  const faceDown = new Set(obs.cards_face_down);
  const cards = [
    ...obs.cards_face_up.map((card) => h("li", { class: "cn-card", "aria-label": t("connnect.cardLabel", { letter: card.letter }) },
      h("span", { class: "cn-card-letter" }, card.letter), miniShape(card.rows, 11, "cn-mini cn-mini-card"))),
    ...[...faceDown].map((letter) => h("li", { class: "cn-card down", "aria-label": t("connnect.cardDown", { letter }) },
      h("span", { class: "cn-card-letter" }, letter), h("span", { class: "cn-card-back" }, t("connnect.faceDown")))),
  ];
  const stack = obs.score_cards.map((value, i) => h("li", { class: i === 0 ? "top" : "" }, String(value)));
  const objectives = obs.objectives.map((objective) => {
    const reached = obs.sheets.filter((s) => objective.id in (s.objectives || {}));
    return h("li", { class: `cn-objective deck-${objective.deck}${objective.closed ? " closed" : ""}` },
      h("div", { class: "cn-objective-head" }, h("span", { class: "cn-objective-id" }, objective.id),
        h("span", { class: "cn-objective-points" }, points(objective.points_now ?? objective.points))),
      h("p", {}, objectiveText(geometry, objective)),
      reached.length ? h("p", { class: "cn-reached" }, t("connnect.reachedBy"), " ", reached.map((s) => h("span", { class: "cn-reached-by" },
        h("span", { class: `cn-swatch s${s.seat}`, "aria-hidden": "true" }), names(s.seat)))) : null);
  });
  panel.replaceChildren(
    h("h3", {}, t("connnect.objectiveCards")), h("ul", { class: "cn-objectives" }, objectives),
    h("h3", {}, t("connnect.connect5Cards")), h("ul", { class: "cn-cards" }, cards),
    h("div", { class: "cn-stack-row" }, h("span", {}, t("connnect.scoreCards")),
      stack.length ? h("ol", { class: "cn-stack", "aria-label": t("connnect.scoreCards") }, stack) : h("span", { class: "cn-sub" }, t("connnect.noScoreCards"))),
    h("h3", {}, t("connnect.shapes")),
    h("ul", { class: "cn-shapes" }, [...geometry.connect3, ...geometry.connect4].map((s) => h("li", {}, miniShape(s.rows, 8), h("span", {}, s.id)))),
    h("details", { class: "help" }, h("summary", {}, t("connnect.howToPlay")),
      h("ul", {},
        h("li", {}, t("connnect.help1")), h("li", {}, t("connnect.help2")), h("li", {}, t("connnect.help3")),
        h("li", {}, t("connnect.help4")), h("li", {}, t("connnect.help5")), h("li", {}, t("connnect.help6")))));
}
