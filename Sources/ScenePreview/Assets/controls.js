// One control per value kind, built from the registry description the server sends
// (`registry.kinds[type].attributes[i].control`). Nothing here knows a view kind: a new kind or
// attribute appears in the inspector with no change to this file.
//
// Each builder gets the attribute's description, its current value (JSON: number, bool, text
// or null for a derived default), `commit(text)`, which sets the override to the text the
// scene grammar reads, and a `context` (the colour control's form, the scene's fonts, whether
// the value is a derived default); it returns the element and an `update(value, context)` that
// shows a new value.
//
// Every input gets an accessible name from the attribute's name ("progress", "progress slider",
// "progressColor alpha"): a screen reader, and the tests, read the row by it.

const colorProbe = document.createElement('canvas').getContext('2d');

/** [r, g, b, a] (0–255, alpha 0–1) of any colour scenec prints, through the browser's parser. */
export function parseColor(text) {
  if (text === null || text === undefined) return [0, 0, 0, 1];
  const t = String(text).trim().toLowerCase();
  if (t === 'clear' || t === 'transparent') return [0, 0, 0, 0];
  colorProbe.fillStyle = '#000000';
  colorProbe.fillStyle = t;
  const s = colorProbe.fillStyle;
  if (s.startsWith('#')) {
    return [parseInt(s.slice(1, 3), 16), parseInt(s.slice(3, 5), 16), parseInt(s.slice(5, 7), 16), 1];
  }
  const m = s.match(/rgba?\(([^)]*)\)/);
  if (!m) return [0, 0, 0, 1];
  const parts = m[1].split(',').map(Number);
  return [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1];
}

const hex2 = (n) => Math.round(n).toString(16).padStart(2, '0');

function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  Object.assign(e, props);
  for (const c of children) e.append(c);
  return e;
}

/** `name` as the element's accessible name (its `aria-label`). */
function named(element, name) {
  element.setAttribute('aria-label', name);
  return element;
}

/** The number field: its arrow keys step by the registry's `step` for the attribute (0.01 for
 *  0–1, 1 for points), so 0.725 goes to 0.73, not to the next whole number. */
function numberInput(attr) {
  const input = named(el('input', { type: 'number', step: attr.step ?? 'any' }), attr.name);
  if (attr.min !== undefined && attr.min !== null) input.min = attr.min;
  if (attr.max !== undefined && attr.max !== null) input.max = attr.max;
  return input;
}

const formatNumber = (v) => String(Math.round(v * 1e6) / 1e6);

/** A range input that drags smoothly (a thousandth of the range a step, or `dragStep`) but
 *  whose arrow keys move by the attribute's `step` — about 1% of the range, a power of ten
 *  (0.01 for 0–1, 1° for an angle) — PageUp/PageDown by ten of them, Home/End to the ends.
 *  `send(value)` gets each new number. */
function slider(attr, name, send, dragStep = (attr.max - attr.min) / 1000) {
  const { min, max } = attr;
  const keyStep = attr.step ?? (max - min) / 100;
  const range = named(el('input', { type: 'range', min, max, step: dragStep }), name);
  const keySteps = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: 10, PageDown: -10 };
  range.addEventListener('keydown', (event) => {
    const steps = keySteps[event.key];
    let next;
    if (steps !== undefined) next = Number(range.value) + steps * keyStep;
    else if (event.key === 'Home') next = min;
    else if (event.key === 'End') next = max;
    else return;
    event.preventDefault();
    // Rounded to a millionth, so ten presses from 0.725 show 0.825 and not 0.82499999.
    range.value = Math.max(min, Math.min(max, Number(formatNumber(next))));
    send(Number(range.value));
  });
  range.addEventListener('input', () => send(Number(range.value)));
  return range;
}

/** A number, with a slider when it is bounded. A derived default ("the largest that fits inside
 *  the ring") leaves the field empty with the rule as its placeholder and shows the worked-out
 *  value beside it as "≈ 24.5": a 0 there would read as the value. */
function numberControl(attr, value, commit, context = {}) {
  const bounded = typeof attr.min === 'number' && typeof attr.max === 'number';
  const number = numberInput(attr);
  const derived = el('span', { className: 'derived', hidden: true });
  const parts = [];
  let range = null;
  if (bounded) {
    range = slider(attr, `${attr.name} slider`, (n) => {
      number.value = formatNumber(n);
      derived.hidden = true;
      commit(formatNumber(n));
    });
    parts.push(range);
  }
  number.addEventListener('input', () => {
    if (number.value === '' || !Number.isFinite(Number(number.value))) return;
    if (range) range.value = number.value;
    derived.hidden = true;
    commit(number.value);
  });
  parts.push(number, derived);
  const update = (v, context = {}) => {
    if (context.derived) {
      number.value = '';
      number.placeholder = attr.default;
      derived.hidden = typeof v !== 'number';
      derived.textContent = typeof v === 'number' ? `≈ ${formatNumber(Math.round(v * 10) / 10)} (${attr.default})` : '';
      if (range && typeof v === 'number') range.value = v;
      return;
    }
    derived.hidden = true;
    number.placeholder = '';
    const n = typeof v === 'number' ? v : Number(attr.defaultValue ?? attr.min ?? 0);
    number.value = formatNumber(n);
    if (range) range.value = n;
  };
  update(value, context);
  return { element: parts, update };
}

/** Points, or a percentage (`50%`); anything longer (`100% - 10`) is edited as text. */
function lengthControl(attr, value, commit) {
  const number = named(el('input', { type: 'number', step: attr.step ?? 'any' }), attr.name);
  const unit = named(el('select', {}, el('option', { value: '', textContent: 'pt' }), el('option', { value: '%', textContent: '%' })),
    `${attr.name} unit`);
  const text = named(el('input', { type: 'text', hidden: true }), `${attr.name} expression`);
  const send = () => { if (number.value !== '') commit(unit.value ? `${number.value}%` : number.value); };
  number.addEventListener('input', send);
  unit.addEventListener('change', send);
  text.addEventListener('change', () => commit(text.value));
  const update = (v) => {
    const t = v === null ? '' : String(v);
    const m = t.match(/^\s*(-?[0-9.eE+-]+)\s*(%?)\s*$/);
    const simple = v === null || typeof v === 'number' || m;
    number.hidden = unit.hidden = !simple;
    text.hidden = !!simple;
    if (typeof v === 'number') { number.value = formatNumber(v); unit.value = ''; }
    else if (m) { number.value = m[1]; unit.value = m[2]; }
    else { number.value = ''; text.value = t; text.placeholder = attr.default; }
    if (v === null) number.placeholder = attr.default;
  };
  update(value);
  return { element: [number, unit, text], update };
}

/** Degrees: a slider over one turn, −180…180 (a turn either way from 0), and the number, which
 *  also shows and takes angles outside it (400, −270). */
function angleControl(attr, value, commit) {
  const number = named(el('input', { type: 'number', step: attr.step ?? 1 }), attr.name);
  const range = slider({ ...attr, min: -180, max: 180 }, `${attr.name} slider`, (n) => {
    number.value = formatNumber(n);
    commit(`${formatNumber(n)}deg`);
  }, 1);
  number.addEventListener('input', () => { if (number.value !== '') { range.value = number.value; commit(`${number.value}deg`); } });
  const update = (v) => {
    const d = parseFloat(String(v ?? attr.default)) || 0;
    number.value = formatNumber(d);
    range.value = d;
  };
  update(value);
  return { element: [range, number, el('span', { textContent: '°', ariaHidden: 'true' })], update };
}

/** The side's text for a system colour `name` at alpha `a`: the bare name at its own alpha
 *  (secondaryLabel is 0.6 already), else `{color: NAME, alpha: A}`, which keeps the name. */
function namedSide(name, a, own) {
  return Math.abs(a - own) < 0.005 ? name : `{color: ${name}, alpha: ${formatNumber(Math.round(a * 100) / 100)}}`;
}

/** A colour: an iOS system colour by name or a custom one (picker and alpha), one for both
 *  appearances or a light/dark pair of which only the shown appearance's side is edited.
 *  `context.form` is the attribute's form as the server read it (`ColorFormInfo`), and
 *  `context.systemColors` the names with their light and dark values. Commits text the scene
 *  grammar reads back as the form chosen: `systemRed`, `{color: systemBlue, alpha: 0.8}`,
 *  `{light: systemBlue, dark: {color: systemBlue, alpha: 0.5}}`, or `"#rrggbbaa"` only for a
 *  custom colour. */
function colorControl(attr, value, commit, context = {}) {
  const systemColors = new Map((context.systemColors ?? []).map((c) => [c.name, c]));
  const system = named(el('select', { title: 'iOS system color or a custom one', className: 'color-name' },
    el('option', { value: '', textContent: 'custom' }),
    ...[...systemColors.values()].map((c) => el('option', { value: c.name, textContent: c.name,
      title: `${c.light} light, ${c.dark} dark` }))), `${attr.name} system color`);
  const picker = named(el('input', { type: 'color' }), attr.name);
  const alpha = named(el('input', { type: 'range', min: 0, max: 1, step: 0.01, title: 'alpha' }), `${attr.name} alpha`);
  const pairBox = named(el('input', { type: 'checkbox', className: 'color-pair', title: 'a different color in light and dark' }),
    `${attr.name} light/dark`);
  const pair = el('label', { className: 'color-pair-label' }, pairBox, ' light/dark');
  const shown = el('span', { className: 'value' });
  // The form as last read or committed: { paired, light: {text, …}, dark: {text, …}, appearance }.
  let form = null;
  const appearance = () => form?.appearance
    ?? document.querySelector('[data-appearance].active')?.dataset.appearance ?? 'light';
  const other = (a) => (a === 'light' ? 'dark' : 'light');
  const sideText = () => {
    const a = appearance();
    if (system.value) {
      const own = parseColor(systemColors.get(system.value)?.[a])[3];
      return namedSide(system.value, Number(alpha.value), own);
    }
    const opacity = Math.round(Number(alpha.value) * 255);
    return `"${picker.value}${opacity === 255 ? '' : hex2(opacity)}"`;
  };
  const send = () => {
    const a = appearance();
    const side = { text: sideText() };
    let text = side.text;
    const next = { appearance: a, paired: pairBox.checked, light: side, dark: side };
    if (pairBox.checked) {
      // The other appearance keeps what it drew: its side of a pair, or the whole single form.
      next[other(a)] = form ? form[other(a)] : side;
      text = `{light: ${next.light.text}, dark: ${next.dark.text}}`;
    }
    next.text = text;
    form = next;
    shown.textContent = text;
    // A value alone is a plain word to `--set` (`#0a84ffcc`, never a YAML comment); only
    // inside `{…}` does hex need its quotes.
    commit(pairBox.checked ? text : text.replace(/^"(.*)"$/, '$1'));
  };
  system.addEventListener('change', () => {
    const entry = systemColors.get(system.value);
    if (entry) {
      const [r, g, b, a] = parseColor(entry[appearance()]);
      picker.value = `#${hex2(r)}${hex2(g)}${hex2(b)}`;
      alpha.value = a;
    }
    send();
  });
  picker.addEventListener('input', () => { system.value = ''; send(); });
  alpha.addEventListener('input', send);
  pairBox.addEventListener('change', send);
  const update = (v, context = {}) => {
    if (context.form !== undefined) form = context.form ?? null;
    const side = form ? form[appearance()] : null;
    const [r, g, b, a] = parseColor(side?.color ?? v ?? attr.default);
    picker.value = `#${hex2(r)}${hex2(g)}${hex2(b)}`;
    alpha.value = a;
    system.value = side?.system && systemColors.has(side.system) ? side.system : '';
    pairBox.checked = !!form?.paired;
    shown.textContent = form?.text ?? v ?? `(${attr.default})`;
  };
  update(value, context);
  return { element: [system, picker, alpha, pair, shown], update };
}

function boolControl(attr, value, commit) {
  const box = named(el('input', { type: 'checkbox' }), attr.name);
  box.addEventListener('change', () => commit(box.checked ? 'true' : 'false'));
  const update = (v) => { box.checked = v === null ? attr.defaultValue === true : v === true; };
  update(value);
  return { element: [box], update };
}

/** A menu of the attribute's words; `context.choices`, where given, the words the view's other
 *  values allow (a stack's alignment for its axis). A word the file holds that they do not
 *  allow stays selected, marked, so opening the menu never changes the value. */
function choiceControl(attr, value, commit, context = {}) {
  const select = named(el('select', {}), attr.name);
  select.addEventListener('change', () => commit(select.value));
  const update = (v, context = {}) => {
    const current = String(v ?? attr.defaultValue ?? '');
    const words = context.choices ?? attr.choices ?? [];
    const options = words.map((c) => el('option', { value: c, textContent: c }));
    if (current && !words.includes(current)) {
      options.unshift(el('option', { value: current, textContent: `${current} (not for this ${attr.choicesBy?.attribute ?? 'view'})`, className: 'unknown' }));
    }
    select.replaceChildren(...options);
    select.value = current;
  };
  update(value, context);
  return { element: [select], update };
}

/** A menu of the families the scene's text can use (`context.fonts`, from the server's font
 *  set: nothing here lists fonts). A family the file names that is not among them stays
 *  selected, marked "not available", so opening the menu never changes the value. */
function fontFamilyControl(attr, value, commit, context = {}) {
  const families = context.fonts ?? [];
  const select = named(el('select', { className: 'font-family' }), attr.name);
  select.addEventListener('change', () => commit(select.value));
  const update = (v) => {
    const current = String(v ?? attr.defaultValue ?? '');
    const options = families.map((f) => el('option', { value: f, textContent: f }));
    if (current && !families.includes(current)) {
      options.unshift(el('option', { value: current, textContent: `${current} (not available)`, className: 'unknown' }));
    }
    select.replaceChildren(...options);
    select.value = current;
  };
  update(value);
  return { element: [select], update };
}

/** Hours 0–23 in the browser's time field; later hours (up to 47) and `now` as text. */
function timeOfDayControl(attr, value, commit) {
  const time = named(el('input', { type: 'time', step: 1 }), attr.name);
  const text = named(el('input', { type: 'text' }), `${attr.name} text`);
  time.addEventListener('input', () => { if (time.value) commit(time.value.length === 5 ? `${time.value}:00` : time.value); });
  text.addEventListener('change', () => commit(text.value));
  const update = (v) => {
    const t = String(v ?? attr.defaultValue ?? '');
    const fits = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(t);
    time.hidden = !fits;
    text.hidden = fits;
    if (fits) time.value = t; else text.value = t;
  };
  update(value);
  return { element: [time, text], update };
}

/** Lists and mappings (points, dash, insets, grid spacing) in the scene's own YAML flow form. */
function textControl(attr, value, commit) {
  const text = named(el('input', { type: 'text', placeholder: attr.default }), attr.name);
  text.addEventListener('change', () => commit(text.value));
  const update = (v) => { if (document.activeElement !== text) text.value = v === null ? '' : String(v); };
  update(value);
  return { element: [text], update };
}

const builders = {
  number: numberControl,
  integer: numberControl,
  length: lengthControl,
  angle: angleControl,
  color: colorControl,
  bool: boolControl,
  choice: choiceControl,
  timeOfDay: timeOfDayControl,
  points: textControl,
  dash: textControl,
  insets: textControl,
  gridSpacing: textControl,
  fontFamily: fontFamilyControl,
};

/** The control for an attribute; an unknown control kind (a newer server) gets a text field.
 *  `context` is what some controls read beside the value (the colour control: `form`,
 *  `systemColors`; the font menu: `fonts`; a number: `derived`). */
export function buildControl(attr, value, commit, context = {}) {
  return (builders[attr.control] ?? textControl)(attr, value, commit, context);
}

/** "0–1", "≥ 0", the allowed words, or what a percentage is of. */
export function rangeText(attr) {
  const lo = attr.min, hi = attr.max;
  if (typeof lo === 'number' && typeof hi === 'number') return `${lo}–${hi}`;
  if (typeof lo === 'number') return attr.minExclusive ? `> ${lo}` : `≥ ${lo}`;
  if (typeof hi === 'number') return `≤ ${hi}`;
  if (attr.choices) return attr.choices.join(' | ');
  if (attr.reference) return `% of ${attr.reference}`;
  return '';
}
