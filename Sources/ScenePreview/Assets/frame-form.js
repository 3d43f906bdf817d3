// A view's frame as the file writes it, and the overrides that take it to another rectangle in
// the same form: points stay points, a percent keeps its percent and changes its points
// ("50%" moved 12 pt is "50% + 12"), a centerX/centerY frame gets its new centre. The server
// gives the written form (/api/scene `frameForm`); the page's own overrides of it are read over it.

/** "50% + 12" → {percent: 50, points: 12}; "140" → {percent: 0, points: 140}; null if not a length. */
export function parseLength(text) {
  const s = String(text).replace(/\s+/g, '');
  const m = /^(?:(-?\d+(?:\.\d+)?)%)?(?:([+-]?)(\d+(?:\.\d+)?))?$/.exec(s);
  if (!m || (m[1] === undefined && m[3] === undefined)) return null;
  if (m[1] !== undefined && m[3] !== undefined && m[2] === '') return null;   // "50%12"
  const points = m[3] === undefined ? 0 : Number(m[3]) * (m[2] === '-' ? -1 : 1);
  return { percent: m[1] === undefined ? 0 : Number(m[1]), points };
}

/** Hundredths, without a trailing ".00" (what a person writes). */
export const round2 = (n) => Math.round(n * 100) / 100 + 0;

/** A length as written: "140", "50%", "50% + 12", "100% - 20". */
export function lengthText({ percent, points }) {
  const p = round2(points);
  if (!percent) return String(p);
  if (p === 0) return `${round2(percent)}%`;
  return `${round2(percent)}% ${p < 0 ? '-' : '+'} ${Math.abs(p)}`;
}

/** The override key of one frame key ("download.frame.centerX"). */
export const frameKey = (view, key) => `${view.setPrefix}.frame.${key}`;

/** The frame's form now: the server's frameForm with the page's overrides of it read over it. */
export function currentForm(view, overrides) {
  const written = view.frameForm;
  if (!written) return null;
  const read = (slot, key) => {
    const text = overrides.get(frameKey(view, key));
    const parsed = text === undefined ? null : parseLength(text);
    return parsed ?? (slot ? { percent: slot.percent, points: slot.points } : null);
  };
  return {
    x: { key: written.x.key, ...read(written.x, written.x.key) },
    y: { key: written.y.key, ...read(written.y, written.y.key) },
    width: read(written.width, 'width'),
    height: read(written.height, 'height'),
  };
}

const resolve = (length, whole) => (length.percent / 100) * whole + length.points;

/** The rectangle (canvas points) the form gives inside `parentBox`; a missing width or height is
 *  the placed frame's (a pie sized by its `size`). */
export function rectOf(form, parentBox, placed) {
  const width = form.width ? resolve(form.width, parentBox.width) : placed.width;
  const height = form.height ? resolve(form.height, parentBox.height) : placed.height;
  const px = resolve(form.x, parentBox.width);
  const py = resolve(form.y, parentBox.height);
  return {
    x: parentBox.x + (form.x.key === 'centerX' ? px - width / 2 : px),
    y: parentBox.y + (form.y.key === 'centerY' ? py - height / 2 : py),
    width, height,
  };
}

const near = (a, b) => Math.abs(a - b) < 0.005;

/** The overrides ([key, text]) taking the view from rectangle `from` to `to`, each key in the
 *  form written; keys whose value does not change are left out. */
export function frameOverrides(view, form, from, to) {
  const out = [];
  const shift = (slot, delta) => ({ percent: slot.percent, points: slot.points + delta });
  for (const [axis, low, size] of [['x', 'x', 'width'], ['y', 'y', 'height']]) {
    const slot = form[axis];
    const centred = slot.key === (axis === 'x' ? 'centerX' : 'centerY');
    const delta = centred ? (to[low] + to[size] / 2) - (from[low] + from[size] / 2) : to[low] - from[low];
    if (!near(delta, 0)) out.push([frameKey(view, slot.key), lengthText(shift(slot, delta))]);
    if (!near(to[size], from[size])) {
      const written = form[size];
      out.push([frameKey(view, size), lengthText(written ? shift(written, to[size] - from[size]) : { percent: 0, points: to[size] })]);
    }
  }
  return out;
}

/** The rotation attribute's value in degrees ("15deg", 15, "0.5rad"). */
export function degreesOf(value) {
  const s = String(value ?? 0).trim();
  const n = parseFloat(s);
  if (!Number.isFinite(n)) return 0;
  if (s.endsWith('rad')) return (n * 180) / Math.PI;
  if (s.endsWith('turn')) return n * 360;
  return n;
}
