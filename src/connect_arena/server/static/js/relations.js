// Follow and block (docs/community.md, "Follow and block"): the profile's buttons, and the
// account dialog's "People" — who you follow (online, playing now) and whom you block.

import { api } from "./api.js";
import { h, messageOf, toast } from "./dom.js";
import { loadNamespaces, t } from "./i18n.js";

/**
 * @typedef {{table_id: number, game: string, title: string}} Playing
 * @typedef {{id: number, name: string, online: boolean, playing: Playing[]}} Followed
 * @typedef {{following: Followed[], blocked: {id: number, name: string}[]}} Relations
 */

/**
 * Set a relation.
 *
 * @param {number} userId
 * @param {"follow" | "block"} kind
 * @param {boolean} on
 * @returns {Promise<void>}
 */
const setRelation = (userId, kind, on) => api.post("/api/relations", { user_id: userId, kind, on });

/**
 * The profile's "Follow" and "Block" toggles for another player.
 *
 * @param {{id: number, name: string}} user
 * @returns {HTMLElement}
 */
export function relationButtons(user) {
  const box = h("span", { class: "relation-buttons" });
  const follow = h("button", { type: "button", id: "follow-user", "aria-pressed": "false" });
  const block = h("button", { type: "button", class: "link", id: "block-user", "aria-pressed": "false" });
  let following = false;
  let blocking = false;
  const show = () => {
    follow.textContent = following ? t("moderation.unfollow") : t("moderation.follow");
    follow.setAttribute("aria-pressed", String(following));
    block.textContent = blocking ? t("moderation.unblock") : t("moderation.block");
    block.setAttribute("aria-pressed", String(blocking));
    follow.hidden = blocking;
  };
  follow.addEventListener("click", () => setRelation(user.id, "follow", !following)
    .then(() => { following = !following; show(); }).catch((e) => toast(messageOf(e))));
  block.addEventListener("click", () => setRelation(user.id, "block", !blocking)
    .then(() => {
      blocking = !blocking;
      if (blocking) following = false;
      show();
      toast(t(blocking ? "moderation.blockedToast" : "moderation.unblockedToast", { name: user.name }), "info");
    }).catch((e) => toast(messageOf(e))));
  loadNamespaces("moderation").then(() => api.get("/api/relations")).then((/** @type {Relations} */ found) => {
    following = found.following.some((f) => f.id === user.id);
    blocking = found.blocked.some((b) => b.id === user.id);
    show();
    box.append(follow, block);
  }).catch((e) => toast(messageOf(e)));
  return box;
}

/**
 * The account dialog's "People": who you follow and whom you block.
 *
 * @returns {HTMLElement}
 */
export function peopleSection() {
  const list = h("ul", { class: "people", id: "following-list" });
  const blocked = h("ul", { class: "people", id: "blocked-list" });
  const section = h("section", { "aria-labelledby": "people-title" },
    h("h3", { id: "people-title" }, t("moderation.people")), list,
    h("h4", {}, t("moderation.blockedPeople")), blocked);
  const refresh = () => api.get("/api/relations").then((/** @type {Relations} */ found) => {
    list.replaceChildren(...(found.following.length ? found.following.map((f) => h("li", {},
      h("span", { class: `presence-dot ${f.online ? "online" : "offline"}`, "aria-hidden": "true" }),
      h("a", { href: `/users/${encodeURIComponent(f.name)}` }, f.name), " ",
      h("span", { class: "muted" }, f.online ? t("moderation.online") : t("moderation.offline")),
      f.playing.map((p) => [" · ", h("a", { href: `/tables/${p.table_id}` }, t("moderation.playingAt", { game: p.title, id: p.table_id }))])))
      : [h("li", { class: "hint" }, t("moderation.followNobody"))]));
    blocked.replaceChildren(...(found.blocked.length ? found.blocked.map((b) => h("li", {},
      h("a", { href: `/users/${encodeURIComponent(b.name)}` }, b.name), " ",
      h("button", { type: "button", class: "link small", onclick: () => setRelation(b.id, "block", false).then(refresh)
        .catch((e) => toast(messageOf(e))) }, t("moderation.unblock"))))
      : [h("li", { class: "hint" }, t("moderation.blockNobody"))]));
  });
  loadNamespaces("moderation").then(refresh).catch((e) => toast(messageOf(e)));
  return section;
}
