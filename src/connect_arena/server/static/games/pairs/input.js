// Connect Pairs' decisions: the box where the acting seat chooses (the key editor, MOVE / TAKE /
// CONNECT after three different dice, a DOUBLE's swap or move, a connection's gives and the
// partner's reply, the top slot of a three-of-a-subject event) and what the others read
// meanwhile. Every control is built from the legal actions (pairs/state.js choices) and sends
// the notation that came with its action; a legal action no view knows still gets a plain
// button ("other actions"), so `offered()` always equals the legal list.

import { h } from "../../js/dom.js";
import { listText } from "../../js/format.js";
import { t, tn } from "../../js/i18n.js";
import { actionOf, decisionKind, keyActions, letters } from "./state.js";
import { die, token } from "./view.js";

/** @typedef {import("./view.js").Ui} Ui */
/** @typedef {import("./view.js").Observation} Observation */
/** @typedef {import("./state.js").Choice} Choice */

/**
 * Options of the buttons that send an action.
 * @typedef {object} ButtonOptions
 * @property {string} [label] - the accessible name (else the content's text).
 * @property {string} [className]
 * @property {string[]} [hl] - what hovering lights up: "seat:zone:role" or "seat:sSLOT:role" items.
 * @property {Record<string, string | number>} [attributes]
 */

/**
 * A button sending a legal action (null if the action is not legal now).
 * @param {Ui} ui
 * @param {string | undefined} action - its notation
 * @param {import("../../js/svg.js").Child | import("../../js/svg.js").Child[]} content
 * @param {ButtonOptions} [options]
 * @returns {HTMLElement | null}
 */
export function actionButton(ui, action, content, { label, className = "", hl = [], attributes = {} } = {}) {
  if (action === undefined || !ui.legalSet.has(action)) return null;
  ui.handled.add(action);
  // A label is spoken instead of the visible face (tokens are letters in SVG, which axe
  // counts as visible text an aria-label would have to repeat: label-content-name-mismatch).
  const face = label
    ? [h("span", { class: "visually-hidden" }, label), h("span", { class: "pairs-choice-face", "aria-hidden": "true" }, content)]
    : content;
  const button = h("button", {
    ...attributes, type: "button", class: `pairs-choice ${className}`.trim(), "data-action": action,
    "data-hl": hl.join(" ") || null, onclick: () => ui.send(action),
  }, face);
  wireHighlight(ui, button, hl);
  return button;
}

/**
 * Hovering or focusing a choice lights up the zones and slots it concerns.
 * @param {Ui} ui
 * @param {HTMLElement} element
 * @param {string[]} items - "seat:zone:role" or "seat:sSLOT:role"
 */
function wireHighlight(ui, element, items) {
  const { container } = ui;
  if (!items.length) return;
  const on = () => {
    for (const item of items) {
      const [seat, where, role] = item.split(":");
      const selector = where.startsWith("s")
        ? `.slot[data-seat="${seat}"][data-slot="${where.slice(1)}"]`
        : `.zone[data-seat="${seat}"][data-zone="${where}"]`;
      for (const node of container.querySelectorAll(selector)) node.classList.add(`hl-${role}`);
    }
  };
  const off = () => {
    for (const node of container.querySelectorAll(".hl-from, .hl-to, .hl-give, .hl-slot")) {
      node.classList.remove("hl-from", "hl-to", "hl-give", "hl-slot");
    }
  };
  element.addEventListener("pointerenter", on);
  element.addEventListener("pointerleave", off);
  element.addEventListener("focus", on);
  element.addEventListener("blur", off);
}

/**
 * The subjects zone `face` of the turn's seat shares with the partner's.
 * @param {Observation} obs
 * @param {number} face
 * @returns {string[]}
 */
const commonSubjects = (obs, face) => obs.connection?.common?.[String(face)] || [];

/**
 * The reasons, in the reader's language, why an option card has no choice (the server's).
 * @param {Ui} ui
 * @param {Observation} obs
 * @param {"move" | "take"} option
 * @returns {string[]}
 */
const reasons = (ui, obs, option) => (obs.why_not?.[option] || []).map(ui.eventLine);

// ----- the decision views --------------------------------------------------------------------
/**
 * An option card (MOVE, TAKE, CONNECT): its choices, or why it is impossible.
 * @param {string} kind
 * @param {string} title
 * @param {string} description
 * @param {(HTMLElement | null)[]} choices
 * @param {string[]} reasons
 * @returns {HTMLElement}
 */
function optionCard(kind, title, description, choices, reasons) {
  const possible = choices.filter(Boolean);
  const id = `pairs-${kind}-title`;
  return h("section", {
    class: `option-card option-${kind}${possible.length ? "" : " impossible"}`,
    "aria-labelledby": id, "aria-disabled": possible.length ? null : "true",
  },
  h("h4", { id }, title, possible.length ? null : h("span", { class: "badge" }, t("pairs.option.impossible"))),
  h("p", { class: "option-text" }, description),
  possible.length ? h("div", { class: "choices" }, possible)
    : h("ul", { class: "reasons" }, reasons.map((reason) => h("li", {}, reason))));
}

/**
 * The choice after three different dice: MOVE, TAKE or CONNECT.
 * @param {Ui} ui
 * @param {Observation} obs
 * @param {number} seat
 * @param {Choice[]} choices
 * @returns {(HTMLElement | null)[]}
 */
function chooseDifferent(ui, obs, seat, choices) {
  const { pairOf, partnerOf, name } = ui;
  const moves = choices.filter((a) => a.type === "move");
  const takes = choices.filter((a) => a.type === "take");
  const key = obs.pairs[pairOf(seat)].key || "";
  /** @param {string} subject */
  const dieOf = (subject) => key.indexOf(subject) + 1;
  const moveButtons = moves.map((a) => actionButton(ui, a.text,
    [token(a.subject), h("span", {}, t("pairs.move.choice", { from: a.from, to: a.to }))],
    { label: t("pairs.move.label", { subject: a.subject, from: a.from, to: a.to, die: dieOf(a.subject) }), hl: [`${seat}:${a.from}:from`, `${seat}:${a.to}:to`] }));
  const takeButtons = takes.map((a) => actionButton(ui, a.text,
    [token(a.subject), a.zones.length === 2 ? token(a.subject) : null,
      h("span", {}, a.zones.length === 2 ? t("pairs.take.choice", { a: a.zones[0], b: a.zones[1] }) : t("pairs.take.choiceOne", { zone: a.zones[0] }))],
    {
      label: a.zones.length === 2
        ? t("pairs.take.label", { subject: a.subject, a: a.zones[0], b: a.zones[1], die: dieOf(a.subject) })
        : t("pairs.take.labelOne", { subject: a.subject, zone: a.zones[0], die: dieOf(a.subject) }),
      hl: a.zones.map((z) => `${seat}:${z}:to`),
    }));
  const mate = partnerOf(seat);
  const dice = obs.dice || [];
  const common = (obs.connection?.swappable || []).map((face) => t("pairs.connect.zoneCommon", { zone: face, subjects: commonSubjects(obs, face).join(" ") }));
  const preview = common.length
    ? t("pairs.connect.preview", { zones: listText(common) })
    : t("pairs.connect.nothing", { partner: name(mate) });
  const connect = actionButton(ui, actionOf(choices, "connect"), h("span", {}, t("pairs.connect.choice", { partner: name(mate) })), {
    className: "wide", hl: dice.flatMap((z) => [`${seat}:${z}:give`, `${mate}:${z}:give`]),
  });
  return [
    h("p", { class: "decision-lead" }, t("pairs.choose.lead", { dice: dice.join(" · ") })),
    h("div", { class: "option-cards" },
      optionCard("move", t("pairs.move.title"), t("pairs.move.text"), moveButtons, reasons(ui, obs, "move")),
      optionCard("take", t("pairs.take.title"), t("pairs.take.text"), takeButtons, reasons(ui, obs, "take")),
      optionCard("connect", t("pairs.connect.title"), preview, [connect], [t("pairs.why.connect")])),
  ];
}

/**
 * The choice after a DOUBLE: a swap, or a move into the empty zone.
 * @param {Ui} ui
 * @param {Observation} obs
 * @param {number} seat
 * @param {Choice[]} choices
 * @returns {(HTMLElement | null)[]}
 */
function chooseDouble(ui, obs, seat, choices) {
  const { handled } = ui;
  const [d, e] = [obs.roll?.d, obs.roll?.e];
  const swaps = choices.filter((a) => a.type === "swap");
  const moves = choices.filter((a) => a.type === "move");
  const parts = [];
  if (swaps.length) {
    parts.push(h("p", { class: "decision-lead" }, t("pairs.double.swapLead", { d, e })));
    parts.push(h("div", { class: "choices" }, swaps.map((a) => actionButton(ui, a.text,
      [token(a.subjectA), h("span", {}, t("pairs.double.zone", { zone: a.zoneA })), h("span", { class: "arrow", "aria-hidden": "true" }, "⇄"),
        token(a.subjectB), h("span", {}, t("pairs.double.zone", { zone: a.zoneB }))],
      { label: t("pairs.double.swapLabel", { a: a.subjectA, zoneA: a.zoneA, b: a.subjectB, zoneB: a.zoneB }), hl: [`${seat}:${a.zoneA}:from`, `${seat}:${a.zoneB}:to`] }))));
  } else if (moves.length) {
    const target = moves[0].to;
    parts.push(h("p", { class: "decision-lead" }, t("pairs.double.moveLead", { d, e, from: moves[0].from, to: target })));
    parts.push(h("div", { class: "choices" }, moves.map((a) => actionButton(ui, a.text,
      [token(a.subject), h("span", {}, t("pairs.move.choice", { from: a.from, to: a.to }))],
      { label: t("pairs.move.label2", { subject: a.subject, from: a.from, to: a.to }), hl: [`${seat}:${a.from}:from`, `${seat}:${a.to}:to`] }))));
  }
  const pass = actionOf(choices, "pass");
  if (pass !== undefined) {
    handled.add(pass);
    parts.push(h("p", { class: "hint" }, t("pairs.double.passHint")));
  }
  return parts;
}

/**
 * The active player's step in a connection: a swap per die value, or done.
 * @param {Ui} ui
 * @param {Observation} obs
 * @param {number} seat
 * @param {Choice[]} choices
 * @returns {(HTMLElement | null)[]}
 */
function connectView(ui, obs, seat, choices) {
  const { partnerOf, name } = ui;
  const mate = partnerOf(seat);
  const left = new Set(obs.connection?.left || []);
  const gives = choices.filter((a) => a.type === "give");
  const rows = [...new Set(obs.dice || [])].map((face) => {
    const mine = letters(obs.boards[seat].zones[face - 1]);
    const theirs = letters(obs.boards[mate].zones[face - 1]);
    const here = gives.filter((a) => a.zone === face);
    let body;
    if (!left.has(face)) body = h("span", { class: "muted" }, t("pairs.connect.used"));
    else if (here.length) {
      body = h("div", { class: "choices" }, here.map((a) => actionButton(ui, a.text,
        a.receive
          ? [h("span", {}, t("pairs.connect.give")), token(a.subject), h("span", {}, t("pairs.connect.get")), token(a.receive)]
          : [h("span", {}, t("pairs.connect.give")), token(a.subject)],
        {
          label: a.receive
            ? t("pairs.connect.giveGetLabel", { subject: a.subject, receive: a.receive, zone: face, partner: name(mate) })
            : t("pairs.connect.giveLabel", { subject: a.subject, zone: face, partner: name(mate) }),
          hl: [`${seat}:${face}:give`, `${mate}:${face}:give`],
        })));
    } else {
      const common = commonSubjects(obs, face);
      body = h("span", { class: "muted" }, common.length ? t("pairs.connect.noAnswer", { partner: name(mate), subjects: common.join(" ") }) : t("pairs.connect.noCommon"));
    }
    return h("li", { class: `connect-row${left.has(face) && here.length ? "" : " inactive"}` },
      h("span", { class: "connect-zone" }, die(face), t("pairs.zone.short", { zone: face })),
      h("span", { class: "connect-tokens", "aria-label": t("pairs.connect.tokens", { seat: name(seat), mine: mine.join(" ") || "—", partner: name(mate), theirs: theirs.join(" ") || "—" }) },
        h("span", { class: "who" }, t("pairs.you")), mine.length ? mine.map((s) => token(s, "small")) : "—",
        h("span", { class: "who" }, name(mate)), theirs.length ? theirs.map((s) => token(s, "small")) : "—"),
      body);
  });
  const done = actionButton(ui, actionOf(choices, "done"), h("span", {}, t("pairs.connect.done")), { className: "secondary" });
  return [
    h("p", { class: "decision-lead" }, t("pairs.connect.lead", { partner: name(mate) })),
    h("ul", { class: "connect-rows" }, rows),
    done || h("p", { class: "hint" }, t("pairs.connect.mandatory")),
  ];
}

/**
 * The partner's answer to an offer: the token he gives back.
 * @param {Ui} ui
 * @param {Observation} obs
 * @param {number} seat
 * @param {Choice[]} choices
 * @returns {(HTMLElement | null)[]}
 */
function replyView(ui, obs, seat, choices) {
  const { partnerOf, name } = ui;
  const offer = obs.connection?.offer;
  const active = partnerOf(seat);
  const gives = choices.filter((a) => a.type === "give");
  if (!offer) return [];
  return [
    h("p", { class: "decision-lead prompt" }, token(offer.subject),
      h("span", {}, t("pairs.reply.lead", { partner: name(active), subject: offer.subject, zone: offer.zone }))),
    h("div", { class: "choices" }, gives.map((a) => actionButton(ui, a.text,
      [h("span", {}, t("pairs.connect.give")), token(a.subject)],
      { label: t("pairs.reply.label", { subject: a.subject, zone: a.zone, partner: name(active) }), hl: [`${seat}:${a.zone}:give`, `${active}:${a.zone}:give`] }))),
  ];
}

/**
 * Three of a subject: the top slot (or keep) for each pending zone.
 * @param {Ui} ui
 * @param {Observation} obs
 * @param {number} seat
 * @param {Choice[]} choices
 * @returns {(HTMLElement | null)[]}
 */
function eventView(ui, obs, seat, choices) {
  const { partnerOf, name, tripleOf } = ui;
  const top = obs.boards[seat].top;
  const mateTop = obs.boards[partnerOf(seat)].top;
  const faces = [...new Set(choices.filter((a) => a.type === "top" || a.type === "keep").map((a) => a.zone))];
  const parts = [];
  for (const face of faces) {
    const subject = tripleOf(obs, seat, face) || "?";
    const tops = choices.filter((a) => a.type === "top" && a.zone === face);
    const keep = choices.find((a) => a.type === "keep" && a.zone === face);
    const free = top.filter((s) => !s).length;
    let lead;
    if (!tops.length) lead = t("pairs.three.nothingLead", { subject, zone: face });
    else if (!free) lead = t("pairs.three.replaceLead", { subject, zone: face });
    else if (tops.length < free && tops.every((a) => mateTop[a.slot - 1] === subject)) {
      lead = t("pairs.three.matchLead", { subject, zone: face, partner: name(partnerOf(seat)) });
    } else lead = t("pairs.three.freeLead", { subject, zone: face });
    const buttons = tops.map((a) => {
      const old = top[a.slot - 1];
      return actionButton(ui, a.text,
        [h("span", {}, t("pairs.three.slot", { slot: a.slot })), old ? h("span", { class: "replaces" }, t("pairs.three.replaces"), token(old, "small")) : null],
        {
          label: old ? t("pairs.three.replaceLabel", { subject, slot: a.slot, old }) : t("pairs.three.slotLabel", { subject, slot: a.slot }),
          hl: [`${seat}:s${a.slot}:slot`, `${seat}:${face}:from`],
        });
    });
    if (keep) {
      buttons.push(actionButton(ui, keep.text, h("span", {}, t("pairs.three.keep", { zone: face })), {
        className: "secondary", hl: [`${seat}:${face}:from`],
      }));
    }
    parts.push(h("div", { class: "event-block" },
      h("p", { class: "decision-lead prompt" }, token(subject), token(subject), token(subject), h("span", {}, lead)),
      h("div", { class: "choices" }, buttons)));
  }
  return parts;
}

/**
 * The key editor: click two spaces to swap their subjects, shuffle, confirm.
 * @param {Ui} ui
 * @param {Observation} obs
 * @param {number} seat
 * @param {Choice[]} choices
 * @returns {(HTMLElement | null)[]}
 */
function keyView(ui, obs, seat, choices) {
  const { geometry, pairOf, handled, render } = ui;
  const pair = obs.pairs[pairOf(seat)];
  const draft = ui.keyDraft;
  const cells = geometry.faces.map((face, i) => h("button", {
    type: "button", class: `key-edit${ui.keyPick === i ? " picked" : ""}`, "aria-pressed": ui.keyPick === i ? "true" : "false",
    "aria-label": t("pairs.keyEdit.cell", { face, subject: draft[i] }),
    onclick: () => {
      const picked = ui.keyPick;
      if (picked === null) ui.keyPick = i;
      else {
        [draft[picked], draft[i]] = [draft[i], draft[picked]];
        ui.keyPick = null;
      }
      render({ keepFocus: `.key-edit:nth-child(${i + 1})` });
    },
  }, die(face), token(draft[i])));
  const shuffle = h("button", {
    type: "button", class: "pairs-choice secondary", id: "pairs-key-shuffle",
    onclick: () => {
      for (let i = draft.length - 1; i > 0; i -= 1) {
        const j = Math.floor(Math.random() * (i + 1));
        [draft[i], draft[j]] = [draft[j], draft[i]];
      }
      ui.keyPick = null;
      render({ keepFocus: "#pairs-key-shuffle" });
    },
  }, t("pairs.keyEdit.shuffle"));
  const keys = keyActions(choices);
  const confirm = actionButton(ui, keys.get(draft.join("")), h("span", {}, t("pairs.keyEdit.confirm")), { className: "primary", label: t("pairs.keyEdit.confirmLabel", { key: draft.join(" ") }) });
  if (confirm) confirm.id = "pairs-key-confirm";
  // The editor can produce any arrangement: every legal key is offered.
  for (const action of keys.values()) handled.add(action);
  return [
    h("p", { class: "decision-lead" }, t("pairs.keyEdit.lead", { pair: pair.name })),
    h("p", { class: "hint" }, t("pairs.keyEdit.help")),
    h("div", { class: "key-editor", role: "group", "aria-label": t("pairs.keyEdit.group") }, cells),
    h("div", { class: "choices" }, shuffle, confirm),
  ];
}

/**
 * What the viewer who is not to act reads: who decides what.
 * @param {Ui} ui
 * @param {Observation} obs
 * @returns {(HTMLElement | null)[]}
 */
export function waitingView(ui, obs) {
  const { geometry, pairOf, partnerOf, name } = ui;
  const actor = obs.to_move;
  if (obs.terminal) return resultView(ui, obs);
  if (actor === null || actor === undefined || actor < 0) {
    return [h("p", { class: "decision-lead muted" }, obs.stage === "first" ? t("pairs.wait.first") : t("pairs.wait.chance"))];
  }
  const who = name(actor);
  const offer = obs.connection?.offer;
  const pending = obs.pending?.[actor] || [];
  let text;
  if (obs.stage === "key") text = t("pairs.wait.key", { seat: who, pair: geometry.pairs[pairOf(actor)].name });
  else if (pending.length) text = t("pairs.wait.event", { seat: who, zones: listText(pending.map(String)) });
  else if (obs.stage === "reply" && offer) text = t("pairs.wait.reply", { seat: who, subject: offer.subject, zone: offer.zone, partner: name(partnerOf(actor)) });
  else if (obs.stage === "connect") text = t("pairs.wait.connect", { seat: who, partner: name(partnerOf(actor)) });
  else text = t("pairs.wait.choose", { seat: who });
  return [h("p", { class: "decision-lead muted" }, text)];
}

/**
 * The end of the game: why, and each pair's points.
 * @param {Ui} ui
 * @param {Observation} obs
 * @returns {(HTMLElement | null)[]}
 */
function resultView(ui, obs) {
  const { eventLine } = ui;
  const rows = obs.pairs.map((pair, p) => h("li", { class: `result-row${pair.complete ? " complete" : ""}` },
    h("b", {}, t("pairs.pair", { pair: pair.name })), " ",
    h("span", { "data-points": obs.totals[p] }, tn("pairs.result.points", obs.totals[p], { points: obs.totals[p] })),
    // The breakdown, when the total adds up (or takes the best of) several manches.
    obs.scores.length > 1
      ? h("span", { class: "muted", "data-manches": p }, " ", t("pairs.result.manches", { points: obs.scores.map((manche) => manche[p]).join(" · ") }))
      : null,
    pair.complete ? h("span", { class: "tag" }, t("pairs.result.complete")) : null));
  return [
    h("p", { class: "decision-lead result" }, t("pairs.result.over", { outcome: eventLine(obs.outcome) })),
    h("ul", { class: "result-rows" }, rows),
  ];
}

/**
 * The decision box: what the acting seat chooses from, or who is deciding what.
 * @param {Ui} ui
 * @param {Observation} obs
 * @returns {{kind: string, body: (HTMLElement | null)[]}}
 */
export function decisionView(ui, obs) {
  ui.handled = new Set();
  if (!ui.acting()) return { kind: "wait", body: waitingView(ui, obs) };
  const seat = ui.actingSeat();
  const choices = ui.choices;
  const kind = decisionKind(choices, obs);
  /** @type {Record<string, (ui: Ui, obs: Observation, seat: number, choices: Choice[]) => (HTMLElement | null)[]>} */
  const views = { key: keyView, event: eventView, reply: replyView, connect: connectView, double: chooseDouble, choose: chooseDifferent };
  const body = views[kind] ? views[kind](ui, obs, seat, choices) : [];
  const rest = choices.map((choice) => choice.text).filter((action) => !ui.handled.has(action));
  if (rest.length) {
    // Never hide a legal action: one the views do not know gets a plain button.
    body.push(h("div", { class: "other-actions", "data-fallback": "yes" },
      h("p", { class: "hint" }, t("pairs.other")),
      h("div", { class: "choices" }, rest.map((action) => actionButton(ui, action, h("code", {}, action))))));
  }
  return { kind, body };
}
