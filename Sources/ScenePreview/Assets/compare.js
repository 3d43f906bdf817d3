// Compare (docs/preview.md, "Compare"): which panes the stage shows (Picture | Grid | Both),
// and a pinned state "A" (overrides, time, appearance) drawn over the live picture — left of a
// draggable divider (wipe) or see-through (onion skin).
import { apiFetch } from './token.js';
import { gridShape, headerRoom, layoutVariants } from './variants.js';

const $ = (id) => document.getElementById(id);

/** Room the panes keep around a picture; what the grid's headers take before its table is built. */
const PANE_PADDING = 32;
const GRID_HEADERS = { width: 80, height: 60 };

export class Compare {
  /** `query(snapshot)`: the render query of a state; `layoutPicture()`: fits the main picture to
   *  its pane again (canvas.js). */
  constructor({ state, query, layoutPicture }) {
    this.state = state;
    this.query = query;
    this.layoutPicture = layoutPicture;
    this.view = null;          // 'picture' | 'grid' | 'both'; null until a document says whether there are variants
    this.pinned = null;        // A: { overrides: Map, time, appearance }
    this.mode = 'wipe';        // 'wipe' | 'onion'
    this.wipe = 0.5;           // the divider's place, from the left, as a fraction of the picture
    this.pinnedHash = null;    // the file's hash A was drawn for: redrawn when the file changes
    // What tests read: whether A's picture is on screen, and how many times it was drawn.
    this.stats = { pinnedShown: false, pinnedPictures: 0 };

    for (const b of document.querySelectorAll('[data-view]')) b.addEventListener('click', () => this.setView(b.dataset.view));
    for (const b of document.querySelectorAll('[data-compare]')) b.addEventListener('click', () => this.setMode(b.dataset.compare));
    $('pin').addEventListener('click', () => this.pin());
    $('unpin').addEventListener('click', () => this.unpin());
    $('onion').addEventListener('input', () => this.showMode());
    this.bindWipe();
    // The panes change size with the window, and when the error box or the timeline comes or
    // goes: the picture and the grid are fitted again.
    const observer = new ResizeObserver(() => this.layout());
    observer.observe($('panes'));
  }

  /** A new document: the view switch appears with variants ("Both" first); A follows the file. */
  show(doc) {
    const hasVariants = doc.variants.length > 0;
    $('view-switch').hidden = !hasVariants;
    if (this.view === null || (!hasVariants && this.view !== 'picture')) this.view = hasVariants ? 'both' : 'picture';
    if (this.pinned && doc.hash !== this.pinnedHash) this.drawPinned(doc.hash);
    this.layout();
  }

  setView(view) {
    this.view = view;
    this.layout();
    this.showMode();   // Grid alone has no picture to wipe across
  }

  /** Lays the panes out for the view, then the picture and the grid inside them. With both, side
   *  by side or one above the other, whichever gives the picture and the cells more room. */
  layout() {
    const doc = this.state.doc;
    if (!doc) return;
    const panes = $('panes');
    const view = this.view ?? 'picture';
    for (const b of document.querySelectorAll('[data-view]')) {
      b.classList.toggle('active', b.dataset.view === view);
      b.setAttribute('aria-pressed', String(b.dataset.view === view));   // the state, not only a colour
    }
    $('picture-pane').hidden = view === 'grid';
    const grid = view !== 'picture' && doc.variants.length > 0;
    $('variants').classList.toggle('shown', grid);   // first: stacks() measures its headers
    panes.classList.toggle('split', grid && view === 'both');
    panes.classList.toggle('stacked', grid && view === 'both' && this.stacks(doc, panes));
    this.layoutPicture();
    layoutVariants($('variants'), doc);
  }

  /** True when the picture over the grid draws both larger than side by side. */
  stacks(doc, panes) {
    const { width, height } = doc.canvas;
    const { columns, rows } = gridShape(doc);
    // The headers as they are drawn (a long address wraps), the picture-free table measured.
    const headers = headerRoom($('variants')) ?? GRID_HEADERS;
    const room = (w, h) => {
      const picture = Math.min((w - PANE_PADDING) / width, (h - PANE_PADDING) / height);
      const cell = Math.min((w - headers.width) / (columns * width), (h - headers.height) / (rows * height));
      return Math.max(0, picture) * Math.max(0, cell);
    };
    const w = panes.clientWidth;
    const h = panes.clientHeight;
    return room(w, h / 2) > room(w / 2, h);
  }

  // ---- A -----------------------------------------------------------------------------------

  /** Keeps the current state as A and starts comparing. */
  pin() {
    const { overrides, time, appearance } = this.state;
    this.pinned = { overrides: new Map(overrides), time, appearance };
    const parts = [overrides.size === 0 ? 'the file as it is' : overrides.size === 1 ? '1 change' : `${overrides.size} changes`];
    if (this.state.doc?.timeline) parts.push(`${time} s`);
    if (appearance) parts.push(appearance);
    $('pin-label').textContent = `A: ${parts.join(' · ')}`;
    $('pin-label').title = [...overrides].map(([k, v]) => `${k}=${v}`).join('\n');
    $('compare-modes').hidden = false;
    this.drawPinned(this.state.doc?.hash ?? null);
    this.showMode();
  }

  unpin() {
    this.pinned = null;
    this.pinnedHash = null;
    const image = $('pinned');
    if (image.src.startsWith('blob:')) URL.revokeObjectURL(image.src);
    image.removeAttribute('src');
    image.dataset.src = '';
    this.stats.pinnedShown = false;
    $('pin-label').textContent = '';
    $('compare-modes').hidden = true;
    this.showMode();
  }

  /** Draws A (again, when the file changed on disk: A is a state of the file, not a snapshot of
   *  its picture). A reply for an older request is dropped. */
  async drawPinned(hash) {
    this.pinnedHash = hash;
    const image = $('pinned');
    const src = `/api/render.svg?${this.query(this.pinned)}`;
    image.dataset.src = src;
    try {
      const response = await apiFetch(src);
      if (image.dataset.src !== src || !this.pinned) return;
      if (!response.ok) {
        const body = response.status === 422 ? (await response.json()).text.trim() : `${response.status}`;
        $('pin-label').textContent = `A cannot be drawn: ${body}`;
        return;
      }
      const next = URL.createObjectURL(await response.blob());
      const decoded = new Image();
      decoded.src = next;
      await decoded.decode();
      if (image.dataset.src !== src || !this.pinned) { URL.revokeObjectURL(next); return; }
      const old = image.src;
      image.src = next;
      if (old.startsWith('blob:')) URL.revokeObjectURL(old);
      await new Promise((resolve) => requestAnimationFrame(() => resolve()));
      this.stats.pinnedShown = true;
      this.stats.pinnedPictures += 1;
    } catch (error) {
      $('pin-label').textContent = `A cannot be drawn: ${error}`;
    }
  }

  setMode(mode) {
    this.mode = mode;
    this.showMode();
  }

  /** A over the live picture: clipped to the left of the divider, or see-through. */
  showMode() {
    // In Grid view there is no picture: A, the divider and the modes wait for Picture or Both
    // (Unpin stays).
    const on = !!this.pinned && this.view !== 'grid';
    const image = $('pinned');
    image.hidden = !on;
    $('wipe').hidden = !on || this.mode !== 'wipe';
    $('onion-label').hidden = !on || this.mode !== 'onion';
    for (const b of document.querySelectorAll('[data-compare]')) {
      b.hidden = !on;
      b.classList.toggle('active', b.dataset.compare === this.mode);
      b.setAttribute('aria-pressed', String(b.dataset.compare === this.mode));
    }
    if (!on) return;
    if (this.mode === 'wipe') {
      image.style.opacity = '';
      image.style.clipPath = `inset(0 ${(1 - this.wipe) * 100}% 0 0)`;
      $('wipe').style.left = `${this.wipe * 100}%`;
      $('wipe-handle').setAttribute('aria-valuenow', String(Math.round(this.wipe * 100)));
    } else {
      image.style.clipPath = '';
      image.style.opacity = $('onion').value;
    }
  }

  setWipe(fraction) {
    this.wipe = Math.max(0, Math.min(1, fraction));
    this.showMode();
  }

  /** The divider follows the pointer (captured, so a fast drag does not lose it) and the arrow
   *  keys; its events stop here, so the canvas underneath neither selects nor drags a view. */
  bindWipe() {
    const wipe = $('wipe');
    const follow = (event) => {
      const box = $('board').getBoundingClientRect();
      if (box.width > 0) this.setWipe((event.clientX - box.left) / box.width);
    };
    wipe.addEventListener('pointerdown', (event) => {
      if (event.button !== 0) return;
      event.stopPropagation();
      event.preventDefault();
      wipe.setPointerCapture(event.pointerId);
      wipe.classList.add('dragging');
      $('wipe-handle').focus({ preventScroll: true });
    });
    wipe.addEventListener('pointermove', (event) => {
      if (wipe.hasPointerCapture(event.pointerId)) { event.stopPropagation(); follow(event); }
    });
    const end = (event) => {
      event.stopPropagation();
      if (wipe.hasPointerCapture(event.pointerId)) wipe.releasePointerCapture(event.pointerId);
      wipe.classList.remove('dragging');
    };
    wipe.addEventListener('pointerup', end);
    wipe.addEventListener('pointercancel', end);
    wipe.addEventListener('dblclick', (event) => event.stopPropagation());
    $('wipe-handle').addEventListener('keydown', (event) => {
      const step = event.shiftKey ? 0.1 : 0.01;
      const to = { ArrowLeft: this.wipe - step, ArrowRight: this.wipe + step, Home: 0, End: 1 }[event.key];
      if (to === undefined) return;
      event.preventDefault();   // not the canvas's nudge (shortcuts.js skips a handled key)
      this.setWipe(to);
    });
  }
}
