// Turn alerts of the table page: the tab's title says "● Your turn — Quinque #12" while it is
// the viewer's turn, and a browser notification appears when the turn comes while the page is
// hidden — never while it is visible — if the player turned alerts on (the toggle asks the
// browser's permission once, on that click). The choices are pure functions (node tests);
// notify() and askPermission() need a browser.

import { t } from "./translate.js";

const STORAGE_KEY = "turn-notifications";

/**
 * The tab's title.
 *
 * @param {boolean} myTurn - a seat of this page may act now.
 * @param {string} name - the table's name, e.g. "Quinque #12".
 * @returns {string}
 */
export function turnTitle(myTurn, name) {
  return myTurn ? `● ${t("common.yourTurnTitle")} — ${name}` : `Connect Arena — ${name}`;
}

/**
 * Whether to show a notification: the turn has just come (it was not the viewer's turn
 * before; the first state of the page does not count), the page is hidden, the player wants
 * alerts and the browser allows them.
 *
 * @param {object} moment
 * @param {boolean | null} moment.before - the viewer's turn before the state (null: the page's first state).
 * @param {boolean} moment.now - the viewer's turn now.
 * @param {boolean} moment.hidden - document.hidden.
 * @param {boolean} moment.wanted - the player turned alerts on.
 * @param {string} moment.permission - Notification.permission ("granted", "denied", "default").
 * @returns {boolean}
 */
export function shouldNotify({ before, now, hidden, wanted, permission }) {
  return before === false && now && hidden && wanted && permission === "granted";
}

/**
 * @param {Pick<Storage, "getItem">} [storage]
 * @returns {boolean} whether the player turned turn alerts on (off by default).
 */
export function alertsWanted(storage = globalThis.localStorage) {
  try {
    return storage?.getItem(STORAGE_KEY) === "on";
  } catch {
    return false;
  }
}

/**
 * Remember whether the player wants turn alerts.
 *
 * @param {boolean} wanted
 * @param {Pick<Storage, "setItem">} [storage]
 */
export function setAlertsWanted(wanted, storage = globalThis.localStorage) {
  try {
    storage?.setItem(STORAGE_KEY, wanted ? "on" : "off");
  } catch {
    // not remembered: the toggle still works for this page
  }
}

/** @returns {string} the browser's answer so far: "granted", "denied", "default" or "unsupported". */
export function permission() {
  return typeof Notification === "undefined" ? "unsupported" : Notification.permission;
}

/**
 * Ask the browser's permission (call it from a click: browsers ignore other requests).
 *
 * @returns {Promise<string>} the answer, as permission().
 */
export async function askPermission() {
  if (typeof Notification === "undefined") return "unsupported";
  if (Notification.permission !== "default") return Notification.permission;
  return Notification.requestPermission();
}

/**
 * Show "Your turn" as a notification; clicking it brings the table's tab to the front.
 *
 * @param {string} title
 * @param {string} body
 * @param {string} tag - one notification per table: a new one replaces the old.
 */
export function notify(title, body, tag) {
  if (typeof Notification === "undefined") return;
  try {
    const notification = new Notification(title, { body, tag });
    notification.onclick = () => {
      window.focus();
      notification.close();
    };
  } catch {
    // some browsers allow notifications only from a service worker: the title still says it
  }
}
