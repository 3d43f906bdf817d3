// Geometry rows at the top of the inspector: X, Y, Width, Height (the frame in its parent's
// coordinates, as the picture places it) and Rotation. Editable where the file gives the view a
// frame — a new value is written in the frame's own form, as a drag would — and read-only, with
// the reason, where a stack or grid places it. A row whose value is overridden is marked like an
// overridden attribute row, with a reset and the file's value ("file: 100", the server's
// `fileValues["frame.x"]`), and a frame override the server refuses (the file now writes
// `centerX` where the override says `x`) is shown at its row with a way to drop it.
import { degreesOf, round2 } from './frame-form.js';

const ROWS = [['x', 'X'], ['y', 'Y'], ['width', 'Width'], ['height', 'Height'], ['rotation', 'Rotation']];

/** The keys (after the view's set prefix) each row stands for: either form of a position. */
const KEYS = { x: ['frame.x', 'frame.centerX'], y: ['frame.y', 'frame.centerY'], width: ['frame.width'], height: ['frame.height'], rotation: ['rotation'] };

/** Refused frame overrides, by whole key ("box.frame.x") → the server's message. */
const problems = new Map();

/** Records (or with key null, clears all) a refused frame override; the rows show it. */
export function showGeometryProblem(key, message = '') {
  if (key === null) problems.clear(); else if (message) problems.set(key, message); else problems.delete(key);
  const host = document.getElementById('geometry');
  if (host?.view) updateGeometryRows(host.view);
}

/** Builds the rows for `view` into `host`; `page.canvas` takes the edits (Canvas.setGeometry). */
export function buildGeometryRows(view, host, page) {
  host.id = 'geometry';
  host.className = 'geometry';
  const fixed = view.placement?.by !== 'frame';
  const fields = new Map();
  const grid = Object.assign(document.createElement('div'), { className: 'fields' });
  for (const [key, label] of ROWS) {
    const input = Object.assign(document.createElement('input'), { type: 'number', step: key === 'rotation' ? '1' : 'any' });
    input.dataset.key = key;
    input.setAttribute('aria-label', label);
    input.readOnly = fixed && key !== 'rotation';
    if (key === 'width' || key === 'height') input.min = '0';
    input.addEventListener('change', () => {
      const value = Number(input.value);
      if (input.value === '' || !Number.isFinite(value)) return;
      // The field shows what is applied (a width below 0 is 0), though it keeps the focus.
      host.committed = key;
      page.canvas.setGeometry(host.view, key, value);
    });
    const caption = Object.assign(document.createElement('label'), { textContent: key === 'rotation' ? 'R' : label[0] });
    caption.title = label;
    caption.append(input);
    grid.append(caption);
    fields.set(key, input);
  }
  const notes = Object.assign(document.createElement('div'), { className: 'notes' });
  host.replaceChildren(grid, notes);
  host.notes = notes;
  if (fixed) {
    host.append(Object.assign(document.createElement('p'), { className: 'reason',
      textContent: view.placement ? `Read-only: ${view.placement.reason}; reorder it in the tree.` : 'Read-only.' }));
  }
  host.fields = fields;
  updateGeometryRows(view);
}

/** The parent's box in canvas points: the server's (a frame) or the parent view's frame. */
function parentBox(view) {
  if (view.placement?.parentBox) return view.placement.parentBox;
  return window.scenecPreview?.canvas?.parentFrame(view) ?? { x: 0, y: 0 };
}

/** Shows `view`'s geometry (at `rect`, canvas points, while a gesture moves it); a field being
 *  typed in is left alone. */
export function updateGeometryRows(view, rect = null) {
  const host = document.getElementById('geometry');
  if (!host?.fields || !view) return;
  host.view = view;
  const f = rect ?? view.frame;
  const box = parentBox(view);
  const overrides = window.scenecPreview?.state.overrides;
  const values = {
    x: f.x - box.x, y: f.y - box.y, width: f.width, height: f.height,
    rotation: degreesOf(overrides?.get(`${view.setPrefix}.rotation`) ?? view.attributes.find((a) => a.name === 'rotation')?.value),
  };
  for (const [key, input] of host.fields) {
    if (document.activeElement !== input || host.committed === key) input.value = String(round2(values[key]));
  }
  host.committed = null;
  showOverrides(host, view, overrides ?? new Map());
}

/** Marks the overridden rows and writes their notes: the file's value and a reset, or the
 *  server's refusal and a way to drop the override. */
function showOverrides(host, view, overrides) {
  const lines = [];
  for (const [key, label] of ROWS) {
    const keys = view.setPrefix ? KEYS[key].map((k) => `${view.setPrefix}.${k}`) : [];
    const set = keys.filter((k) => overrides.has(k));
    host.fields.get(key).parentElement.classList.toggle('overridden', set.length > 0);
    for (const whole of set) {
      const short = whole.slice(view.setPrefix.length + 1);
      const line = Object.assign(document.createElement('div'), { className: 'note' });
      line.dataset.key = short;
      const said = problems.get(whole);
      const file = view.fileValues?.[short];
      line.append(Object.assign(document.createElement('span'), { className: said ? 'problem' : 'file-value',
        textContent: said ?? `${short.replace(/^frame\./, '')} = ${overrides.get(whole)}${file === undefined ? '' : ` · file: ${file === null ? 'not written' : file}`}` }));
      const reset = Object.assign(document.createElement('button'), { type: 'button', className: 'reset',
        textContent: said ? 'drop' : 'reset', title: said ? 'Drop this override: the file no longer takes it' : 'Remove this override' });
      reset.setAttribute('aria-label', `${said ? 'drop' : 'reset'} ${label}`);
      reset.addEventListener('click', () => {
        window.scenecPreview.canvas.page.changeOverrides(`reset ${label}`, (map) => { map.delete(whole); });
      });
      line.append(reset);
      lines.push(line);
    }
  }
  host.notes.replaceChildren(...lines);
}
