// The table page's clocks: drawn from the state, counted down every tick.

import { byId as $, h } from "../dom.js";
import { seatClass, seatName } from "../format.js";
import { t } from "../i18n.js";
import { clocksNow, formatClock, lowTime } from "../clock.js";
import { page, timeControl } from "./page-state.js";

/**
 * The clocks above the board: one per timed seat, the running ones marked (and counted down
 * by tick()), low on time in red.
 */
export function renderClocks() {
  const clocks = page.state?.clocks;
  const box = $("clocks");
  if (!clocks || !page.table || page.table.status === "open") {
    box.replaceChildren();
    return;
  }
  const seats = Object.keys(clocks).map(Number).sort((a, b) => a - b);
  box.replaceChildren(...seats.map((seat) => h("div", {
    class: `clock ${page.you.includes(seat) ? "mine" : ""}`, id: `clock-${seat}`, dataset: { seat },
    role: "timer", "aria-label": t("common.clockOf", { seat: seatName(page.game, seat) }),
  },
  h("span", { class: `swatch ${seatClass(page.game, seat)}`, "aria-hidden": "true" }),
  h("span", { class: "clock-name" }, seatName(page.game, seat)),
  h("span", { class: "clock-time" }))));
  tickClocks();
}

/** Bring the clocks' texts to now (every tick): only what changed is written. */
export function tickClocks() {
  const state = page.state;
  if (!state?.clocks) return;
  const over = page.table?.status !== "running" || state.terminal;
  const running = state.running || [];
  // After the end the clocks stop where they were when the page heard of it.
  const received = state.receivedAt ?? performance.now();
  const now = over ? Math.max(received, page.endedAt ?? received) : performance.now();
  const left = clocksNow(state.clocks, running, received, now);
  const low = lowTime(timeControl());
  for (const [seat, seconds] of Object.entries(left)) {
    const clock = document.getElementById(`clock-${seat}`);
    if (!clock) continue;
    const time = /** @type {HTMLElement} */ (clock.querySelector(".clock-time"));
    const text = formatClock(seconds, timeControl());
    if (time.textContent !== text) time.textContent = text;
    clock.classList.toggle("running", !over && running.includes(Number(seat)));
    clock.classList.toggle("low", seconds < low);
    clock.classList.toggle("out", seconds < 0.1); // shown as 0:00.0
  }
}
