// The styles panel (docs/preview.md, "The styles panel"): the scene's styles, its own and those
// of the files it imports, each with the file that defines it and its attributes as the
// inspector's controls. A change is the override `styles.NAME.ATTR=VALUE`, so every view using
// the style follows at once; "Write" sends that style's overrides to /api/write, which writes
// them into the file that defines the style (the scene or an import), guarded by the scene's
// hash (409 when a file changed since). Names and values are shown only as text.
import { apiFetch } from './token.js';
import { buildControl } from './controls.js';
import { writeOverrides } from './write.js';

const el = (tag, props = {}, ...children) => {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
};

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
  /** `page`: { state, setOverride(key, text), dropOverrides(keys), refresh(), setStatus(text) }. */
  constructor(host, list, page) {
    this.host = host;
    this.list = list;
    this.page = page;
    this.doc = null;        // the last /api/styles
    this.hash = null;       // the scene hash it was read for
    this.shown = '';        // the style overrides the controls show
    this.busy = false;
  }

  /** The style overrides in the page's state, as one comparable text. */
  styleOverrides() {
    return [...this.page.state.overrides].filter(([k]) => k.startsWith('styles.')).map(([k, v]) => `${k}=${v}`).join('\n');
  }

  /** A new scene document: the styles again when the file changed, the controls again when the
   *  style overrides changed elsewhere (undo, Reset all); otherwise nothing, so a drag goes on. */
  async update(sceneDoc) {
    if (sceneDoc.hash !== this.hash) {
      this.hash = sceneDoc.hash;
      const response = await apiFetch('/api/styles');
      if (!response.ok) return;
      this.doc = await response.json();
      this.render();
    } else if (this.styleOverrides() !== this.shown) {
      this.render();
    }
  }

  render() {
    const styles = this.doc?.styles ?? [];
    this.host.hidden = styles.length === 0;
    this.shown = this.styleOverrides();
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
      if (attribute.value === null && overridden === undefined) {
        row.append(el('span', { className: 'meta', textContent: 'not one plain value: edit it in the file' }));
      } else {
        // Named `brand fillColor` in the accessibility tree: several styles have a fillColor.
        const spec = { ...specOf(registry, attribute.name), name: `${style.name} ${attribute.name}` };
        const built = buildControl(spec, overridden ?? attribute.value, (text) => {
          this.page.state.overrides.delete(key);   // set last, as setOverride does: what `shown` must say
          this.shown = [...this.styleOverrides().split('\n').filter((l) => l && !l.startsWith(`${key}=`)), `${key}=${text}`].join('\n');
          row.classList.add('overridden');
          this.page.setOverride(key, text);
        }, { systemColors: registry?.systemColors ?? [] });
        row.append(el('div', { className: 'control' }, ...built.element));
      }
      section.append(row);
    }
    section.append(write);
    return section;
  }

  /** This style's overrides written into the file that defines it. */
  async write(style) {
    const prefix = `styles.${style.name}.`;
    const overrides = new Map([...this.page.state.overrides].filter(([k]) => k.startsWith(prefix)));
    if (overrides.size === 0) { this.page.setStatus(`no changes to ${style.name} to write`); return; }
    if (this.busy) return;
    this.busy = true;
    try {
      const answer = await writeOverrides(this.page.state.doc.hash, overrides);
      window.scenecPreview.stats.writes.push(answer.status);
      if (answer.status === 200) {
        this.page.dropOverrides([...overrides.keys()]);
        this.page.setStatus(`wrote ${style.name} to ${answer.body.file ?? this.doc.scene}`);
      } else if (answer.status === 409) {
        this.page.setStatus(`not written: ${style.file ?? this.doc.scene} changed on disk since the page read it; showing it now, your changes kept`);
      } else {
        this.page.setStatus(`not written: ${answer.body.text?.trim() ?? answer.body.error ?? answer.status}`);
      }
    } catch (error) {
      this.page.setStatus(`cannot write: ${error}`);
    } finally {
      this.busy = false;
    }
    this.hash = null;   // read the styles again with the next document
    await this.page.refresh();
  }
}
