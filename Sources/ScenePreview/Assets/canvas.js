// The canvas: the view tree, the board holding the picture, selection, the outline, zoom, and
// direct manipulation — drag to move, eight handles to resize, one to rotate, arrows to nudge,
// snapping with guides (docs/preview.md, "The canvas"). preview.js builds one Canvas with a
// `page` object: { state, findView, showInspector, changeOverrides, recordFileChange,
// setStatus, refresh }. Every change goes through page.changeOverrides, one undo entry per
// gesture; the frame is written in the form the file gives it (frame-form.js).
import { currentForm, degreesOf, frameOverrides, rectOf, round2 } from './frame-form.js';
import { updateGeometryRows } from './geometry-rows.js';
import { snapEdge, snapMove, snapTargets } from './snapping.js';
import { enableTreeReorder } from './move.js';

const $ = (id) => document.getElementById(id);

/** Screen pixels within which an edge snaps, and a press moves before it counts as a drag. */
const SNAP_PIXELS = 6;
const DRAG_PIXELS = 3;
const HANDLES = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];
const ZOOM_STEPS = [0.25, 0.5, 1, 2, 4, 8];
let gestures = 0;

export class Canvas {
  constructor(page) {
    this.page = page;
    this.gesture = null;
    const board = $('board');
    board.tabIndex = 0;
    board.setAttribute('aria-label', 'Canvas: click a view to select it, drag to move it, arrow keys to nudge it');
    board.addEventListener('pointerdown', (event) => this.pointerDown(event));
    board.addEventListener('pointermove', (event) => this.pointerMove(event));
    board.addEventListener('pointerup', (event) => this.pointerUp(event));
    board.addEventListener('pointercancel', () => this.cancelGesture());
    board.addEventListener('keydown', (event) => this.keyDown(event));
    for (const name of [...HANDLES, 'rotate']) {
      const h = Object.assign(document.createElement('div'), { className: `handle ${name}` });
      h.dataset.handle = name;
      $('handles').append(h);
    }
    for (const b of document.querySelectorAll('[data-zoom]')) {
      b.addEventListener('click', () => this.setZoom(b.dataset.zoom));
    }
    window.addEventListener('resize', () => this.layout());
  }

  get state() { return this.page.state; }

  // ---- the view tree and selection -------------------------------------------------------

  renderTree() {
    const list = (views) => {
      const ul = document.createElement('ul');
      for (const v of views) {
        const li = document.createElement('li');
        const b = document.createElement('button');
        b.type = 'button';
        b.dataset.address = v.address;
        if (v.id) b.dataset.id = v.id;
        const label = Object.assign(document.createElement('span'), { textContent: v.id ?? v.address });
        const type = Object.assign(document.createElement('span'), { className: 'type', textContent: ` ${v.type}` });
        b.append(label, type);
        b.classList.toggle('selected', v.address === this.state.selected);
        b.addEventListener('click', () => this.select(v.address));
        li.append(b);
        if (v.children.length) li.append(list(v.children));
        ul.append(li);
      }
      return ul;
    };
    $('tree').replaceChildren(list(this.state.doc.views));
    enableTreeReorder($('tree'), this.page, this);
  }

  select(address) {
    this.state.selected = address;
    for (const b of $('tree').querySelectorAll('button')) b.classList.toggle('selected', b.dataset.address === address);
    this.page.showInspector();
    this.drawOutline();
  }

  /** The topmost, deepest view whose placed frame holds the point (canvas coordinates). */
  hit(views, x, y) {
    for (let i = views.length - 1; i >= 0; i -= 1) {
      const v = views[i];
      const inner = this.hit(v.children, x, y);
      if (inner) return inner;
      const f = v.frame;
      if (x >= f.x && x <= f.x + f.width && y >= f.y && y <= f.y + f.height) return v;
    }
    return null;
  }

  /** The point under a pointer event, in canvas points. */
  pointOf(event) {
    const rect = $('board').getBoundingClientRect();
    const scale = this.displayScale();
    return { x: (event.clientX - rect.left) / scale, y: (event.clientY - rect.top) / scale };
  }

  /** What a drag of `view` may do: null, or the reason it cannot move (a stack's child). */
  whyFixed(view) {
    const placement = view.placement;
    if (!placement) return 'this scenec gives no placement for the view: it cannot be moved here';
    if (placement.by !== 'frame') return `${view.id ?? view.address} is ${placement.reason}: it moves only by reordering in the tree`;
    return null;
  }

  /** Everything a gesture needs, read once when it starts: the written form, the rectangle it
   *  gives, the snapping lines, the overrides before (for Esc). */
  begin(kind, view, event) {
    const start = this.pointOf(event);
    const g = { kind, view, start, moved: false, id: `canvas-${kind}-${gestures += 1}`, pointer: event.pointerId };
    g.before = new Map([...this.state.overrides].filter(([k]) => k.startsWith(`${view.setPrefix}.`)));
    if (kind === 'rotate') {
      g.rotation = degreesOf(this.state.overrides.get(`${view.setPrefix}.rotation`)
        ?? view.attributes.find((a) => a.name === 'rotation')?.value);
      g.centre = { x: view.frame.x + view.frame.width / 2, y: view.frame.y + view.frame.height / 2 };
      g.angle = Math.atan2(start.y - g.centre.y, start.x - g.centre.x);
      return g;
    }
    g.form = currentForm(view, this.state.overrides);
    g.parentBox = view.placement.parentBox;
    g.rect = rectOf(g.form, g.parentBox, view.frame);
    const siblings = this.siblingsOf(view).map((s) => s.frame);
    g.targets = snapTargets(this.state.doc.canvas, g.parentBox, siblings);
    return g;
  }

  /** The parent view's frame (canvas points), or the canvas's origin for a top-level view. */
  parentFrame(view) {
    const parent = view.address.replace(/(\.children)?\[\d+\]$/, '');
    return this.page.findView(parent)?.frame ?? { x: 0, y: 0, ...this.state.doc.canvas };
  }

  siblingsOf(view) {
    const parent = view.address.replace(/(\.children)?\[\d+\]$/, '');
    const list = parent === 'views' ? this.state.doc.views : (this.page.findView(parent)?.children ?? []);
    return list.filter((s) => s.address !== view.address);
  }

  pointerDown(event) {
    if (!this.state.doc || event.button !== 0) return;
    $('board').focus({ preventScroll: true });
    const handle = event.target.dataset?.handle;
    const selected = this.page.findView(this.state.selected);
    const p = this.pointOf(event);
    const deepest = this.hit(this.state.doc.views, p.x, p.y);
    let view = deepest;
    // A press inside the selected view drags it, even over one of its children; a click
    // without a drag still selects the deepest view there (pointerUp).
    if (selected && !handle && this.contains(selected.frame, p)) view = selected;
    this.pending = { deepest, handle };
    if (handle && selected) {
      const why = handle === 'rotate' ? null : this.whyFixed(selected);
      if (why) { this.page.setStatus(why); return; }
      this.gesture = this.begin(handle === 'rotate' ? 'rotate' : 'resize', selected, event);
      this.gesture.handle = handle;
    } else if (view) {
      if (view.address !== this.state.selected && view === deepest) this.select(view.address);
      this.gesture = this.whyFixed(view) ? { kind: 'fixed', view, start: p, moved: false } : this.begin('move', view, event);
    } else {
      this.gesture = null;
      this.select(null);
      return;
    }
    $('board').setPointerCapture(event.pointerId);
    event.preventDefault();
  }

  contains(f, p) { return p.x >= f.x && p.x <= f.x + f.width && p.y >= f.y && p.y <= f.y + f.height; }

  pointerMove(event) {
    const g = this.gesture;
    if (!g) return;
    const p = this.pointOf(event);
    const scale = this.displayScale();
    if (!g.moved && Math.hypot(p.x - g.start.x, p.y - g.start.y) * scale < DRAG_PIXELS && g.kind !== 'resize' && g.kind !== 'rotate') return;
    if (!g.moved && g.kind === 'fixed') this.page.setStatus(this.whyFixed(g.view));
    g.moved = true;
    if (g.kind === 'fixed') return;
    const snapping = $('snap').checked && !event.altKey;
    const threshold = snapping ? SNAP_PIXELS / scale : -1;
    const dx = p.x - g.start.x;
    const dy = p.y - g.start.y;
    if (g.kind === 'rotate') {
      let degrees = g.rotation + ((Math.atan2(p.y - g.centre.y, p.x - g.centre.x) - g.angle) * 180) / Math.PI;
      degrees = event.shiftKey ? Math.round(degrees / 15) * 15 : Math.round(degrees);
      degrees = ((((degrees + 180) % 360) + 360) % 360) - 180;
      g.degrees = degrees;
      this.apply(g, [[`${g.view.setPrefix}.rotation`, `${degrees}deg`]], `rotate ${this.name(g.view)} ${degrees}°`);
      this.drawOutline(null, degrees);
      return;
    }
    let to;
    let guides = { x: null, y: null };
    if (g.kind === 'move') {
      // Whole points unless a guide says otherwise (a snapped edge may sit between points).
      const snapped = snapMove(g.rect, Math.round(dx), Math.round(dy), g.targets, threshold);
      to = { ...g.rect, x: g.rect.x + snapped.dx, y: g.rect.y + snapped.dy };
      guides = snapped.guides;
    } else {
      to = this.resized(g, Math.round(dx), Math.round(dy), threshold, guides);
    }
    this.showGuides(guides);
    const label = g.kind === 'move' ? `move ${this.name(g.view)}` : `resize ${this.name(g.view)}`;
    this.apply(g, frameOverrides(g.view, g.form, g.rect, to), label);
    g.to = to;
    this.drawOutline(to);
  }

  /** The rectangle a resize handle gives: the handle's edges follow the pointer (snapped),
   *  the opposite edges stay; a size stops at 0. */
  resized(g, dx, dy, threshold, guides) {
    const r = g.rect;
    let left = r.x; let right = r.x + r.width; let top = r.y; let bottom = r.y + r.height;
    const h = g.handle;
    if (h.includes('w')) { const s = snapEdge(left + dx, g.targets.x, threshold); left = Math.min(s.at, right); guides.x = s.guide; }
    if (h.includes('e')) { const s = snapEdge(right + dx, g.targets.x, threshold); right = Math.max(s.at, left); guides.x = s.guide; }
    if (h.includes('n')) { const s = snapEdge(top + dy, g.targets.y, threshold); top = Math.min(s.at, bottom); guides.y = s.guide; }
    if (h.includes('s')) { const s = snapEdge(bottom + dy, g.targets.y, threshold); bottom = Math.max(s.at, top); guides.y = s.guide; }
    return { x: left, y: top, width: right - left, height: bottom - top };
  }

  /** Sets the gesture's overrides (the ones it set before and no longer needs are put back). */
  apply(g, entries, label) {
    const wanted = new Map(entries);
    this.page.changeOverrides(label, (map) => {
      for (const key of g.touched ?? []) {
        if (wanted.has(key)) continue;
        if (g.before.has(key)) map.set(key, g.before.get(key)); else map.delete(key);
      }
      for (const [k, v] of wanted) { map.delete(k); map.set(k, v); }
    }, { gesture: g.id });
    g.touched = new Set([...(g.touched ?? []), ...wanted.keys()]);
  }

  pointerUp(event) {
    const g = this.gesture;
    this.gesture = null;
    if ($('board').hasPointerCapture?.(event.pointerId)) $('board').releasePointerCapture(event.pointerId);
    this.showGuides({ x: null, y: null });
    const deepest = this.pending?.deepest;
    this.pending = null;
    if (!g || g.moved) { this.drawOutline(); return; }
    // A click: select the deepest view under the pointer.
    if (deepest && deepest.address !== this.state.selected) this.select(deepest.address);
  }

  /** Esc during a drag, or the pointer lost: the view goes back to where it was. */
  cancelGesture() {
    const g = this.gesture;
    this.gesture = null;
    this.showGuides({ x: null, y: null });
    if (g?.touched) this.apply(g, [], 'cancel');
    this.drawOutline();
  }

  keyDown(event) {
    if (event.key === 'Escape' && this.gesture) { this.cancelGesture(); event.stopPropagation(); return; }
    const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const d = arrows[event.key];
    if (!d || event.altKey || event.ctrlKey || event.metaKey) return;
    const step = event.shiftKey ? 10 : 1;
    this.nudge(d[0] * step, d[1] * step);
    // Handled here: the page's own shortcuts (on the document) must not nudge a second time.
    event.preventDefault();
    event.stopPropagation();
  }

  /** Moves the selected view by (dx, dy) points, one undo entry per press. */
  nudge(dx, dy) {
    const view = this.page.findView(this.state.selected);
    if (!view) return;
    const why = this.whyFixed(view);
    if (why) { this.page.setStatus(why); return; }
    const g = this.begin('move', view, { clientX: 0, clientY: 0 });
    const to = { ...g.rect, x: g.rect.x + dx, y: g.rect.y + dy };
    this.apply(g, frameOverrides(view, g.form, g.rect, to), `nudge ${this.name(view)} ${dx}, ${dy}`);
    this.drawOutline(to);
  }

  /** A geometry row's new value (parent coordinates; rotation in degrees). */
  setGeometry(view, key, value) {
    if (key === 'rotation') {
      this.page.changeOverrides(`${this.name(view)} rotation ${value}°`, (map) => {
        map.delete(`${view.setPrefix}.rotation`);
        map.set(`${view.setPrefix}.rotation`, `${round2(value)}deg`);
      });
      return;
    }
    const why = this.whyFixed(view);
    if (why) { this.page.setStatus(why); return; }
    const g = this.begin('move', view, { clientX: 0, clientY: 0 });
    const to = { ...g.rect };
    if (key === 'x') to.x = g.parentBox.x + value;
    if (key === 'y') to.y = g.parentBox.y + value;
    if (key === 'width') to.width = Math.max(0, value);
    if (key === 'height') to.height = Math.max(0, value);
    this.apply(g, frameOverrides(view, g.form, g.rect, to), `${this.name(view)} ${key} ${value}`);
    this.drawOutline(to);
  }

  name(view) { return view.id ?? view.address; }

  showGuides({ x, y }) {
    const s = this.state.doc ? this.displayScale() : 1;
    $('guide-x').hidden = x === null;
    $('guide-y').hidden = y === null;
    if (x !== null) $('guide-x').style.left = `${Math.round(x * s)}px`;
    if (y !== null) $('guide-y').style.top = `${Math.round(y * s)}px`;
  }

  // ---- zoom ------------------------------------------------------------------------------

  displayScale() {
    const canvas = this.state.doc.canvas;
    if (this.state.zoom !== 'fit') return Number(this.state.zoom);
    const stage = $('stage');
    return Math.max(0.05, Math.min((stage.clientWidth - 32) / canvas.width, (stage.clientHeight - 32) / canvas.height));
  }

  /** 'fit' or a scale (1 = one canvas point per CSS pixel). */
  setZoom(zoom) {
    this.state.zoom = String(zoom);
    for (const o of document.querySelectorAll('[data-zoom]')) o.classList.toggle('active', o.dataset.zoom === this.state.zoom);
    this.layout();
  }

  /** The next zoom step in or out from the scale shown (Fit included), as the shortcuts ask. */
  zoomIn() { this.setZoom(ZOOM_STEPS.find((z) => z > this.displayScale() * 1.001) ?? ZOOM_STEPS.at(-1)); }

  zoomOut() { this.setZoom([...ZOOM_STEPS].reverse().find((z) => z < this.displayScale() / 1.001) ?? ZOOM_STEPS[0]); }

  layout() {
    if (!this.state.doc) return;
    const s = this.displayScale();
    $('board').style.width = `${this.state.doc.canvas.width * s}px`;
    $('board').style.height = `${this.state.doc.canvas.height * s}px`;
    this.drawOutline();
  }

  /** The selected view's outline and handles: at `rect` (canvas points) while a gesture
   *  moves it, else where the last document placed it; turned by its rotation. */
  drawOutline(rect = null, degrees = null) {
    const v = this.page.findView(this.state.selected);
    const outline = $('outline');
    const handles = $('handles');
    outline.hidden = !v;
    handles.hidden = !v;
    if (!v) return;
    // While a gesture lasts, a document answering an earlier step must not pull the outline back.
    const live = this.gesture?.view?.address === v.address ? this.gesture : null;
    const f = rect ?? live?.to ?? v.frame;
    degrees = degrees ?? live?.degrees ?? null;
    const s = this.displayScale();
    const turn = degrees ?? degreesOf(this.state.overrides.get(`${v.setPrefix}.rotation`)
      ?? v.attributes.find((a) => a.name === 'rotation')?.value);
    const box = { left: `${f.x * s}px`, top: `${f.y * s}px`, width: `${f.width * s}px`, height: `${f.height * s}px`,
      transform: turn ? `rotate(${turn}deg)` : '' };
    updateGeometryRows(v, f);
    Object.assign(outline.style, box);
    Object.assign(handles.style, box);
    // A view a stack or grid places shows its slot, without handles (it moves by reordering).
    handles.classList.toggle('fixed', !!this.whyFixed(v));
  }
}
