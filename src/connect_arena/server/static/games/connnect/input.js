// CO'NNN'ECT's controls: what a click on a space does in each mode (write, claim, adjust,
// move), the Dice Card (the Zone Die to choose, the Switch buttons) and the action panel (the
// number tray, the claim box, the Adjust box, the bonus spaces to circle, "done"). Every button
// sends the notation of a legal action as the server sent it (the model of state.js).

import { h } from "../../js/dom.js";
import { t } from "../../js/i18n.js";
import {
  availableModes, byNumber, claimMatches as matches, cyclic, explainSelection as explain, selectionShape as shapeOf,
  diceNoteKey, signed, trayNumbers,
} from "./state.js";
import { BONUS_GLYPHS, bonusHelp, bonusName, dieFace, zoneText } from "./view.js";

/** @typedef {import("./view.js").Ui} Ui */
/** @typedef {import("./view.js").Observation} Observation */
/** @typedef {import("./view.js").SheetView} SheetView */
/** @typedef {import("./state.js").ClaimOption} ClaimOption */

/** @param {number} delta @returns {string} "+1", "-2" (the data attributes the tests click) */
const sign = (delta) => (delta > 0 ? `+${delta}` : String(delta));

// ----- modes -------------------------------------------------------------------------------

/** Keep the mode, the chosen number and the adjust target among what is offered now. @param {Ui} ui */
export function settleMode(ui) {
  const { model, mode, number, adjustTarget } = ui;
  const modes = availableModes(model);
  if (mode === null || !modes.includes(mode)) ui.mode = modes.find((m) => m === "write" || m === "claim") || null;
  const tray = trayNumbers(model);
  if (number === null || !tray.includes(number)) ui.number = tray[0] ?? null;
  if (adjustTarget && !model.adjustCell.has(adjustTarget)) ui.adjustTarget = null;
}

// ----- the play area -----------------------------------------------------------------------

/** @param {Ui} ui @returns {Map<string, string>} what a click on each space of the viewed sheet does (name -> kind) */
export function cellTargets(ui) {
  const { observation, me, myTurn, model, mode, number, viewed, busy } = ui;
  const targets = new Map();
  if (!myTurn() || viewed !== me() || busy) return targets;
  if (mode === "write" && number !== null) {
    for (const cell of model.writes.get(number)?.keys() || []) targets.set(cell, "write");
  } else if (mode === "claim") {
    const sheet = observation().sheets[viewed ?? 0];
    sheet.values.forEach((value, index) => { if (value) targets.set(ui.grid.cellName(index), "select"); });
  } else if (mode === "adjust") {
    for (const cell of model.adjustCell.keys()) targets.set(cell, "adjust");
  } else if (mode === "move") {
    for (const cell of model.moves.keys()) targets.set(cell, "move");
  }
  return targets;
}

/** @param {Ui} ui @param {string} name the clicked space */
export function clickCell(ui, name) {
  const { send, render, model, number, selection, adjustTarget } = ui;
  const kind = cellTargets(ui).get(name);
  if (!kind) return;
  if (kind === "write") send(model.writes.get(number ?? 0)?.get(name) ?? "");
  else if (kind === "move") send(model.moves.get(name) ?? "");
  else if (kind === "adjust") {
    ui.adjustTarget = adjustTarget === name ? null : name;
    render();
  } else if (kind === "select") {
    const index = ui.grid.cellIndex(name);
    if (selection.includes(index)) ui.selection = selection.filter((c) => c !== index);
    else if (selection.length < 5) ui.selection = [...selection, index].sort(byNumber);
    render();
  }
}

/** @param {Ui} ui @returns {{exact: ClaimOption[], wider: ClaimOption[]}} the claims equal to the selection, and those containing it */
export const claimMatches = (ui) => matches(ui.model, ui.selection);

/** @param {Ui} ui @returns {{size: number, id: string, path: boolean} | null} The Connect shape the selection makes, or null. */
const selectionShape = (ui) => shapeOf(ui.grid, ui.selection, ui.geometry, ui.observation().cards_face_up);

/**
 * Why the selection is not a legal claim, in words.
 * @param {Ui} ui
 * @param {SheetView} sheet
 * @returns {string}
 */
function explainSelection(ui, sheet) {
  const { geometry } = ui;
  const rules = { ...geometry, cards: ui.observation().cards_face_up, options: ui.options };
  const [key, params] = explain(ui.grid, ui.selection, sheet, rules);
  return t(key, params);
}

// ----- the Dice Card -----------------------------------------------------------------------

/** @param {Ui} ui @returns {HTMLElement} the Dice Card: the roll, the Zone Die, the Switch buttons */
export function drawDiceCard(ui) {
  const { observation, myTurn, names, send, model, busy, geometry, container } = ui;
  const obs = observation();
  const you = obs.you;
  const dice = obs.dice || [];
  const body = [];
  if (obs.phase === "zone") {
    const chooser = obs.active_player;
    const choosing = myTurn() && model.zones.size;
    if (!choosing) body.push(h("p", { class: "cn-dice-note" }, t("connnect.othersChooseZone", { name: names(chooser) })));
    /** @type {(value: number, on: boolean) => void} */
    const preview = (value, on) => {
      for (const group of container.querySelectorAll(`[data-preview="${value}"]`)) group.classList.toggle("show", on);
    };
    body.push(h("div", { class: "cn-dice-row" }, dice.map((value, i) => {
      const action = choosing && dice.indexOf(value) === i ? model.zones.get(value) : undefined;
      if (!action) return h("span", { class: "cn-die-slot" }, dieFace(value, 44, "number"));
      return h("button", {
        class: "cn-die-button", "data-zone": value, "data-action": action, "data-fkey": `zone-${value}`, disabled: busy,
        // The name starts with the visible caption (WCAG 2.5.3, label in name).
        "aria-label": `${t("connnect.zoneN", { zone: value })}: ${t("connnect.useAsZone", { value, zone: zoneText(geometry, value) })}`,
        title: zoneText(geometry, value),
        onclick: () => send(action),
        onmouseenter: () => preview(value, true), onmouseleave: () => preview(value, false),
        onfocus: () => preview(value, true), onblur: () => preview(value, false),
      }, dieFace(value, 44, "number"), h("span", { class: "cn-die-caption" }, t("connnect.zoneN", { zone: value })));
    })));
  } else if (["fill", "claim"].includes(obs.phase) || (obs.phase === "roll" && obs.zone_die) || obs.phase === "over") {
    const zone = obs.zone_die;
    const numbers = [...dice];
    if (zone && numbers.includes(zone)) numbers.splice(numbers.indexOf(zone), 1);
    const mineDice = you && you.number_dice?.length ? you.number_dice : null;
    const switched = you && mineDice && (you.zone !== zone);
    body.push(h("div", { class: "cn-dice-row" },
      h("figure", { class: "cn-die-slot zone" }, dieFace(zone, 44, "zone"), h("figcaption", {}, t("connnect.zoneDie"))),
      numbers.map((value) => h("figure", { class: "cn-die-slot" }, dieFace(value, 44, "number"), h("figcaption", {}, t("connnect.numberDie"))))));
    if (you && mineDice && switched) body.push(h("p", { class: "cn-dice-note" }, t("connnect.yourSwitch", { zone: you.zone, dice: mineDice.join(" · ") })));
    if (myTurn() && model.switches.size) {
      body.push(h("div", { class: "cn-switches" }, h("span", {}, t("connnect.switchPrompt")),
        [...model.switches].sort((a, b) => a[0] - b[0]).map(([value, action]) => h("button", {
          class: "small", "data-switch": value, "data-action": action, "data-fkey": `switch-${value}`, disabled: busy,
          title: t("connnect.bonusSwitchHelp"), onclick: () => send(action),
        }, t("connnect.switchTo", { value })))));
    }
  } else if (obs.phase === "setup_write" || obs.phase === "setup_roll") {
    body.push(h("p", { class: "cn-dice-note" }, t("connnect.setupDice")));
    const pending = you?.pending || [];
    if (pending.length) body.push(h("div", { class: "cn-dice-row" }, pending.map((v) => h("span", { class: "cn-die-slot" }, dieFace(v, 40, "number")))));
    else if (!you) body.push(...setupRolls(ui, obs));
  } else {
    const [key, params] = diceNoteKey({ round: obs.round, phase: obs.phase, dice });
    body.push(h("p", { class: "cn-dice-note" }, t(key, params)));
  }
  return h("section", { class: "cn-dicecard", "aria-label": t("connnect.diceCard") }, h("h3", {}, t("connnect.diceCard")), body);
}

/**
 * The setup numbers rolled in public, for viewers with no sheet of their own (spectators):
 * one row for a shared roll, else one per seat with its name.
 * @param {Ui} ui
 * @param {Observation} obs
 * @returns {HTMLElement[]}
 */
export function setupRolls(ui, obs) {
  const { names } = ui;
  const rolls = obs.setup_rolls || [];
  const row = (/** @type {number[]} */ dice) => dice.map((v) => h("span", { class: "cn-die-slot" }, dieFace(v, 40, "number")));
  const shared = rolls.every((dice) => dice.join() === rolls[0]?.join());
  if (shared) return rolls[0]?.length ? [h("div", { class: "cn-dice-row", "data-setup-roll": "all" }, row(rolls[0]))] : [];
  return rolls.flatMap((dice, seat) => dice.length
    ? [h("div", { class: "cn-dice-row", "data-setup-roll": seat }, h("span", { class: "cn-dice-note" }, names(seat)), row(dice))]
    : []);
}

// ----- the action panel --------------------------------------------------------------------

/** @param {Ui} ui @returns {string} what the viewer should do now, or who is awaited */
export function instruction(ui) {
  const { observation, me, myTurn, task, names, model, context } = ui;
  const obs = observation();
  const job = task();
  if (!myTurn()) {
    if (!context.interactive) return "";
    if (obs.terminal) return t("connnect.gameOver");
    const mine = me();
    if (mine === null) return t("connnect.watching");
    if (obs.sheets[mine]?.out) return t("connnect.youAreOut", { round: obs.sheets[mine].out });
    const waiting = obs.phase === "zone" ? [obs.active_player] : obs.active.filter((s) => s !== mine);
    if (!waiting.length) return t("connnect.waitingDice");
    return t("connnect.waitingFor", { names: waiting.map(names).join(", ") });
  }
  if (job?.kind === "take") return job.value === 0 ? t("connnect.takeConnect3") : t("connnect.takeConnect4");
  if (job?.kind === "place") return t("connnect.placeNumber", { n: [...model.writes.keys()][0] ?? job.value });
  const you = obs.you;
  if (!you) return "";
  if (job?.kind === "zone") return t("connnect.writeAny", { count: job.value, zone: you.zone });
  if (obs.phase === "zone") return t("connnect.chooseZoneDie");
  if (obs.phase === "setup_write") return t("connnect.writeSetup");
  if (obs.phase === "fill") {
    const pending = you.pending;
    if (!model.writes.size && model.skips.size) return t("connnect.zoneFull", { zone: you.zone });
    return t("connnect.writeNumbers", { numbers: pending.join(t("connnect.and")), zone: you.zone });
  }
  if (obs.phase === "claim") return model.claims.length ? t("connnect.claimHint") : t("connnect.claimNothing");
  return "";
}

/** @param {Ui} ui @returns {HTMLElement | null} the mode buttons, when there is a choice */
export function drawModes(ui) {
  const { render, mode } = ui;
  const modes = availableModes(ui.model);
  if (modes.length < 2 && !modes.some((m) => m === "adjust" || m === "move")) return null;
  /** @type {Record<string, () => string>} */
  const labels = {
    write: () => t("connnect.modeWrite"),
    claim: () => t("connnect.modeClaim"), adjust: () => t("connnect.modeAdjust"), move: () => t("connnect.modeMove"),
  };
  return h("div", { class: "cn-modes", role: "group", "aria-label": t("connnect.modes") }, modes.map((m) => h("button", {
    class: `small${mode === m ? " pressed" : ""}`, "aria-pressed": String(mode === m), "data-mode": m, "data-fkey": `mode-${m}`,
    onclick: () => { ui.mode = m; ui.selection = []; ui.adjustTarget = null; render(); },
  }, labels[m]())));
}

/** @param {Ui} ui @returns {HTMLElement | null} the number tray: numbers, Adjust, Free Actions */
export function drawTray(ui) {
  const { task, send, render, model, number } = ui;
  const tray = trayNumbers(model);
  if (!tray.length || number === null) return null;
  const chosen = number;
  const job = task();
  const caption = job?.kind === "zone" ? t("connnect.pickNumber") : t("connnect.numberToWrite");
  const chips = h("div", { class: "cn-chips", role: "radiogroup", "aria-label": caption }, tray.map((value) => h("button", {
    class: `cn-chip${value === number ? " chosen" : ""}`, role: "radio", "aria-checked": String(value === number),
    "data-number": value, "data-fkey": `number-${value}`,
    onclick: () => { ui.number = value; render(); },
  }, String(value))));
  const rows = [h("div", { class: "cn-row" }, h("span", { class: "cn-row-label" }, caption), chips)];
  const adjust = model.adjustDie.get(chosen);
  if (adjust) {
    rows.push(h("div", { class: "cn-row" }, h("span", { class: "cn-row-label" }, t("connnect.adjustThis", { n: number })),
      h("div", { class: "cn-chips" }, [...adjust].sort((a, b) => a[0] - b[0]).map(([delta, action]) => h("button", {
        class: "small", "data-adjust-die": `${number} ${sign(delta)}`, "data-action": action, "data-fkey": `adjd-${sign(delta)}`,
        title: t("connnect.bonusAdjustHelp"), onclick: () => send(action),
      }, `${signed(delta)} → ${cyclic(chosen, delta)}`)))));
  }
  const changes = model.changes.get(chosen);
  if (changes) {
    rows.push(h("div", { class: "cn-row cn-free" }, h("span", { class: "cn-row-label" }, t("connnect.changeThis", { n: number })),
      h("div", { class: "cn-chips" }, [...changes].sort((a, b) => a[0] - b[0]).map(([value, action]) => h("button", {
        class: "small", "data-change": `${number} ${value}`, "data-action": action, "data-fkey": `change-${value}`,
        title: t("connnect.freeActionHelp"), onclick: () => send(action),
      }, String(value))))));
  }
  const skip = model.skips.get(chosen);
  if (skip) {
    rows.push(h("div", { class: "cn-row cn-free" }, h("span", { class: "cn-row-label" }, t("connnect.skipThis", { n: number })),
      h("button", { class: "small", "data-skip": number, "data-action": skip, "data-fkey": "skip", title: t("connnect.freeActionHelp"), onclick: () => send(skip) },
        t("connnect.skipButton", { n: number }))));
  }
  return h("div", { class: "cn-tray" }, rows);
}

/** @param {ClaimOption} claim @returns {string} */
function shapeLabel(claim) {
  const size = claim.cells.length;
  if (size === 5) return t("connnect.claimCard", { letter: claim.shape });
  return t("connnect.claimShape", { size, shape: claim.shape });
}

/** @param {Ui} ui @returns {HTMLElement} the selection, its explanation and the claims it makes */
export function drawClaimBox(ui) {
  const { observation, me, send, render, model, selection, busy } = ui;
  const { cellName } = ui.grid;
  const sheet = observation().sheets[me() ?? 0];
  const { exact, wider } = claimMatches(ui);
  const parts = [];
  const chosen = selection.map(cellName).join(" ");
  parts.push(h("p", { class: "cn-selection" }, selection.length ? t("connnect.selected", { cells: chosen }) : t("connnect.selectHint")));
  if (exact.length) {
    for (const claim of exact) {
      parts.push(h("div", { class: "cn-row" },
        h("span", { class: "cn-ok", role: "status" }, shapeLabel(claim), claim.reuse ? h("span", { class: "cn-sub" }, t("connnect.withReuse")) : null),
        h("button", { class: "primary", id: exact.length === 1 ? "cn-claim" : null, "data-claim": claim.action, "data-action": claim.action, "data-fkey": `claim-${claim.action}`, disabled: busy, onclick: () => send(claim.action) },
          claim.reuse ? t("connnect.claimReuseButton") : t("connnect.claimButton"))));
    }
  } else if (selection.length) {
    const shape = selectionShape(ui);
    if (shape) {
      const label = shape.size === 5 ? t("connnect.claimCard", { letter: shape.id }) : t("connnect.claimShape", { size: shape.size, shape: shape.id });
      parts.push(h("p", { class: "cn-shape-found" }, t("connnect.shapeFound", { shape: label })));
    }
    const reason = explainSelection(ui, sheet);
    const more = wider.length ? t("connnect.keepSelecting", { sizes: [...new Set(wider.map((c) => c.cells.length))].sort(byNumber).join(t("connnect.or")) }) : "";
    parts.push(h("p", { class: "cn-why", role: "status", "data-why": "" }, reason, more ? h("span", { class: "cn-more" }, ` ${more}`) : null));
  }
  if (selection.length) {
    parts.push(h("button", { class: "small link", id: "cn-clear", onclick: () => { ui.selection = []; render(); } }, t("connnect.clearSelection")));
  }
  parts.push(h("p", { class: "cn-count" }, t("connnect.claimsAvailable", { n: model.claims.length })));
  return h("div", { class: "cn-claimbox" }, parts);
}

/** @param {Ui} ui @returns {HTMLElement} the Adjust bonus: the chosen space and its steps */
export function drawAdjustBox(ui) {
  const { observation, me, send, model, adjustTarget, busy } = ui;
  const { cellIndex } = ui.grid;
  const parts = [h("p", {}, adjustTarget ? t("connnect.adjustChosen", { cell: adjustTarget }) : t("connnect.adjustPick"))];
  const target = adjustTarget;
  if (target) {
    const value = observation().sheets[me() ?? 0].values[cellIndex(target)];
    parts.push(h("div", { class: "cn-chips" }, [...(model.adjustCell.get(target) || [])].sort((a, b) => a[0] - b[0]).map(([delta, action]) => h("button", {
      class: "small", "data-adjust-cell": `${adjustTarget} ${sign(delta)}`, "data-action": action, "data-fkey": `adjc-${sign(delta)}`, disabled: busy,
      onclick: () => send(action),
    }, `${value} ${signed(delta)} → ${cyclic(value, delta)}`))));
  }
  return h("div", { class: "cn-adjustbox" }, parts);
}

/** @param {Ui} ui @returns {HTMLElement} the bonus spaces that may be circled now */
export function drawTakeBox(ui) {
  const { observation, me, task, send, model, busy } = ui;
  const job = task();
  const sheet = observation().sheets[me() ?? 0];
  const bonuses = job ? sheet.bonuses[job.value] || [] : [];
  return h("div", { class: "cn-takes" }, [...model.takes].sort((a, b) => a[0] - b[0]).map(([slot, action]) => {
    const bonus = bonuses.find((b) => b.slot === slot) || { kind: "?", value: 0, stars: 0, slot };
    const lightning = bonus.kind === "write" || bonus.kind === "write2";
    return h("button", {
      class: "cn-take", "data-take": slot, "data-action": action, "data-fkey": `take-${slot}`, disabled: busy, title: bonusHelp(bonus),
      onclick: () => send(action),
    }, h("span", { class: "glyph", "aria-hidden": "true" }, BONUS_GLYPHS[bonus.kind] || "?", bonus.kind === "write" ? String(bonus.value) : ""),
    h("span", {}, bonusName(bonus)), h("span", { class: "stars" }, `★${bonus.stars}${lightning ? " ⚡" : ""}`));
  }));
}

/** @param {Ui} ui @returns {HTMLElement} the action panel */
export function drawActions(ui) {
  const { observation, me, myTurn, task, names, send, render, model, mode, viewed, busy, context } = ui;
  const obs = observation();
  /** @type {(HTMLElement | null)[]} */
  const parts = [h("p", { class: "cn-instruction", id: "cn-instruction" }, instruction(ui))];
  if (myTurn()) {
    if (viewed !== me() && obs.phase !== "zone") {
      parts.push(h("p", { class: "cn-viewing" }, t("connnect.viewingOther", { name: names(viewed ?? 0) }),
        h("button", { class: "small", id: "cn-back", onclick: () => { ui.viewed = me(); ui.viewedByHand = false; render(); } }, t("connnect.backToMine"))));
    }
    const job = task();
    if (job?.kind === "take") parts.push(drawTakeBox(ui));
    else {
      parts.push(drawModes(ui));
      if (mode === "write") parts.push(drawTray(ui));
      if (mode === "claim") parts.push(drawClaimBox(ui));
      if (mode === "adjust") parts.push(drawAdjustBox(ui));
      if (mode === "move") parts.push(h("p", {}, t("connnect.movePick")));
    }
    const done = model.done;
    if (done !== null) {
      parts.push(h("div", { class: "cn-done-row" }, h("button", {
        class: model.claims.length ? "" : "primary", id: "cn-done", "data-action": done, "data-fkey": "done", disabled: busy,
        onclick: () => send(done),
      }, t("connnect.doneButton")), h("span", { class: "cn-sub" }, t("connnect.doneHelp"))));
    }
  } else if (context.interactive && me() !== null && ["fill", "claim", "setup_write"].includes(obs.phase) && !obs.terminal) {
    parts.push(h("p", { class: "cn-sub" }, t("connnect.hiddenNote")));
  }
  return h("section", { class: "cn-actions", "aria-live": "polite" }, parts.filter(Boolean));
}
