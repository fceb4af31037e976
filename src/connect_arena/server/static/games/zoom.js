// Zoom for an SVG board that is too small to touch on a phone (Quinque, Connect 5).
//
// The board's drawing sits in a scrolling frame. On a wide screen, or whenever the whole board
// is big enough, it is drawn to fit (as large as the frame allows, up to the board's own cap)
// and nothing else shows. On a phone (a narrow window or a coarse pointer) where the fitted
// board's targets would be under 44 CSS px, three buttons zoom out, zoom in and show the whole
// board; a player's board starts at the "touch" scale the game names (every target 44 px or
// more) unless the game asks for the whole board first (startWhole), a spectator's or a
// finished game's starts whole. Zoomed, the frame scrolls: the
// player pans with a finger (the browser's own scrolling, momentum and scroll bars; the
// browser's pinch-zoom of the page stays available). Keyboard focus scrolls the focused
// target into view by itself (the browser does so in a scrolling frame).
//
// Why a scrolled, enlarged drawing rather than a viewBox zoom with gestures: the drawing's
// coordinates and the games' click, drag and focus handling stay exactly as they are; panning
// is the browser's, not code of ours; and the whole board is one button away.
//
// The level math is pure (zoomLevels, stepLevel, scrollFor: tests/js/zoom.test.mjs); zoomable()
// builds the frame. Its style sheet is static/games/zoom.css (loaded here).

/** The smallest tap target, CSS px (WCAG 2.5.5), with half a pixel to spare for rounding. */
export const TARGET_PX = 44.5;

/**
 * The zoom levels offered, in pixels per board unit, ascending.
 *
 * @param {number} fit - the scale that shows the whole board in its frame.
 * @param {number} touch - the smallest scale at which every target of the board is 44 px.
 * @returns {number[]} `[fit]` alone when the fitted board is already big enough to touch (no
 *   zoom needed), else the fitted board, the touch size, and one and a half and twice it; `[]`
 *   for a board without a size yet.
 */
export function zoomLevels(fit, touch) {
  if (!(fit > 0) || !Number.isFinite(fit)) return [];
  if (!(touch > fit)) return [fit];
  return [fit, touch, touch * 1.5, touch * 2];
}

/**
 * The next level from `scale` in `direction`: the first level above it (+1) or below it (−1),
 * or the last (first) level when there is none.
 *
 * @param {number[]} levels - ascending, not empty.
 * @param {number} scale
 * @param {1 | -1} direction
 * @returns {number}
 */
export function stepLevel(levels, scale, direction) {
  if (direction > 0) return levels.find((level) => level > scale * 1.001) ?? levels[levels.length - 1];
  return [...levels].reverse().find((level) => level < scale * 0.999) ?? levels[0];
}

/**
 * The scroll offset (px) that puts the board coordinate `centre` in the middle of a frame
 * `viewport` px long, for a drawing of `length` px from board coordinate `origin` at `scale`
 * px per unit; clamped to the scrollable range.
 *
 * @param {number} centre @param {number} origin @param {number} scale
 * @param {number} viewport @param {number} length
 * @returns {number}
 */
export function scrollFor(centre, origin, scale, viewport, length) {
  const wanted = (centre - origin) * scale - viewport / 2;
  return Math.round(Math.min(Math.max(0, wanted), Math.max(0, length - viewport)));
}

/**
 * @typedef {object} ZoomOptions
 * @property {number} touch - pixels per board unit at which every target of the board is at
 *   least 44 CSS px (its smallest target, in board units, is TARGET_PX / touch).
 * @property {() => number} maxHeight - the tallest the drawing may be, px (the frame's height
 *   when zoomed).
 * @property {number} [maxWidth] - the widest the fitted drawing may be, px.
 * @property {number} [maxScale] - the largest fitted scale (a small board is not blown up).
 * @property {{zoomIn: string, zoomOut: string, fit: string}} labels - the buttons' names, in
 *   the page's language.
 * @property {boolean} [startWhole] - a player's board starts whole too (a board read as a
 *   whole, such as Quinque's formation; the player zooms in on demand)
 */

/**
 * @typedef {object} Zoom
 * @property {HTMLElement} element - the buttons and the frame holding the drawing.
 * @property {(playing?: boolean) => void} layout - size the drawing again (call after
 *   changing its viewBox; the board point in the middle of the frame stays there), and say
 *   whether the page plays at this table now (a player's board starts at the touch scale, a
 *   spectator's whole; the buttons' choice wins).
 */

let stylesheet = false;
function loadStyles() {
  if (stylesheet) return;
  stylesheet = true;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("./zoom.css", import.meta.url).href;
  document.head.append(link);
}

/**
 * @param {string} zoom - "out", "in" or "fit" (the button's data-zoom)
 * @param {string} text @param {string} label
 * @returns {HTMLButtonElement}
 */
function zoomButton(zoom, text, label) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = `small zoom-${zoom}`;
  button.dataset.zoom = zoom;
  button.textContent = text;
  if (text !== label) {
    button.setAttribute("aria-label", label);
    button.title = label;
  }
  return button;
}

/**
 * Put `surface` (an SVG drawing with a viewBox) in a zoomable frame.
 *
 * @param {SVGSVGElement} surface
 * @param {ZoomOptions} options
 * @returns {Zoom}
 */
export function zoomable(surface, options) {
  loadStyles();
  const frame = document.createElement("div");
  frame.className = "zoom-frame";
  const out = zoomButton("out", "−", options.labels.zoomOut);
  const into = zoomButton("in", "+", options.labels.zoomIn);
  const fit = zoomButton("fit", options.labels.fit, options.labels.fit);
  const buttons = document.createElement("div");
  buttons.className = "zoom-buttons";
  buttons.hidden = true;
  buttons.append(out, into, fit);
  const element = document.createElement("div");
  element.className = "zoom";
  element.append(buttons, frame);
  frame.append(surface);
  const phone = window.matchMedia("(max-width: 600px), (pointer: coarse)");
  /** @type {number | null | undefined} the scale the buttons chose, as a multiple of the touch
   * scale; null: the whole board; undefined: none chosen (the player's touch scale, else fit) */
  let factor;
  let playing = false;
  /** @type {{x: number, y: number, scale: number, zoomed: boolean} | null} the last drawing */
  let drawn = null;
  let width = 0;

  /** @param {number | null} [chosen] - a new scale, px per unit (else the chosen factor's) */
  function layout(chosen = null) {
    const box = surface.viewBox.baseVal;
    width = element.clientWidth;
    if (!box || !box.width || !box.height || !width) return; // not drawn, or hidden
    const fitted = Math.min(width / box.width, options.maxHeight() / box.height,
      options.maxScale ?? Infinity, (options.maxWidth ?? Infinity) / box.width);
    const levels = phone.matches ? zoomLevels(fitted, options.touch) : [fitted];
    const zooming = levels.length > 1;
    if (chosen !== null) factor = chosen <= fitted * 1.001 ? null : chosen / options.touch;
    const wanted = factor === undefined ? (playing && !options.startWhole ? 1 : null) : factor;
    const scale = zooming && wanted !== null ? Math.max(fitted, options.touch * wanted) : fitted;
    // The board point in the middle of the frame, to keep there (the board's centre at first).
    let centre = [box.x + box.width / 2, box.y + box.height / 2];
    if (drawn?.zoomed && zooming) {
      centre = [drawn.x + (frame.scrollLeft + frame.clientWidth / 2) / drawn.scale,
        drawn.y + (frame.scrollTop + frame.clientHeight / 2) / drawn.scale];
    }
    surface.style.width = `${box.width * scale}px`;
    surface.style.height = `${box.height * scale}px`;
    surface.style.maxWidth = "none";
    surface.style.maxHeight = "none";
    // Zoomed, the frame may be almost as tall as the screen: the board then pans mostly
    // sideways, and a vertical swipe that the frame does not need scrolls the page.
    frame.style.maxHeight = zooming ? `${Math.round(Math.max(options.maxHeight(), window.innerHeight * 0.85))}px` : "";
    frame.classList.toggle("zoomed", scale > fitted * 1.001);
    buttons.hidden = !zooming;
    out.disabled = scale <= levels[0] * 1.001;
    into.disabled = scale >= levels[levels.length - 1] * 0.999;
    fit.setAttribute("aria-pressed", String(scale <= fitted * 1.001));
    frame.scrollLeft = scrollFor(centre[0], box.x, scale, frame.clientWidth, box.width * scale);
    frame.scrollTop = scrollFor(centre[1], box.y, scale, frame.clientHeight, box.height * scale);
    drawn = { x: box.x, y: box.y, scale, zoomed: scale > fitted * 1.001 };
    // A frame that scrolls is reachable by the keyboard, to scroll it (WCAG 2.1.1).
    const scrolls = frame.scrollWidth > frame.clientWidth + 1 || frame.scrollHeight > frame.clientHeight + 1;
    if (scrolls) frame.setAttribute("tabindex", "0");
    else frame.removeAttribute("tabindex");
  }

  /** @param {1 | -1} direction */
  function step(direction) {
    const box = surface.viewBox.baseVal;
    if (!drawn || !box?.width) return;
    const fitted = Math.min(width / box.width, options.maxHeight() / box.height,
      options.maxScale ?? Infinity, (options.maxWidth ?? Infinity) / box.width);
    layout(stepLevel(zoomLevels(fitted, options.touch), drawn.scale, direction));
  }
  out.addEventListener("click", () => step(-1));
  into.addEventListener("click", () => step(1));
  fit.addEventListener("click", () => layout(0));
  phone.addEventListener("change", () => layout());
  new ResizeObserver(() => {
    if (element.clientWidth !== width) layout();
  }).observe(element);
  return {
    element,
    layout: (now) => {
      if (now !== undefined) playing = now;
      layout();
    },
  };
}
