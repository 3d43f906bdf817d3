// The inspector: a row per attribute of the selected view, in the registry's order (the kind's
// own first, then under a "Layer" heading the ones every view has), each with its control,
// source, default, range and doc. An overridden row also shows the value the file gives
// ("file: 0.5"), so a file changed on disk while overrides are pending shows both. Rows are kept and updated in place while the
// same view stays selected, so a slider being dragged is never rebuilt under the pointer.
//
// An animated attribute (docs/preview.md, "Animated attributes"): with the scrubber on one of
// its animation's keyframes (a from/to animation's begin or end), the control edits that
// keyframe's value (`timeline.animations[I].keyframes[K].value`, `.from`, `.to`); elsewhere the
// row offers to edit the value at this time (a keyframe added there,
// `timeline.animations[I].keyframes[at: T].value`), to replace the animation with the value
// (what `--set ID.ATTR` means), or to keep it.
import { buildControl, rangeText } from './controls.js';
import { showGeometryProblem } from './geometry-rows.js';

const sourceOnly = (a) => (a.source === 'style' ? `style ${a.style}` : a.source === '--set' ? 'override' : a.source);
// A system colour or {light, dark} says what gave the colour shown ("file · systemBlue (dark)").
const sourceText = (a) => (a.appearance ? `${sourceOnly(a)} · ${a.appearance.from}` : sourceOnly(a));

export class Inspector {
  /** `host`: the panel; `actions`: { set(view, name, text), setTimeline(address, text, attribute),
   *  addKeyframe(address, text, attribute), reset(view, name, attribute), and optionally
   *  geometry(view, parts), which pushes the geometry rows' elements onto `parts` (they go
   *  right after the kind's summary) }. */
  constructor(host, actions) {
    this.host = host;
    this.actions = actions;
    this.shownKey = null;
    this.rows = new Map();
    /** An instance's argument rows, by parameter name. */
    this.argumentRows = new Map();
    /** The font families the scene can use (the document's `fonts`), for the font menu. */
    this.fonts = [];
  }

  /** Shows `view` (or nothing); `registry` describes every kind's attributes. */
  show(view, registry, overrides) {
    if (!view) {
      this.shownKey = null;
      this.rows.clear();
      this.host.replaceChildren(Object.assign(document.createElement('p'), {
        className: 'hint', textContent: 'Select a view in the tree or the picture.' }));
      return;
    }
    const key = `${view.address}|${view.type}|${view.setPrefix}`;
    if (key !== this.shownKey) this.build(view, registry, this.fonts);
    this.shownKey = key;
    for (const a of view.arguments ?? []) {
      const row = this.argumentRows.get(a.name);
      if (!row) continue;
      row.element.classList.toggle('overridden', overrides.has(`${view.setPrefix}.${a.name}`));
      row.source.textContent = a.provenance;
      if (!row.element.contains(document.activeElement)) row.input.value = a.value;
    }
    for (const a of view.attributes) {
      const row = this.rows.get(a.name);
      if (!row) continue;
      row.current = a;
      const animationKeys = a.animation ? [...overrides.keys()].some((k) => k.startsWith(`${a.animation.address}.`)) : false;
      const overridden = view.setPrefix !== null && (overrides.has(`${view.setPrefix}.${a.name}`) || animationKeys);
      row.element.classList.toggle('overridden', overridden);
      const fileValue = overridden ? view.fileValues?.[a.name] : undefined;
      row.fileValue.hidden = fileValue === undefined;
      row.fileValue.textContent = fileValue === undefined ? '' : `file: ${fileValue === null ? row.attr.default : fileValue}`;
      row.source.textContent = !a.animation ? sourceText(a)
        // A definition's animation: where it is written, not an index the scene's file does not have.
        : a.animation.component ? `timeline · ${a.animation.component}'s animation (${a.animation.file ? `${a.animation.file} ` : ''}line ${a.animation.line})`
          : `timeline · ${a.animation.address} (line ${a.animation.line})`;
      row.source.classList.toggle('timeline', a.source === 'timeline');
      if (row.pending && !(a.animation && !a.animation.valueAddress)) this.choose(row, null);
      // A value the timeline gives follows the scrubber, unless a choice about it is open.
      if (!row.pending && (!row.element.contains(document.activeElement) || a.source === 'timeline')) row.update(a.value, this.context(view, row.attr, a));
    }
    keepHeights(this.host);
  }

  /** A control's new text: an override of the attribute, of the keyframe the scrubber stands
   *  on, or (between keyframes) a question. */
  change(view, name, text) {
    const row = this.rows.get(name);
    const animation = row?.current?.animation;
    if (!animation) { this.actions.set(view, name, text); return; }
    if (animation.valueAddress) { this.actions.setTimeline(animation.valueAddress, text, row.current); return; }
    this.choose(row, { view, name, text, animation });
  }

  /** Shows (or, with null, closes) the choice for a value set between keyframes. */
  choose(row, pending) {
    row.pending = pending;
    row.choice.hidden = !pending;
    if (!pending) { row.choice.replaceChildren(); return; }
    const { view, name, text, animation } = pending;
    const say = Object.assign(document.createElement('span'), {
      textContent: `${text} is between the keyframes of ${animation.address} (line ${animation.line}): ` });
    const parts = [say];
    if (animation.atTimeAddress) {
      const edit = Object.assign(document.createElement('button'), { type: 'button', className: 'edit-at-time',
        textContent: 'Edit the value at this time', title: `--set ${animation.atTimeAddress}=${text}: a keyframe here, the others kept` });
      edit.addEventListener('click', () => { this.choose(row, null); this.actions.addKeyframe(animation.atTimeAddress, text, row.current); });
      parts.push(edit);
    } else {
      say.textContent += 'move the scrubber onto a keyframe to edit it, or ';
    }
    const replace = Object.assign(document.createElement('button'), { type: 'button', className: 'replace',
      textContent: 'Replace the animation', title: `--set ${view.setPrefix}.${name}=${text}: this value for the whole timeline` });
    replace.addEventListener('click', () => { this.choose(row, null); this.actions.set(view, name, text); });
    const keep = Object.assign(document.createElement('button'), { type: 'button', className: 'keep', textContent: 'Keep it' });
    keep.addEventListener('click', () => { this.choose(row, null); row.update(row.current.value, this.context(view, row.attr, row.current)); });
    row.choice.replaceChildren(...parts, replace, keep);
  }

  /** Marks a row whose override the server refused, with the server's message. */
  problem(name, message) {
    const row = this.rows.get(name);
    if (row) row.problem.textContent = message ?? '';
    else if (/\.frame\.\w+$/.test(name)) showGeometryProblem(name, message);   // the geometry rows say it
  }

  /** The row an override's key belongs to: `download.progress`, or a timeline address under
   *  the animation that drives the row. */
  rowName(key) {
    for (const [name, row] of this.rows) {
      const animation = row.current?.animation;
      if (animation && key.startsWith(`${animation.address}.`)) return name;
    }
    // A frame key (`box.frame.x`) is shown at the geometry rows, which read it whole.
    if (/\.frame\.\w+$/.test(key)) return key;
    return key.slice(key.lastIndexOf('.') + 1);
  }

  /** What a control reads beside the value: the colour's form, and whether the value is a
   *  default worked out from others (the registry marks the attribute `derived`). */
  context(view, attr, current) {
    // Words that depend on another attribute (a stack's alignment on its axis): that one's value now.
    const by = attr.choicesBy;
    const choices = by ? by.words[view.attributes.find((a) => a.name === by.attribute)?.value] : undefined;
    return { form: view.colorForms?.[attr.name] ?? null, derived: !!attr.derived && current.source === 'default', choices };
  }

  build(view, registry, fonts) {
    this.rows.clear();
    const kind = registry.kinds[view.type];
    const heading = document.createElement('h2');
    heading.textContent = view.id ? `${view.type} '${view.id}'` : `${view.type} ${view.address}`;
    const summary = Object.assign(document.createElement('p'), { className: 'summary', textContent: kind?.summary ?? '' });
    const parts = [heading, summary];
    // The geometry rows (X, Y, W, H, rotation) come first, when the page gives them.
    this.actions.geometry?.(view, parts);
    if (view.setPrefix === null) {
      parts.push(Object.assign(document.createElement('p'), { className: 'hint',
        textContent: 'Give this view an id in the file to change its attributes here.' }));
    }
    this.argumentRows.clear();
    if (view.arguments?.length) parts.push(...this.argumentsSection(view));
    const byName = new Map((kind?.attributes ?? []).map((a) => [a.name, a]));
    let layerShown = false;
    for (const a of view.attributes) {
      const attr = byName.get(a.name) ?? { name: a.name, control: 'text', default: a.default, doc: '' };
      if (attr.group === 'layer' && !layerShown) {
        layerShown = true;
        parts.push(Object.assign(document.createElement('h3'), { className: 'group', textContent: 'Layer' }));
      }
      parts.push(this.row(view, attr, a, registry, fonts));
    }
    this.host.replaceChildren(...parts);
  }

  /** An instance's arguments (docs/language.md §11): each as text, set as `ID.NAME` (which
   *  makes its views again, and "Write to file" writes in the instance or its repeat item). */
  argumentsSection(view) {
    const parts = [Object.assign(document.createElement('h3'), { className: 'group', textContent: `Arguments of ${view.component}` })];
    for (const a of view.arguments) {
      const element = Object.assign(document.createElement('div'), { className: 'row argument' });
      element.dataset.name = a.name;
      const head = Object.assign(document.createElement('div'), { className: 'head' });
      const source = Object.assign(document.createElement('span'), { className: 'source', textContent: a.provenance });
      head.append(Object.assign(document.createElement('span'), { className: 'name', textContent: a.name }), source);
      const input = Object.assign(document.createElement('input'), { type: 'text', value: a.value });
      input.setAttribute('aria-label', `argument ${a.name} of ${view.id}`);
      input.addEventListener('change', () => this.actions.set(view, a.name, input.value));
      const control = Object.assign(document.createElement('div'), { className: 'control' });
      control.append(input);
      const meta = Object.assign(document.createElement('div'), { className: 'meta', textContent: `kind ${a.kind}` });
      element.append(head, control, meta);
      this.argumentRows.set(a.name, { element, source, input });
      parts.push(element);
    }
    return parts;
  }

  row(view, attr, current, registry, fonts) {
    const element = document.createElement('div');
    element.className = 'row';
    element.dataset.name = attr.name;
    const name = Object.assign(document.createElement('span'), { className: 'name', textContent: attr.name });
    const source = Object.assign(document.createElement('span'), { className: 'source' });
    const reset = Object.assign(document.createElement('button'), { type: 'button', className: 'reset',
      textContent: 'reset', title: 'Remove this override' });
    reset.setAttribute('aria-label', `reset ${attr.name}`);
    reset.addEventListener('click', () => this.actions.reset(view, attr.name, this.rows.get(attr.name)?.current));
    const head = document.createElement('div');
    head.className = 'head';
    head.append(name, source, reset);
    const control = document.createElement('div');
    control.className = 'control';
    const built = buildControl(attr, current.value, (text) => this.change(view, attr.name, text),
      { ...this.context(view, attr, current), systemColors: registry.systemColors, fonts });
    const fileValue = Object.assign(document.createElement('span'), { className: 'file-value', hidden: true,
      title: 'The value the file gives: the override is not written yet' });
    control.append(...built.element, fileValue);
    if (view.setPrefix === null) control.querySelectorAll('input, select').forEach((c) => { c.disabled = true; });
    const range = rangeText(attr);
    const meta = Object.assign(document.createElement('div'), { className: 'meta',
      textContent: [`default ${attr.default}`, range, attr.doc].filter(Boolean).join(' · ') });
    const problem = Object.assign(document.createElement('div'), { className: 'problem' });
    const choice = Object.assign(document.createElement('div'), { className: 'choice', hidden: true });
    element.append(head, control, choice, meta, problem);
    this.rows.set(attr.name, { element, attr, source, fileValue, update: built.update, problem, choice, current, pending: null });
    return element;
  }
}

/**
 * The number controls' lines (a slider and its field) and the geometry fields keep the height
 * they have once the inspector shows its values, and are laid out on their own (`.kept` in
 * preview.css: size and layout containment). A slider dragged or a field changed then lays out
 * that line alone; before, every value changed laid out the whole inspector again, and Chromium
 * repainted its whole scrolling box at every picture of a drag (bench/page-speed.sh,
 * bench/README.md). Measured again each time the values are shown, as a note in the line (the
 * file's value, a derived default's "≈") may wrap it; between, a line only loses such a note
 * (a slider moved hides "≈"), which leaves room rather than overflowing. Only lines that fit
 * across: what overflows a contained line could not be scrolled to. Hidden (no height): left.
 */
function keepHeights(host) {
  const lines = [...host.querySelectorAll('.row > .control:has(> input[type=number]), .geometry > .fields')];
  for (const line of lines) {
    line.classList.remove('kept');
    line.style.height = '';
  }
  const sizes = lines.map((line) => [line.getBoundingClientRect().height, line.scrollWidth <= line.clientWidth]);
  lines.forEach((line, i) => {
    const [height, fits] = sizes[i];
    if (height <= 0 || !fits) return;
    line.style.height = `${height}px`;
    line.classList.add('kept');
  });
}
