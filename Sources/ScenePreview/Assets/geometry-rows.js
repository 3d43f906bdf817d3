// Geometry rows at the top of the inspector: X, Y, Width, Height (the frame in its parent's
// coordinates, as the picture places it) and Rotation. Editable where the file gives the view a
// frame — a new value is written in the frame's own form, as a drag would — and read-only, with
// the reason, where a stack or grid places it.
import { degreesOf, round2 } from './frame-form.js';

const ROWS = [['x', 'X'], ['y', 'Y'], ['width', 'Width'], ['height', 'Height'], ['rotation', 'Rotation']];

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
      page.canvas.setGeometry(host.view, key, value);
    });
    const caption = Object.assign(document.createElement('label'), { textContent: key === 'rotation' ? 'R' : label[0] });
    caption.title = label;
    caption.append(input);
    grid.append(caption);
    fields.set(key, input);
  }
  host.replaceChildren(grid);
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
    if (document.activeElement !== input) input.value = String(round2(values[key]));
  }
}
