// "Analyse this game" on a finished table's replay page (#analysis): the engine's value
// along the game as an SVG chart, and at each move the engine's choice beside the move
// played. Clicking a point or a row shows that position in the replay (through the
// replay's own slider). Fair play: the server analyses finished games only. The positions
// arrive as server-sent events as each search ends (GET .../analysis/stream); values are
// shown on the hints' scale (format.js hintValueText: "wins 63%").

import { api } from "./api.js";
import { h, messageOf, toast } from "./dom.js";
import { gameTitle, hintValueText, listText, seatClass, seatName } from "./format.js";
import { chartScale, moveQuality } from "./community.js";
import { eventText, loadNamespaces, t } from "./i18n.js";
import { activateOnKeys, svg } from "./svg.js";
import { openExplorer } from "./explore.js";

/** @typedef {import("./types.js").GameInfo} GameInfo */
/** @typedef {import("./community-types.js").Analysis} Analysis */
/** @typedef {import("./community-types.js").AnalysedPosition} AnalysedPosition */
/** @typedef {import("./community-types.js").AnalysisProgress} AnalysisProgress */

const parts = location.pathname.split("/");
const tableId = parts[1] === "tables" ? Number(parts[2]) : null;
const WIDTH = 600;
const HEIGHT = 180;
const PAD = 14;

/**
 * Show the position before action `seq` in the replay (the one the engine searched).
 *
 * @param {number} seq
 */
function showInReplay(seq) {
  const slider = /** @type {HTMLInputElement | null} */ (document.getElementById("slider"));
  if (!slider) return;
  slider.value = String(Math.max(0, seq - 1));
  slider.dispatchEvent(new Event("input"));
}

/**
 * The text of the action played at `seq`, as the replay's move list words it.
 *
 * @param {AnalysedPosition} position
 * @returns {string}
 */
function playedText(position) {
  const item = document.querySelector(`#moves li[value="${position.seq}"] .move-text`);
  return item?.textContent || position.played;
}

/**
 * The value chart: one line per seat, each seat's expected return where it moved (higher is
 * better for that seat). The seats' own views are shown as they are: a two-sided game need
 * not be zero-sum (points), and each search has its own horizon.
 *
 * @param {AnalysedPosition[]} positions
 * @param {GameInfo} game
 * @returns {SVGElement}
 */
function valueChart(positions, game) {
  // The hints' 0..1 scale where the game has one (the middle line: a draw), else the points.
  const scored = positions.every((p) => p.score !== null);
  const values = positions.map((p) => (scored ? Number(p.score) : p.value));
  const scale = chartScale(values, {
    width: WIDTH, height: HEIGHT, pad: PAD,
    low: scored ? 0 : Math.min(-1, ...values), high: scored ? 1 : Math.max(1, ...values),
  });
  const zero = scale.y(scored ? 0.5 : 0);
  const lines = seatsOf(positions).map((seat) => {
    const points = scale.points.filter((_, i) => positions[i].seat === seat);
    return points.length > 1
      ? svg("polyline", {
        class: `value-line ${seatClass(game, seat)}`,
        points: points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" "),
      })
      : null;
  });
  const dots = scale.points.map(([x, y], i) => {
    const position = positions[i];
    const quality = moveQuality(position);
    const title = `${t("community.moveN", { n: position.seq })} · ${seatName(game, position.seat)}: ${t(`community.quality_${quality}`)}`;
    const dot = svg("circle", {
      class: `value-dot ${quality} ${seatClass(game, position.seat)}`, cx: x.toFixed(1), cy: y.toFixed(1),
      r: quality === "mistake" ? 4.5 : 3, tabindex: 0, role: "button", "aria-label": title, "data-seq": position.seq,
    }, svg("title", {}, title));
    dot.addEventListener("click", () => showInReplay(position.seq));
    activateOnKeys(dot, () => showInReplay(position.seq));
    return dot;
  });
  return svg("svg", {
    // A group, not an image: its points are buttons (an image has no focusable parts).
    class: "value-chart", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "group", preserveAspectRatio: "none",
    "aria-label": t("community.chartMany"),
  },
  svg("rect", { class: "chart-back", x: 0, y: 0, width: WIDTH, height: HEIGHT }),
  svg("line", { class: "chart-zero", x1: PAD, x2: WIDTH - PAD, y1: zero.toFixed(1), y2: zero.toFixed(1) }),
  ...lines, ...dots);
}

/**
 * The seats that moved, in order.
 *
 * @param {AnalysedPosition[]} positions
 * @returns {number[]}
 */
const seatsOf = (positions) => [...new Set(positions.map((p) => p.seat))].sort((a, b) => a - b);

/**
 * Each move: the one played, the engine's choice when different, and its value.
 *
 * @param {AnalysedPosition[]} positions
 * @param {GameInfo} game
 * @returns {HTMLOListElement}
 */
function moveList(positions, game) {
  return h("ol", { class: "analysis-moves", id: "analysis-moves" }, positions.map((position) => {
    const quality = moveQuality(position);
    const best = eventText(position.best_event ?? null, (s) => seatName(game, s), listText) || position.best;
    return h("li", {
      class: `analysis-move ${quality}`, value: position.seq, tabindex: 0, dataset: { seq: String(position.seq) },
      onclick: () => showInReplay(position.seq),
      /** @param {KeyboardEvent} event */
      onkeydown: (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          showInReplay(position.seq);
        }
      },
    },
    h("span", { class: `mover ${seatClass(game, position.seat)}` }, seatName(game, position.seat)), " ",
    h("span", { class: "played" }, playedText(position)),
    h("span", { class: `quality ${quality}` }, t(`community.quality_${quality}`)),
    quality === "best" ? null : h("span", { class: "best" }, t("community.engineBest", { move: best })),
    h("span", { class: "value muted" }, hintValueText(position)));
  }));
}

/**
 * Show the positions analysed so far (by seq).
 *
 * @param {HTMLElement} root
 * @param {AnalysedPosition[]} positions
 * @param {GameInfo} game
 */
function show(root, positions, game) {
  root.querySelector("#analysis-result")?.replaceChildren(
    h("div", { class: "chart-wrap" }, valueChart(positions, game)),
    h("p", { class: "muted chart-legend" }, t("community.chartMany"), " ",
      seatsOf(positions).map((seat) => h("span", { class: `legend-seat ${seatClass(game, seat)}` }, seatName(game, seat)))),
    moveList(positions, game));
}

/**
 * The analysis as server-sent events: `position` events as each search ends, then `done`
 * with the whole analysis. A stream that fails before `done` is asked once as JSON, whose
 * error (fair play, a limit with its wait, a busy engine) the page then shows.
 *
 * @param {(progress: AnalysisProgress) => void} onPosition
 * @returns {Promise<Analysis>}
 */
function streamAnalysis(onPosition) {
  return new Promise((resolve, reject) => {
    const source = new EventSource(`/api/tables/${tableId}/analysis/stream`);
    source.addEventListener("position", (event) => onPosition(JSON.parse(/** @type {MessageEvent} */ (event).data)));
    source.addEventListener("done", (event) => {
      source.close();
      resolve(JSON.parse(/** @type {MessageEvent} */ (event).data));
    });
    source.addEventListener("error", () => {
      source.close();
      api.get(`/api/tables/${tableId}/analysis`).then(resolve, reject);
    });
  });
}

/**
 * Run the analysis and show each position as it comes.
 *
 * @param {HTMLElement} root
 * @param {HTMLButtonElement} button
 */
async function analyse(root, button) {
  const status = /** @type {HTMLElement} */ (root.querySelector("#analysis-status"));
  button.disabled = true;
  status.textContent = t("community.analysing");
  try {
    /** @type {[{table: {game: string}}, {games: GameInfo[]}]} */
    const [{ table }, catalogue] = await Promise.all([api.get(`/api/tables/${tableId}`), api.get("/api/games")]);
    const game = catalogue.games.find((g) => g.name === table.game) || { name: table.game, seat_names: [] };
    await loadNamespaces("common", "community", table.game);
    /** @type {Map<number, AnalysedPosition>} */
    const found = new Map();
    const analysis = await streamAnalysis((progress) => {
      found.set(progress.position.seq, progress.position);
      status.textContent = t("community.analysingProgress", { done: found.size, total: progress.total });
      show(root, [...found.values()].sort((a, b) => a.seq - b.seq), game);
    });
    const positions = analysis.positions;
    if (!positions.length) {
      status.textContent = t("community.nothingToAnalyse");
      return;
    }
    const mistakes = positions.filter((p) => moveQuality(p) === "mistake").length;
    status.textContent = [
      t("community.analysisOf", { game: gameTitle(game), count: positions.length }),
      analysis.sampled ? t("community.analysisSampled") : "",
      t("community.mistakesCount", { count: mistakes }),
    ].filter(Boolean).join(" ");
    button.hidden = true;
    show(root, positions, game);
  } catch (problem) {
    status.textContent = messageOf(problem);
    button.disabled = false;
  }
}

async function main() {
  const root = document.getElementById("analysis");
  if (!root || !tableId) return;
  await loadNamespaces("common", "community");
  const button = h("button", { class: "primary", id: "analyse", type: "button" }, t("community.analyseThisGame"));
  button.addEventListener("click", () => analyse(root, button));
  // "Analyse from here": under the replay's board, from the position the replay shows.
  const explore = h("section", { class: "explore-panel", id: "explore", hidden: true, "aria-labelledby": "explore-heading" });
  document.getElementById("controls")?.after(explore);
  const fromHere = h("button", { id: "explore-open", type: "button" }, t("community.exploreFromHere"));
  fromHere.addEventListener("click", () => {
    const slider = /** @type {HTMLInputElement | null} */ (document.getElementById("slider"));
    const close = () => {
      explore.hidden = true;
      explore.replaceChildren();
      fromHere.focus();
    };
    openExplorer(explore, tableId, Number(slider?.value || 0), close)
      .then(() => explore.scrollIntoView({ block: "nearest" }), (problem) => toast(messageOf(problem)));
  });
  root.replaceChildren(
    h("h2", { id: "analysis-heading" }, t("community.analysis")),
    h("p", { class: "muted" }, t("community.analysisHint")),
    h("div", { class: "analysis-buttons" }, button, " ", fromHere),
    h("p", { class: "status-line", id: "analysis-status", role: "status", "aria-live": "polite" }),
    h("div", { id: "analysis-result" }));
  root.setAttribute("aria-labelledby", "analysis-heading");
  root.hidden = false;
}

main().catch((problem) => toast(messageOf(problem)));
