// The keyboard shortcuts (docs/preview.md, "Keyboard"). One table both binds the keys and
// writes the `?` panel, so the panel cannot list a key that does nothing nor miss one that works.
//
// A combination is written `Mod+Shift+KeyZ`: Mod is Ctrl, or ⌘ on a Mac; letters and digits are
// named by their place on the keyboard (`KeyD`, `Digit1`, as KeyboardEvent.code does, so Shift+1
// is Shift+1 whatever the layout prints on that key); other keys by KeyboardEvent.key, with
// `Plus`, `Minus`, `Equal`, `Question` and `Space` for the characters that would read badly.
//
// Where a key works: `always`; `page` = unless the focus is in a field the user types into
// (that field's own keys win: its own undo, its own Escape); `canvas` = only when the focus is
// on nothing in particular (the page, the picture), because in a list, a slider or on a button
// the arrows, Enter and Space already mean something; `picture` = only when the picture itself
// has the focus and a view is selected: Tab elsewhere moves the focus, as it must for a page
// used from the keyboard alone (and Esc, which deselects, lets the next Tab leave the picture).
//
// Rows with `hint` bind nothing here: they are keys other code reads (the canvas while a drag
// lasts, the view tree), listed so the panel shows every key a designer has.

const SYMBOLS = { Plus: '+', Minus: '-', Equal: '=', Question: '?', Space: ' ' };
const SHOWN = { Mod: navigator.platform.startsWith('Mac') ? '⌘' : 'Ctrl', Plus: '+', Minus: '−', Equal: '=',
  Question: '?', Escape: 'Esc', ArrowLeft: '←', ArrowRight: '→', ArrowUp: '↑', ArrowDown: '↓' };

/** How the panel says where a row's keys work. */
const WHERE = {
  always: 'anywhere',
  page: 'not while typing in a field',
  canvas: 'page or picture focused',
  picture: 'picture focused, a view selected',
  drag: 'while dragging on the picture',
  tree: 'view tree item focused',
};

const arrow = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** The table: what is done, the combinations that do it, where they work, and the doing.
 *  `page` is preview.js's { history, canvas, state, select, toggleAppearance, togglePlay,
 *  deselect, showShortcuts }. */
export function shortcutTable(page) {
  const views = viewSteps(page);
  const nudge = (by) => (event) => {
    const [dx, dy] = arrow[event.key];
    page.canvas.nudge(dx * by, dy * by);
  };
  // While a drag lasts, undo would take back the drag's first steps and the next pointer move
  // would make a new one, the redo list lost: the drag is cancelled instead (it leaves no step),
  // and with the pointer held on anything else (a slider) the key does nothing.
  const unlessDragging = (step) => () => {
    if (page.canvas.gesture) { page.canvas.cancelGesture(); return; }
    if (!pointerHeld) step();
  };
  return [
    { what: 'Undo', combos: ['Mod+KeyZ'], where: 'page', run: unlessDragging(() => page.history.undo()) },
    { what: 'Redo', combos: ['Mod+Shift+KeyZ', 'Mod+KeyY'], where: 'page', run: unlessDragging(() => page.history.redo()) },
    { what: 'Zoom in', combos: ['Plus', 'Equal', 'Mod+Plus', 'Mod+Equal'], where: 'page', run: () => page.canvas.zoomIn() },
    { what: 'Zoom out', combos: ['Minus', 'Mod+Minus'], where: 'page', run: () => page.canvas.zoomOut() },
    { what: 'Zoom to fit', combos: ['Shift+Digit1'], where: 'page', run: () => page.canvas.setZoom('fit') },
    { what: 'Zoom to 100%', combos: ['Shift+Digit0'], where: 'page', run: () => page.canvas.setZoom(1) },
    { what: 'Select the first child', combos: ['Enter'], where: 'canvas', run: () => views.firstChild() },
    { what: 'Select the parent', combos: ['Shift+Enter'], where: 'canvas', run: () => views.parent() },
    { what: 'Select the next sibling', combos: ['Tab'], where: 'picture', run: () => views.sibling(1) },
    { what: 'Select the previous sibling', combos: ['Shift+Tab'], where: 'picture', run: () => views.sibling(-1) },
    { what: 'Nudge the selected view 1 pt', combos: ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'], where: 'canvas', run: nudge(1) },
    { what: 'Nudge the selected view 10 pt', combos: ['Shift+ArrowLeft', 'Shift+ArrowRight', 'Shift+ArrowUp', 'Shift+ArrowDown'], where: 'canvas', run: nudge(10) },
    { what: 'Switch between light and dark', combos: ['Shift+KeyD'], where: 'page', run: () => page.toggleAppearance() },
    { what: 'Play or pause the timeline', combos: ['Space'], where: 'canvas', run: () => page.togglePlay() },
    { what: 'Deselect (in a field: leave the field)', combos: ['Escape'], where: 'always',
      run: () => (typing(document.activeElement) ? document.activeElement.blur() : page.deselect()) },
    { what: 'Show these shortcuts', combos: ['Question'], where: 'page', run: () => page.showShortcuts() },
    { what: 'Drag without snapping', combos: ['Alt'], where: 'drag', hint: true },
    { what: 'Rotate in steps of 15°', combos: ['Shift'], where: 'drag', hint: true },
    { what: 'Cancel the drag: the view goes back', combos: ['Escape', 'Mod+KeyZ'], where: 'drag', hint: true },
    { what: 'Move the view up or down in its list (written to the file)', combos: ['Alt+ArrowUp', 'Alt+ArrowDown'], where: 'tree', hint: true },
  ];
}

/** The selected view's place in the tree: { view, parent, siblings, index }. */
function family(views, address, parent = null) {
  for (const [index, view] of views.entries()) {
    if (view.address === address) return { view, parent, siblings: views, index };
    const inner = family(view.children, address, view);
    if (inner) return inner;
  }
  return null;
}

/** Moving the selection through the tree; with nothing selected each starts at the first view. */
function viewSteps(page) {
  const here = () => (page.state.doc ? family(page.state.doc.views, page.state.selected) : null);
  const first = () => { const top = page.state.doc?.views ?? []; if (top.length) page.select(top[0].address); };
  return {
    parent() { const f = here(); if (!f) first(); else if (f.parent) page.select(f.parent.address); },
    firstChild() { const f = here(); if (!f) first(); else if (f.view.children.length) page.select(f.view.children[0].address); },
    sibling(by) {
      const f = here();
      if (!f) { first(); return; }
      const n = f.siblings.length;
      page.select(f.siblings[(f.index + by + n) % n].address);
    },
  };
}

/** `Mod+Shift+KeyZ` → { mod, shift, alt, key } with key as KeyboardEvent.code or .key says it. */
function parse(combo) {
  const parts = combo.split('+');
  const name = parts.at(-1);
  return { mod: parts.includes('Mod'), shift: parts.includes('Shift'), alt: parts.includes('Alt'), name };
}

function matches(combo, event) {
  const { mod, shift, alt, name } = parse(combo);
  if (mod !== (event.ctrlKey || event.metaKey) || alt !== event.altKey) return false;
  if (/^(Key[A-Z]|Digit[0-9])$/.test(name)) return event.code === name && shift === event.shiftKey;
  if (name in SYMBOLS) {
    // The layout decides whether '+' or '?' needs Shift: it is not asked for.
    return event.key === SYMBOLS[name] && (name === 'Space' ? !event.shiftKey : true);
  }
  return event.key === name && shift === event.shiftKey;
}

/** How a combination is shown in the panel: `Ctrl+Shift+Z`. */
export function describe(combo) {
  return combo.split('+').map((part) => SHOWN[part] ?? part.replace(/^(Key|Digit)/, '')).join('+');
}

/** True when the keys belong to what has the focus: a field typed into. */
function typing(element) {
  if (!element) return false;
  if (element.isContentEditable || element.tagName === 'TEXTAREA' || element.tagName === 'SELECT') return true;
  return element.tagName === 'INPUT' && !['range', 'checkbox', 'radio', 'button', 'color'].includes(element.type);
}

/** True when the focus is on nothing that has keys of its own: the page or the picture. */
function onCanvas(element) {
  if (!element || element === document.body) return true;
  return element.closest('#stage') !== null && !element.matches('button, input, select, textarea, a');
}

/** True when the picture itself has the focus (clicked, or reached with Tab). */
const onPicture = (element) => element?.id === 'board';

/** True while a mouse button, pen or finger is down anywhere on the page. */
let pointerHeld = false;

/** Binds the table to the document's keys. */
export function bindShortcuts(table, state) {
  document.addEventListener('pointerdown', () => { pointerHeld = true; }, { capture: true });
  for (const type of ['pointerup', 'pointercancel']) document.addEventListener(type, () => { pointerHeld = false; }, { capture: true });
  window.addEventListener('blur', () => { pointerHeld = false; });   // released outside the window
  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.isComposing) return;
    if (document.querySelector('dialog[open]')) return;   // a dialog's own keys (Esc closes it)
    const focus = document.activeElement;
    for (const shortcut of table) {
      if (!shortcut.run || !shortcut.combos.some((combo) => matches(combo, event))) continue;
      if (shortcut.where === 'page' && typing(focus)) return;
      if (shortcut.where === 'canvas' && !onCanvas(focus)) return;
      if (shortcut.where === 'picture' && !(onPicture(focus) && state.selected)) return;
      event.preventDefault();
      shortcut.run(event);
      return;
    }
  });
}

/** Fills the `?` panel's table body from the same table. */
export function renderShortcuts(table, tbody) {
  tbody.replaceChildren(...table.map((shortcut) => {
    const tr = document.createElement('tr');
    const keys = document.createElement('td');
    shortcut.combos.forEach((combo, i) => {
      if (i > 0) keys.append(' ');
      keys.append(Object.assign(document.createElement('kbd'), { textContent: describe(combo) }));
    });
    tr.append(keys, Object.assign(document.createElement('td'), { textContent: shortcut.what }),
      Object.assign(document.createElement('td'), { textContent: WHERE[shortcut.where], className: 'where' }));
    return tr;
  }));
}
