// The styles panel (docs/preview.md, "The styles panel"): the scene's styles, its own and those
// of the files it imports, each with the file that defines it and its attributes as the
// inspector's controls. A change is the override `styles.NAME.ATTR=VALUE`, so every view using
// the style follows at once; "Write" sends that style's overrides to /api/write, which writes
// them into the file that defines the style (the scene or an import), through the page's own
// write (its diff shown first, guarded by the scene's hash: 409 when a file changed since; an
// undo step when the file is the scene). Names and values are shown only as text.
import { apiFetch } from './token.js';
import { buildControl } from './controls.js';
import { el } from './dom.js';

/** The registry's description of an attribute a style sets: the first kind that has it (a
 *  style serves every kind); a plain text field for a name no kind has. */
function specOf(registry, name) {
  for (const kind of Object.values(registry?.kinds ?? {})) {
    const spec = kind.attributes.find((a) => a.name === name);
    if (spec) return spec;
  }
  return { name, control: 'text', default: '', doc: '' };
}

const fileName = (path) => path.slice(path.lastIndexOf('/') + 1);

export class StylesPanel {
  /** `page`: { state, setOverride(key, text, label), writeWithDiff(overrides, label) → Promise,
   *  setStatus(text) }. */
  constructor(host, list, page) {
    this.host = host;
    this.list = list;
    this.page = page;
    this.doc = null;        // the last /api/styles
    this.hash = null;       // the scene hash it was read for
    this.shown = '';        // the style overrides the controls show
    this.appearance = null; // the appearance they show (a pair's side)
    this.busy = false;
  }

  /** /api/styles with the page's style overrides and appearance: the server reads each value
   *  as the controls take it (a number, a colour's form), the override's where there is one. */
  async fetchStyles() {
    const { state } = this.page;
    const parts = [];
    if (state.appearance) parts.push(`appearance=${state.appearance}`);
    for (const [k, v] of state.overrides) if (k.startsWith('styles.')) parts.push(`set=${encodeURIComponent(`${k}=${v}`)}`);
    const response = await apiFetch(`/api/styles${parts.length ? `?${parts.join('&')}` : ''}`);
    if (!response.ok) return;
    this.doc = await response.json();
    this.render();
  }

  /** The style overrides in the page's state, as one comparable text. */
  styleOverrides() {
    return [...this.page.state.overrides].filter(([k]) => k.startsWith('styles.')).map(([k, v]) => `${k}=${v}`).join('\n');
  }

  /** A new scene document: the styles again when the file changed, the controls again when the
   *  style overrides changed elsewhere (undo, Reset all); otherwise nothing, so a drag goes on. */
  async update(sceneDoc) {
    if (sceneDoc.hash !== this.hash || this.styleOverrides() !== this.shown || this.page.state.appearance !== this.appearance) {
      this.hash = sceneDoc.hash;
      this.shown = this.styleOverrides();
      this.appearance = this.page.state.appearance;
      await this.fetchStyles();
    }
  }

  render() {
    const styles = this.doc?.styles ?? [];
    this.host.hidden = styles.length === 0;
    const registry = this.page.state.doc?.registry;
    this.list.replaceChildren(...styles.map((style) => this.styleElement(style, registry)));
  }

  styleElement(style, registry) {
    const where = style.file == null ? `${this.doc.scene} (this scene)` : style.file;
    const write = el('button', { type: 'button', className: 'style-write', textContent: `Write to ${fileName(style.file ?? this.doc.scene)}`,
      title: `Write this style's changed values into ${where}, the file that defines it` });
    write.addEventListener('click', () => this.write(style));
    const head = el('div', { className: 'style-head' },
      el('strong', { className: 'style-name', textContent: style.name }),
      el('span', { className: 'style-file', textContent: where,
        title: [`defined in ${where}, line ${style.line}`, ...style.replaces.map((f) => `replacing the one in ${f}`)].join('; ') }),
      el('span', { className: 'style-uses', textContent: `${style.uses} view${style.uses === 1 ? '' : 's'}` }));
    const section = el('section', { className: 'style' }, head);
    section.dataset.style = style.name;
    for (const attribute of style.attributes) {
      const key = `styles.${style.name}.${attribute.name}`;
      const overridden = this.page.state.overrides.get(key);
      const row = el('div', { className: 'style-row' }, el('span', { className: 'name', textContent: attribute.name }));
      row.dataset.name = attribute.name;
      row.classList.toggle('overridden', overridden !== undefined);
      // A mapping the controls cannot edit (insets written out, …); a colour's form they can.
      if (attribute.value === null && !attribute.form && overridden === undefined) {
        row.append(el('span', { className: 'meta', textContent: 'not one plain value: edit it in the file' }));
      } else {
        // Named `brand fillColor` in the accessibility tree: several styles have a fillColor.
        const label = `${style.name} ${attribute.name}`;
        const spec = { ...specOf(registry, attribute.name), name: label };
        // The value as the server read it (the file's, or the override's it was asked with);
        // a colour's form edits the side of the appearance the page shows.
        const form = attribute.form ? { ...attribute.form, appearance: this.page.state.appearance ?? attribute.form.appearance } : undefined;
        const built = buildControl(spec, attribute.current, (text) => {
          // set last, as setOverride does: what `shown` must say, so update() does not fetch again
          this.shown = [...this.styleOverrides().split('\n').filter((l) => l && !l.startsWith(`${key}=`)), `${key}=${text}`].join('\n');
          row.classList.add('overridden');
          this.page.setOverride(key, text, label);
        }, { form, systemColors: registry?.systemColors ?? [] });
        row.append(el('div', { className: 'control' }, ...built.element));
      }
      section.append(row);
    }
    section.append(write);
    return section;
  }

  /** This style's overrides written into the file that defines it, through the page's write
   *  (preview.js `writeWithDiff`): the diff first, then the write; an undo step for the scene's
   *  own file, none for an import (the page says so). */
  async write(style) {
    const prefix = `styles.${style.name}.`;
    const overrides = new Map([...this.page.state.overrides].filter(([k]) => k.startsWith(prefix)));
    if (overrides.size === 0) { this.page.setStatus(`no changes to ${style.name} to write`); return; }
    if (this.busy) return;
    this.busy = true;
    try {
      await this.page.writeWithDiff(overrides, `write ${style.name}`);
    } finally {
      this.busy = false;
    }
  }
}
