// Connect Pairs' animations: what changed since the previous update lights up (tokens arrived,
// zones emptied, a top slot filled by a three-of-a-subject event, a pair complete).

import { t } from "../../js/i18n.js";
import { letters, newEvents } from "./state.js";

/** @typedef {import("./view.js").Ui} Ui */
/** @typedef {import("./view.js").Update} Update */
/** @typedef {import("./view.js").Observation} Observation */

/**
 * Light up what changed since the previous update (a few actions forward only).
 * @param {Ui} ui
 * @param {Update | null} previous
 * @param {Observation} obs
 * @returns {string[]} what to announce
 */
export function animate(ui, previous, obs) {
  const { container, current, name, eventLine } = ui;
  const before = previous?.observation;
  const last = current?.last;
  const previousSeq = previous?.last?.seq ?? 0;
  const forward = before && last && last.seq > previousSeq && last.seq - previousSeq <= 4;
  if (!forward || before.boards.length !== obs.boards.length) return [];
  const events = newEvents(before.log, obs.log || []);
  /** @type {{seat: number, slot: number, subject: string}[]} */
  const placed = [];
  obs.boards.forEach((boardNow, seat) => {
    boardNow.top.forEach((subject, i) => {
      if (subject && before.boards[seat].top[i] !== subject) placed.push({ seat, slot: i + 1, subject });
    });
    boardNow.zones.forEach((zone, i) => {
      const old = letters(before.boards[seat].zones[i]);
      const count = (/** @type {string[]} */ tokens, /** @type {string} */ s) => tokens.filter((x) => x === s).length;
      const added = letters(zone).some((s) => count(letters(zone), s) > count(old, s));
      if (added) container.querySelector(`.zone[data-seat="${seat}"][data-zone="${i + 1}"]`)?.classList.add("arrived");
      if (!zone && old.length && events.some((event) => event.key === "pairs.triple")) {
        container.querySelector(`.zone[data-seat="${seat}"][data-zone="${i + 1}"]`)?.classList.add("lost");
      }
    });
  });
  /** @type {string[]} */
  const texts = [];
  for (const { seat, slot, subject } of placed) {
    container.querySelector(`.slot[data-seat="${seat}"][data-slot="${slot}"]`)?.classList.add("event-pop");
    const source = events.find((event) => (event.key === "pairs.top" || event.key === "pairs.top_replace")
      && event.params.seat === seat && event.params.slot === slot);
    if (source) container.querySelector(`.zone[data-seat="${seat}"][data-zone="${source.params.zone}"]`)?.classList.add("event-burst");
    texts.push(t("pairs.anim.top", { seat: name(seat), subject, slot }));
  }
  for (const event of events) {
    if (event.key === "pairs.complete") {
      for (const row of container.querySelectorAll(".pair-boards .top-row")) row.classList.add("celebrate");
      texts.push(eventLine(event));
    }
  }
  return texts;
}
