// Direct challenges: challenge a named user (from the lobby's #challenges panel or a
// profile), and the challenges waiting — received ones with accept / decline, sent ones with
// cancel. The lists follow the user's events (/ws/user); an accepted challenge takes both
// people to the new table (the challenged at once, the challenger on its gameStart).
//
// A challenge is a new table's body (docs/bot-api.md): the challenger's seat first, the
// challenged's (the first open seat) second; more players' seats stay open for anyone with
// the invitation link.

import { api, ApiError, currentUser, loadCatalogue, onUserChange } from "./api.js";
import { h, messageOf, toast } from "./dom.js";
import { gameTitle, relativeTime, seatClass, seatName } from "./format.js";
import { optionInput, optionValues } from "./option-fields.js";
import { TIME_CONTROLS, timeControlOf, timeControlText } from "./community.js";
import { loadNamespaces, t, tn } from "./i18n.js";
import { onUserEvent } from "./userevents.js";

/** @typedef {import("./types.js").CatalogueGame} GameInfo */
/** @typedef {import("./community-types.js").Challenge} Challenge */

/** @type {{games: GameInfo[], in: Challenge[], out: Challenge[]}} */
const state = { games: [], in: [], out: [] };

/** @returns {Promise<GameInfo[]>} the games (fetched once). */
async function games() {
  if (!state.games.length) state.games = (await loadCatalogue()).games;
  return state.games;
}

/**
 * A challenge in words: "Quinque · 2 players · 5+3 · rated".
 *
 * @param {Challenge} challenge
 * @returns {string}
 */
function challengeSummary(challenge) {
  const game = state.games.find((g) => g.name === challenge.game);
  return [
    game ? gameTitle(game) : challenge.game, tn("community.playersCount", challenge.seats.length),
    timeControlText(challenge.settings.time_control),
    challenge.settings.rated ? t("community.rated") : t("community.casual"),
  ].join(" · ");
}

/**
 * The dialog that challenges `name` (a modal; it removes itself when closed).
 *
 * @param {string} name - the challenged user's name.
 */
export async function challengeDialog(name) {
  await loadNamespaces("common", "community");
  const catalogue = await games();
  const user = currentUser();
  const error = h("p", { class: "form-error", role: "alert" });
  const game = h("select", { id: "challenge-game" }, catalogue.map((g) => h("option", { value: g.name }, gameTitle(g))));
  const players = h("select", { id: "challenge-players" });
  // The challenger's colour (seat): at random by default, drawn when the challenge is accepted.
  const colour = h("select", { id: "challenge-seat" });
  // The game's rule options: the new-table form's widgets (option-fields.js).
  const rules = h("div", { class: "options challenge-options" });
  const info = () => catalogue.find((g) => g.name === game.value) || catalogue[0];
  const fillSeats = () => {
    const count = Number(players.value) || 2;
    const chosen = colour.value;
    colour.replaceChildren(h("option", { value: "random" }, t("community.colourRandom")),
      ...Array.from({ length: count }, (_, seat) => h("option", { value: String(seat), class: seatClass(info(), seat) },
        seatName(info(), seat))));
    colour.value = Number(chosen) < count ? chosen : "random";
    rules.replaceChildren(...info().options.filter((o) => o.form !== false)
      .map((o) => optionInput(info(), o, count, undefined, "challenge-option-")).filter((input) => input !== null));
  };
  const fill = () => {
    const counts = (info()?.player_counts ?? [2]).filter((n) => n >= 2);
    players.replaceChildren(...counts.map((n) => h("option", { value: n, selected: n === counts[0] }, tn("community.playersCount", n))));
    colour.value = "random";
    fillSeats();
  };
  fill();
  game.addEventListener("change", fill);
  players.addEventListener("change", fillSeats);
  const time = h("select", { id: "challenge-time" },
    TIME_CONTROLS.map((key) => h("option", { value: key, selected: key === "rt:10+5" }, timeControlText(timeControlOf(key)))));
  const rated = h("input", { type: "checkbox", id: "challenge-rated", disabled: Boolean(user?.guest) });
  const submit = h("button", { class: "primary", type: "submit", id: "challenge-send" }, t("community.sendChallenge"));
  const form = h("form", { method: "dialog", class: "account-form challenge-form" },
    h("h2", { id: "challenge-title" }, t("community.challengeTitle", { name })),
    h("label", { for: "challenge-game" }, t("community.game")), game,
    h("label", { for: "challenge-players" }, t("community.players")), players,
    h("label", { for: "challenge-seat" }, t("community.yourColour")), colour,
    h("label", { for: "challenge-time" }, t("community.timeControl")), time,
    h("details", { class: "challenge-rules" }, h("summary", {}, t("common.rules")), rules),
    h("label", { class: "check" }, rated, " ", t("community.ratedGame")),
    user?.guest ? h("p", { class: "hint" }, t("community.ratedNeedsAccount")) : null,
    h("p", { class: "hint" }, t("community.challengeHint")),
    error,
    h("div", { class: "buttons" }, h("button", { type: "button", onclick: () => dialog.close() }, t("common.cancel")), submit));
  const dialog = h("dialog", { class: "account", "aria-labelledby": "challenge-title" }, form);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    submit.disabled = true;
    const count = Number(players.value);
    const mine = colour.value === "random" ? 0 : Number(colour.value);
    try {
      /** @type {{challenge: Challenge}} */
      const answer = await api.post(`/api/challenge/${encodeURIComponent(name)}`, {
        game: game.value, options: optionValues(form, info()),
        seats: Array.from({ length: count }, (_, seat) => ({ kind: seat === mine ? "me" : "open" })),
        random_seat: colour.value === "random",
        settings: { time_control: timeControlOf(time.value), rated: rated.checked },
      });
      state.out = [...state.out.filter((c) => c.id !== answer.challenge.id), answer.challenge];
      renderChallenges();
      onUserEvent(followEvent); // the answer comes over the user's socket
      toast(t("community.challengeSent", { name }), "info");
      dialog.close();
    } catch (problem) {
      // The server's "not_found" text speaks of tables; here it is the user.
      const missing = problem instanceof ApiError && problem.status === 404;
      error.textContent = missing ? t("community.noSuchUser", { name }) : messageOf(problem);
    } finally {
      submit.disabled = false;
    }
  });
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  game.focus();
}

/**
 * Answer a received challenge.
 *
 * @param {Challenge} challenge
 * @param {"accept" | "decline"} answer
 */
async function answer(challenge, answer) {
  try {
    const reply = await api.post(`/api/challenge/${challenge.id}/${answer}`);
    state.in = state.in.filter((c) => c.id !== challenge.id);
    renderChallenges();
    if (answer === "accept" && typeof reply.table_id === "number") location.assign(`/tables/${reply.table_id}`);
  } catch (problem) {
    toast(messageOf(problem));
    refresh();
  }
}

/** Show the challenges waiting in the lobby panel (when the page has one). */
function renderChallenges() {
  const list = document.getElementById("challenge-list");
  if (!list) return;
  const received = state.in.map((c) => h("li", { class: "challenge in", dataset: { challengeId: String(c.id) } },
    h("span", {}, t("community.challengedBy", { name: c.challenger.name }), " "),
    h("a", { href: `/users/${encodeURIComponent(c.challenger.name)}` }, "↗"),
    h("span", { class: "muted challenge-what" }, challengeSummary(c)),
    h("span", { class: "muted" }, t("community.expires", { when: relativeTime(c.expires_at) })),
    h("span", { class: "buttons" },
      h("button", { class: "small primary accept", onclick: () => answer(c, "accept") }, t("community.accept")),
      h("button", { class: "small decline", onclick: () => answer(c, "decline") }, t("community.decline")))));
  const sent = state.out.map((c) => h("li", { class: "challenge out", dataset: { challengeId: String(c.id) } },
    h("span", {}, t("community.youChallenged", { name: c.challenged.name })),
    h("span", { class: "muted challenge-what" }, challengeSummary(c)),
    h("span", { class: "buttons" },
      h("button", { class: "small", onclick: async () => {
        try {
          await api.post(`/api/challenge/${c.id}/cancel`);
        } catch (problem) {
          toast(messageOf(problem));
        }
        refresh();
      } }, t("community.cancelChallenge")))));
  list.replaceChildren(...received, ...sent);
  const empty = document.getElementById("no-challenges");
  if (empty) empty.hidden = received.length + sent.length > 0;
}

/** Fetch the challenges waiting (signed-in users only). */
async function refresh() {
  if (!currentUser()) {
    state.in = [];
    state.out = [];
    renderChallenges();
    return;
  }
  try {
    const pending = await api.get("/api/challenges");
    state.in = pending.in;
    state.out = pending.out;
  } catch (problem) {
    toast(messageOf(problem));
  }
  renderChallenges();
}

/**
 * A user event: new, declined or cancelled challenges change the lists; a game starting
 * with the person the user challenged takes the challenger there.
 *
 * @param {import("./userevents.js").UserEvent} event
 */
function followEvent(event) {
  if (event.type === "challenge") {
    const me = currentUser();
    if (me && event.challenge?.challenged?.id === me.id) toast(t("community.challengedBy", { name: event.challenge.challenger.name }), "info");
    refresh();
  } else if (event.type === "challengeDeclined" || event.type === "challengeCanceled") {
    const mine = state.out.some((c) => c.id === event.challenge?.id);
    if (mine && event.type === "challengeDeclined") toast(t("community.challengeDeclined", { name: event.challenge.challenged.name }), "info");
    refresh();
  } else if (event.type === "gameStart") {
    const seated = new Set((event.game?.seats ?? []).map((/** @type {{user_id?: number}} */ s) => s.user_id));
    const accepted = state.out.find((c) => c.game === event.game?.game && seated.has(c.challenged.id));
    if (accepted) location.assign(`/tables/${event.game.id}`);
  }
}

/** The lobby panel (#challenges): challenge a player by name, and the challenges waiting. */
async function main() {
  const root = document.getElementById("challenges");
  if (!root) return;
  await loadNamespaces("common", "community");
  await games();
  const name = h("input", { id: "challenge-name", name: "name", autocomplete: "off", maxlength: 64, required: true });
  const form = h("form", { class: "challenge-by-name", id: "challenge-by-name" },
    h("label", { for: "challenge-name" }, t("community.playerName")), name,
    h("button", { type: "submit", id: "challenge-open" }, t("community.challenge")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const wanted = name.value.trim();
    if (wanted) challengeDialog(wanted).catch((problem) => toast(messageOf(problem)));
  });
  root.replaceChildren(
    h("h2", { id: "challenges-heading" }, t("community.challenges")),
    h("p", { class: "muted", id: "challenge-signed-out" }, t("community.signInToChallenge")),
    form,
    h("p", { class: "muted empty", id: "no-challenges" }, t("community.noChallenges")),
    h("ul", { class: "challenge-list", id: "challenge-list" }));
  root.setAttribute("aria-labelledby", "challenges-heading");
  const show = () => {
    const user = currentUser();
    form.hidden = !user;
    /** @type {HTMLElement} */ (root.querySelector("#challenge-signed-out")).hidden = Boolean(user);
    refresh();
  };
  show();
  onUserChange(show);
  onUserEvent(followEvent);
}

main().catch((problem) => toast(messageOf(problem)));
