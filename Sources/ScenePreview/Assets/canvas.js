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
    board.addEventListener('dblclick', (event) => this.doubleClick(event));
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
    this.ended = null;   // a new document: it places the last gesture's view itself
    enableTreeReorder($('tree'), this.page, this);
  }

  select(address) {
    this.state.selected = address;
    for (const b of $('tree').querySelectorAll('button')) b.classList.toggle('selected', b.dataset.address === address);
    this.page.showInspector();
    this.drawOutline();
  }

  /** An attribute's value as drawn: the page's override over the document's. */
  valueOf(view, name) {
    const set = view.setPrefix ? this.state.overrides.get(`${view.setPrefix}.${name}`) : undefined;
    return set ?? view.attributes.find((a) => a.name === name)?.value;
  }

  /** The view's rotation in degrees, as drawn (about its centre). */
  turnOf(view) { return degreesOf(this.valueOf(view, 'rotation')); }

  /** Not drawn, so not hit: `hidden` true or opacity 0 (with everything inside it). */
  unseen(view) {
    return String(this.valueOf(view, 'hidden')) === 'true' || Number(this.valueOf(view, 'opacity') ?? 1) === 0;
  }

  /** (x, y) turned back by the view's rotation about its centre: the point in the view's own,
   *  unrotated frame (the one its frame and its children's frames are given in). */
  unturn(view, x, y, degrees = this.turnOf(view)) {
    if (!degrees) return { x, y };
    const t = (-degrees * Math.PI) / 180;
    const cx = view.frame.x + view.frame.width / 2;
    const cy = view.frame.y + view.frame.height / 2;
    return { x: cx + (x - cx) * Math.cos(t) - (y - cy) * Math.sin(t), y: cy + (x - cx) * Math.sin(t) + (y - cy) * Math.cos(t) };
  }

  /** The view's ancestors, outermost first. */
  ancestorsOf(view) {
    const out = [];
    for (let a = view.address.replace(/(\.children)?\[\d+\]$/, ''); a !== 'views' && a.includes('['); a = a.replace(/(\.children)?\[\d+\]$/, '')) {
      const v = this.page.findView(a);
      if (v) out.unshift(v);
    }
    return out;
  }

  /** The topmost, deepest view drawn at the point (canvas coordinates): hidden views are
   *  skipped, and the point is turned into each view's frame by its rotation. */
  hit(views, x, y) {
    for (let i = views.length - 1; i >= 0; i -= 1) {
      const v = views[i];
      if (this.unseen(v)) continue;
      const p = this.unturn(v, x, y);
      const inner = this.hit(v.children, p.x, p.y);
      if (inner) return inner;
      if (this.contains(v.frame, p)) return v;
    }
    return null;
  }

  /** Whether `view`, as drawn (its ancestors' and its own rotation), holds canvas point `p`. */
  holds(view, p) {
    let q = p;
    for (const a of [...this.ancestorsOf(view), view]) q = this.unturn(a, q.x, q.y);
    return this.contains(view.frame, q);
  }

  /** The point under a pointer event, in canvas points. A gesture measures from where it
   *  started (client pixels at the start's scale), so the page moving under the pointer during
   *  a drag (the toolbar growing) does not move the view. */
  pointOf(event, g = this.gesture) {
    if (g?.client) return { x: g.start.x + (event.clientX - g.client.x) / g.scale, y: g.start.y + (event.clientY - g.client.y) / g.scale };
    const rect = $('board').getBoundingClientRect();
    const scale = this.displayScale();
    return { x: (event.clientX - rect.left) / scale, y: (event.clientY - rect.top) / scale };
  }

  /** What a drag of `view` may do: null, or the reason it cannot move (a stack's child; on the
   *  board, also a view inside a rotated group, whose parent axes are not the screen's). */
  whyFixed(view, { onBoard = true } = {}) {
    const placement = view.placement;
    if (!placement) return 'this scenec gives no placement for the view: it cannot be moved here';
    if (placement.by !== 'frame') return `${view.id ?? view.address} is ${placement.reason}: it moves only by reordering in the tree`;
    const turned = onBoard ? this.ancestorsOf(view).find((a) => this.turnOf(a) % 360 !== 0) : null;
    if (turned) return `${this.name(view)} is inside rotated ${turned.type} '${this.name(turned)}': set its X and Y in the inspector`;
    return null;
  }

  /** Everything a gesture needs, read once when it starts: the written form, the rectangle it
   *  gives, the snapping lines, the overrides before (for Esc). */
  begin(kind, view, event) {
    const start = this.pointOf(event, null);
    const g = { kind, view, start, moved: false, id: `canvas-${kind}-${gestures += 1}`, pointer: event.pointerId,
      client: { x: event.clientX, y: event.clientY }, scale: this.state.doc ? this.displayScale() : 1 };
    g.before = new Map([...this.state.overrides].filter(([k]) => k.startsWith(`${view.setPrefix}.`)));
    if (kind === 'rotate') {
      g.rotation = this.turnOf(view);
      // The centre as drawn: turned by each rotated ancestor, innermost first.
      g.centre = { x: view.frame.x + view.frame.width / 2, y: view.frame.y + view.frame.height / 2 };
      for (const a of this.ancestorsOf(view).reverse()) g.centre = this.unturn(a, g.centre.x, g.centre.y, -this.turnOf(a));
      g.angle = Math.atan2(start.y - g.centre.y, start.x - g.centre.x);
      return g;
    }
    g.form = currentForm(view, this.state.overrides);
    g.parentBox = view.placement.parentBox;
    g.rect = rectOf(g.form, g.parentBox, view.frame);
    g.turn = this.turnOf(view);
    const siblings = this.siblingsOf(view).filter((s) => !this.unseen(s)).map((s) => s.frame);
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
    const p = this.pointOf(event, null);
    const deepest = this.hit(this.state.doc.views, p.x, p.y);
    let view = deepest;
    // A press inside the selected view drags it, even over one of its children, and a click
    // there keeps it selected (so a click only to give the picture the keys changes nothing);
    // a double-click selects the deepest view under the pointer.
    const inSelected = !!selected && !handle && !this.unseen(selected) && this.holds(selected, p);
    if (inSelected) view = selected;
    this.pending = { deepest, handle, inSelected };
    if (handle && selected) {
      const why = handle === 'rotate' ? null : this.whyFixed(selected);
      if (why) { this.page.setStatus(why); return; }
      this.gesture = this.begin(handle === 'rotate' ? 'rotate' : 'resize', selected, event);
      this.gesture.handle = handle;
    } else if (view) {
      if (view.address !== this.state.selected && view === deepest) this.select(view.address);
      this.gesture = this.whyFixed(view) ? { kind: 'fixed', view, start: p, moved: false } : this.begin('move', view, event);
      if (this.gesture.kind === 'fixed') Object.assign(this.gesture, { client: { x: event.clientX, y: event.clientY }, scale: this.displayScale() });
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
    } else if (g.turn % 360 !== 0) {
      to = this.resizedTurned(g, dx, dy);
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
    // Unsnapped, a size is whole points (a label sized to its text measures 43.09): the edge
    // dragged stays under the pointer, the opposite one moves by under half a point.
    if (guides.x === null && (h.includes('e') || h.includes('w'))) {
      const width = Math.round(right - left);
      if (h.includes('e')) right = left + width; else left = right - width;
    }
    if (guides.y === null && (h.includes('n') || h.includes('s'))) {
      const height = Math.round(bottom - top);
      if (h.includes('s')) bottom = top + height; else top = bottom - height;
    }
    return { x: left, y: top, width: right - left, height: bottom - top };
  }

  /** A resize of a view turned by `g.turn` degrees: the pointer's move taken in the view's own
   *  axes, and the new frame placed so the opposite edge or corner stays where it is on screen
   *  (the rotation is about the frame's centre, which moves by half the change). No snapping:
   *  the guides are the screen's axes, not the view's. */
  resizedTurned(g, dx, dy) {
    const t = (g.turn * Math.PI) / 180;
    const c = Math.cos(t);
    const s = Math.sin(t);
    const local = this.resized({ ...g, targets: { x: [], y: [] } }, Math.round(dx * c + dy * s), Math.round(-dx * s + dy * c), -1, { x: null, y: null });
    const r = g.rect;
    const mx = local.x + local.width / 2 - (r.x + r.width / 2);
    const my = local.y + local.height / 2 - (r.y + r.height / 2);
    const cx = r.x + r.width / 2 + mx * c - my * s;
    const cy = r.y + r.height / 2 + mx * s + my * c;
    return { x: round2(cx - local.width / 2), y: round2(cy - local.height / 2), width: local.width, height: local.height };
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
    const { deepest, inSelected } = this.pending ?? {};
    this.pending = null;
    // Until the document asked for at the drag's end comes, the outline stays where the drag left it.
    if (g?.moved && (g.to || g.degrees !== undefined)) this.ended = { address: g.view.address, to: g.to, degrees: g.degrees };
    this.page.gestureEnded?.();
    if (!g || g.moved) { this.drawOutline(); return; }
    // A click: select the deepest view under the pointer, unless it is inside the selection.
    if (deepest && !inSelected && deepest.address !== this.state.selected) this.select(deepest.address);
  }

  /** A double-click selects the deepest view under the pointer (to reach a selected group's child). */
  doubleClick(event) {
    if (!this.state.doc) return;
    const p = this.pointOf(event, null);
    const deepest = this.hit(this.state.doc.views, p.x, p.y);
    if (deepest && deepest.address !== this.state.selected) this.select(deepest.address);
  }

  /** Esc during a drag, or the pointer lost: the view goes back to where it was. */
  cancelGesture() {
    const g = this.gesture;
    this.gesture = null;
    this.showGuides({ x: null, y: null });
    if (g?.touched) this.apply(g, [], 'cancel');
    this.page.gestureEnded?.();
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
    // In the parent's coordinates, so a view inside a rotated group is edited here.
    const why = this.whyFixed(view, { onBoard: false });
    if (why) { this.page.setStatus(why); return; }
    const g = this.begin('move', view, { clientX: 0, clientY: 0 });
    const to = { ...g.rect };
    if (key === 'x') to.x = g.parentBox.x + value;
    if (key === 'y') to.y = g.parentBox.y + value;
    // A frame written around its centre keeps its centre when its size changes.
    if (key === 'width') {
      to.width = Math.max(0, value);
      if (g.form.x.key === 'centerX') to.x = g.rect.x + (g.rect.width - to.width) / 2;
    }
    if (key === 'height') {
      to.height = Math.max(0, value);
      if (g.form.y.key === 'centerY') to.y = g.rect.y + (g.rect.height - to.height) / 2;
    }
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
    // Fit to the picture's own pane: compare.js may give the stage's other half to the variants.
    const stage = $('picture-pane');
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
    const live = this.gesture?.view?.address === v.address ? this.gesture
      : this.ended?.address === v.address ? this.ended : null;
    const f = rect ?? live?.to ?? v.frame;
    degrees = degrees ?? live?.degrees ?? null;
    const s = this.displayScale();
    const turn = degrees ?? this.turnOf(v);
    // Turned as drawn: by each rotated ancestor about its centre (outermost first), then by
    // its own rotation about its own centre (the element's transform origin).
    const ox = f.x + f.width / 2;
    const oy = f.y + f.height / 2;
    const turns = this.ancestorsOf(v).filter((a) => this.turnOf(a) % 360 !== 0).map((a) => {
      const ax = (a.frame.x + a.frame.width / 2 - ox) * s;
      const ay = (a.frame.y + a.frame.height / 2 - oy) * s;
      return `translate(${ax}px, ${ay}px) rotate(${this.turnOf(a)}deg) translate(${-ax}px, ${-ay}px)`;
    });
    if (turn) turns.push(`rotate(${turn}deg)`);
    const box = { left: `${f.x * s}px`, top: `${f.y * s}px`, width: `${f.width * s}px`, height: `${f.height * s}px`,
      transform: turns.join(' ') };
    updateGeometryRows(v, f);
    Object.assign(outline.style, box);
    Object.assign(handles.style, box);
    // A view a stack or grid places shows its slot, without handles (it moves by reordering).
    handles.classList.toggle('fixed', !!this.whyFixed(v));
  }
}
