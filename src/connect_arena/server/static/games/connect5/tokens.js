// Connect 5's tokens in five colours and five shapes (SVG), the legend's icons and the
// colours' names.

import { t } from "../../js/i18n.js";
import { svg } from "../../js/svg.js";

const FILLS = ["#d62828", "#1d4ed8", "#7e22ce", "#eab308", "#16a34a"];
const EDGES = ["#6e1010", "#0c2468", "#3f0f6e", "#5c4300", "#0a4a22"];
const LOWER = ["#9b1c1c", "#15348f", "#561a8a", "#a17c06", "#0f6b31"]; // the bottom token of a double
const SHAPES = ["circle", "square", "triangle", "diamond", "star"];
// Colour names, one t() call per key (a static check finds every key used).
const COLOUR_NAMES = [
  () => t("connect5.red"),
  () => t("connect5.blue"),
  () => t("connect5.purple"),
  () => t("connect5.yellow"),
  () => t("connect5.green"),
];

/** @param {number} seat @returns {string} */
export const colourName = (seat) => (COLOUR_NAMES[seat] ? COLOUR_NAMES[seat]() : t("connect5.player", { n: seat + 1 }));

/** The outline of a token of `seat`, centred on 0,0 (about 24 px across).
 * @param {number} seat @param {Record<string, unknown>} attributes @returns {SVGElement} */
function shapeOf(seat, attributes) {
  switch (SHAPES[seat % SHAPES.length]) {
    case "square":
      return svg("rect", { x: -10.5, y: -10.5, width: 21, height: 21, rx: 2.5, ...attributes });
    case "triangle":
      return svg("path", { d: "M0,-14 L13,9.5 L-13,9.5 Z", "stroke-linejoin": "round", ...attributes });
    case "diamond":
      return svg("path", { d: "M0,-14 L13,0 L0,14 L-13,0 Z", "stroke-linejoin": "round", ...attributes });
    case "star": {
      const points = [];
      for (let i = 0; i < 10; i += 1) {
        const radius = i % 2 ? 6.6 : 15;
        const angle = (Math.PI / 5) * i - Math.PI / 2;
        points.push(`${(radius * Math.cos(angle)).toFixed(2)},${(radius * Math.sin(angle) + 1.5).toFixed(2)}`);
      }
      return svg("polygon", { points: points.join(" "), "stroke-linejoin": "round", ...attributes });
    }
    default:
      return svg("circle", { r: 11.5, ...attributes });
  }
}

/** A stack of one or two tokens of `seat` (a double as two tokens, one on the other).
 * @param {number} seat @param {number} height @param {string} [className] @returns {SVGElement} */
export function tokenGraphic(seat, height, className = "token") {
  const group = svg("g", { class: `${className} seat-${seat}` });
  const edge = EDGES[seat % EDGES.length];
  if (height >= 2) {
    group.append(svg("g", { transform: "translate(3.5,4.5)", class: "lower" },
      shapeOf(seat, { fill: LOWER[seat % LOWER.length], stroke: edge, "stroke-width": 2 })));
    group.append(svg("g", { transform: "translate(-2.5,-3)", class: "upper" },
      shapeOf(seat, { fill: FILLS[seat % FILLS.length], stroke: edge, "stroke-width": 2 })));
  } else {
    group.append(shapeOf(seat, { fill: FILLS[seat % FILLS.length], stroke: edge, "stroke-width": 2 }));
  }
  return group;
}

/** A small token icon for HTML (the panel, the legend).
 * @param {number} seat @param {number} [height] @returns {SVGElement} */
export function tokenIcon(seat, height = 1) {
  const icon = svg("svg", { class: "c5-icon", viewBox: "-17 -17 37 37", width: 22, height: 22, "aria-hidden": "true", focusable: "false" });
  icon.append(tokenGraphic(seat, height));
  return icon;
}

/** A dot (or a junction) for the legend.
 * @param {boolean} circled @param {boolean} [junction] @returns {SVGElement} */
export function dotIcon(circled, junction = false) {
  const icon = svg("svg", { class: "c5-icon", viewBox: "-17 -17 34 34", width: 22, height: 22, "aria-hidden": "true", focusable: "false" });
  icon.append(svg("line", { x1: -17, y1: 0, x2: 17, y2: 0, class: "trace" }));
  if (junction) icon.append(svg("line", { x1: 0, y1: 0, x2: 0, y2: 17, class: "trace" }), svg("rect", { x: -3.5, y: -3.5, width: 7, height: 7, class: "junction" }));
  else {
    if (circled) icon.append(svg("circle", { r: 13, class: "ring" }));
    icon.append(svg("circle", { r: 6.5, class: "pip" }));
  }
  return icon;
}
