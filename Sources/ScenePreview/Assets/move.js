// Reordering views: a tree item dragged onto another place in its own list (or moved with
// Alt+↑/Alt+↓) is written into the file as the list's new order (POST /api/write with `move`).
// The page's overrides addressed by index (views[0].children[2].…) follow their views.
import { apiFetch } from './token.js';

const DRAG_PIXELS = 4;
/** True from a drag's release until the click it makes (the end of a drag, not a selection);
 *  the next press clears it, so a quick click after a drag still selects. */
let eatClick = false;
/** True from a move's request until the page shows the tree it wrote: another move waits for
 *  it (it would name the file by a hash about to change, and views by their old places). */
let moving = false;
/** The tree item that had the focus, by address: the tree is drawn anew with every document,
 *  so its focus is given back to the same view (Alt+↑ pressed again moves it on). Null once
 *  the focus is elsewhere. */
let focused = null;

/** The list a view is in ("views" or "views[0].children") and its index there. */
export function placeOf(address) {
  const m = /^(.*)\[(\d+)\]$/.exec(address);
  return m ? { list: m[1], index: Number(m[2]) } : null;
}

/** Where index k of a list goes when the item at `from` moves to `to`. */
export function movedIndex(k, from, to) {
  if (k === from) return to;
  if (from < to && k > from && k <= to) return k - 1;
  if (to < from && k >= to && k < from) return k + 1;
  return k;
}

/** An address (or override key) under `list` renumbered for a move; others unchanged. */
export function remapAddress(text, list, from, to) {
  const prefix = `${list}[`;
  if (!text.startsWith(prefix)) return text;
  const m = /^(\d+)\]/.exec(text.slice(prefix.length));
  if (!m) return text;
  const rest = text.slice(prefix.length + m[0].length);
  if (rest !== '' && !rest.startsWith('.')) return text;
  return `${prefix}${movedIndex(Number(m[1]), from, to)}]${rest}`;
}

/** The item at `from` of `list` now stands at `to`: the overrides, the selection and the
 *  focused tree item addressed by index there follow it (and its siblings theirs). An undo
 *  of the move calls it with `from` and `to` swapped. */
export function renumber(state, list, from, to) {
  const renamed = new Map();
  for (const [k, v] of state.overrides) renamed.set(remapAddress(k, list, from, to), v);
  state.overrides.clear();
  for (const [k, v] of renamed) state.overrides.set(k, v);
  if (state.selected) state.selected = remapAddress(state.selected, list, from, to);
  if (focused) focused = remapAddress(focused, list, from, to);
}

/** POSTs the move; on success renumbers the overrides and selection, records the file change
 *  (undone through /api/restore) and re-reads the scene. Resolves to { status, body }. */
export async function writeMove(page, address, to) {
  const place = placeOf(address);
  const { state } = page;
  if (!place || !state.doc) return { status: 0, body: {} };
  if (moving) { page.setStatus('not moved: the last move is still being written'); return { status: 0, body: {} }; }
  moving = true;
  try {
    const response = await apiFetch('/api/write', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ hash: state.doc.hash, set: [], move: [{ view: address, to }] }),
    });
    let body = {};
    try { body = await response.json(); } catch { body = { error: `${response.status}` }; }
    const label = `move ${address} to place ${to + 1}`;
    if (response.status === 200 && body.before !== undefined && body.before === body.hash) {
      // The file is as it was (the view already stood there): nothing to renumber or undo.
      page.setStatus(`not moved: ${address} is already at place ${to + 1}`);
    } else if (response.status === 200) {
      renumber(state, place.list, place.index, to);
      page.recordFileChange?.({ label, before: body.before, after: body.hash, moved: { list: place.list, from: place.index, to } });
      page.setStatus(`wrote ${state.doc.file}: ${label}`);
    } else {
      page.setStatus(`not moved: ${body.text?.trim() ?? body.error ?? response.status}`);
    }
    await page.refresh();
    return { status: response.status, body };
  } finally {
    moving = false;
  }
}

/** Pointer drags between the tree's items and Alt+↑/↓ on a focused item. Pointer events (not
 *  HTML5 drag and drop) so a mouse, a pen and a finger all work, as on the board. */
export function enableTreeReorder(tree, page) {
  let drag = null;
  // The click that follows a drag is not a selection.
  if (!tree.dataset.reorder) {
    tree.dataset.reorder = 'on';
    tree.addEventListener('click', (e) => {
      if (eatClick) { eatClick = false; e.stopPropagation(); e.preventDefault(); }
    }, { capture: true });
    for (const type of ['pointerdown', 'keydown']) tree.addEventListener(type, () => { eatClick = false; }, { capture: true });
    document.addEventListener('focusin', (e) => {
      focused = tree.contains(e.target) ? e.target.closest('button[data-address]')?.dataset.address ?? null : null;
    });
    // A press elsewhere (even on nothing that takes the focus) ends the tree's claim to it, and
    // so does an item left for nothing (blurred) while it is still there; an item the tree
    // drew over lost the focus only by being removed.
    document.addEventListener('pointerdown', (e) => { if (!tree.contains(e.target)) focused = null; });
    tree.addEventListener('focusout', (e) => {
      setTimeout(() => {
        if (e.target.isConnected && document.activeElement === document.body) focused = null;
      });
    });
  }
  const buttons = () => [...tree.querySelectorAll('button[data-address]')];
  // The tree was drawn anew: the item that had the focus gets it back, unless it went elsewhere.
  const active = document.activeElement;
  if (focused && (!active || active === document.body || tree.contains(active))) {
    tree.querySelector(`button[data-address="${CSS.escape(focused)}"]`)?.focus({ preventScroll: true });
  }
  const clearMarks = () => buttons().forEach((b) => b.classList.remove('drop-before', 'drop-after'));
  for (const b of buttons()) {
    b.addEventListener('pointerdown', (event) => {
      if (event.button !== 0) return;
      drag = { button: b, x: event.clientX, y: event.clientY, moving: false, to: null };
    });
    b.addEventListener('keydown', (event) => {
      if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
      const place = placeOf(b.dataset.address);
      const count = buttons().filter((o) => placeOf(o.dataset.address)?.list === place.list).length;
      const to = place.index + (event.key === 'ArrowUp' ? -1 : 1);
      event.preventDefault();
      event.stopPropagation();
      if (to < 0 || to >= count) return;
      writeMove(page, b.dataset.address, to);
    });
  }
  tree.onpointermove = (event) => {
    if (!drag) return;
    if (!drag.moving && Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG_PIXELS) return;
    if (!drag.moving) { drag.moving = true; tree.setPointerCapture(event.pointerId); drag.button.classList.add('dragging'); }
    clearMarks();
    drag.to = null;
    const from = placeOf(drag.button.dataset.address);
    const over = document.elementFromPoint(event.clientX, event.clientY)?.closest('button[data-address]');
    const place = over && placeOf(over.dataset.address);
    drag.elsewhere = !!place && place.list !== from.list;
    if (!place || place.list !== from.list || over === drag.button) return;
    const r = over.getBoundingClientRect();
    const after = event.clientY > r.top + r.height / 2;
    over.classList.add(after ? 'drop-after' : 'drop-before');
    // The index the dragged item ends at, counted after it leaves its place.
    let to = place.index + (after ? 1 : 0);
    if (from.index < to) to -= 1;
    drag.to = to === from.index ? null : to;
  };
  tree.onpointerup = (event) => {
    const d = drag;
    drag = null;
    clearMarks();
    if (!d?.moving) return;
    d.button.classList.remove('dragging');
    if (tree.hasPointerCapture(event.pointerId)) tree.releasePointerCapture(event.pointerId);
    eatClick = true;
    if (d.to !== null) writeMove(page, d.button.dataset.address, d.to);
    else if (d.elsewhere) page.setStatus(`not moved: a view moves only within its own list (${placeOf(d.button.dataset.address).list})`);
  };
}
