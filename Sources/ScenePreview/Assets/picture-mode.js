// Which picture the page asks for. While the designer changes something (a control, a drag, a
// scrub) the page shows quick PNGs at the displayed scale, the exact SVG again once nothing has
// changed for IDLE_MS (issue 28). The quick PNG is deflated at the quickest level (`quick=1`:
// its bytes never leave the machine) and decoded off the main thread onto a canvas over the
// picture (preview.js, showQuick), which spares the main thread the SVG's decode and the image
// element's waits for a frame. Measured with bench/page-speed.sh, which compares it with SVGs
// throughout (bench/README.md).

/** Milliseconds after the last change before the exact (SVG) picture is fetched again. */
export const IDLE_MS = 300;

export class PictureMode {
  /** `onIdle` is called once the changes stop, to draw the exact picture. */
  constructor(onIdle, idleMs = IDLE_MS) {
    this.onIdle = onIdle;
    this.idleMs = idleMs;
    this.timer = null;
    // What a change shows: 'png' (the quick picture at the shown scale, the SVG IDLE_MS after),
    // or 'svg' (the exact picture throughout); bench/ compares the two.
    this.quickFormat = 'png';
    // Whether the next picture is asked for while the last one is decoded (preview.js,
    // refreshPicture); bench/page-speed.sh compares both.
    this.overlap = true;
    // Whether a quick picture comes as the rectangles that changed from the one the canvas
    // holds (preview.js, showQuick) rather than whole; bench/page-speed.sh compares both.
    this.patches = true;
  }

  /** True while changes are coming and they are shown as PNGs. */
  get quick() { return this.active && this.quickFormat === 'png'; }

  /** True while changes are coming (the PNGs' time, when they are asked for). */
  get active() { return this.timer !== null; }

  /** A change: PNGs until `idleMs` pass without another. */
  touch() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => { this.timer = null; this.onIdle(); }, this.idleMs);
  }
}

/**
 * Pixels per canvas point for a PNG as large as the picture is shown: the CSS scale times the
 * device's pixel ratio, to the nearest quarter so that a resize by a pixel or two reuses the
 * server's compiled scene (its cache is keyed by scale). Nearest rather than up: the server's
 * time grows with the pixels (showcase, 1.25: 12 ms, 1.5: 15 ms), and the picture is a passing one.
 */
export function displayedScale(cssScale, pixelRatio = window.devicePixelRatio || 1) {
  const scale = Math.round(cssScale * pixelRatio * 4) / 4;
  return Math.max(0.25, Math.min(4, scale));
}
