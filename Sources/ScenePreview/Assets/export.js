// The Export menu: the page's current state (overrides, time, appearance) as a file, byte for
// byte what `scenec render` (a still) or `scenec frames` (GIF, WebP, flipbook PDF) writes with the
// same --set/--time/--scale/--appearance (docs/preview.md, "Export"). The file is fetched with
// apiFetch (the token in a header, never in a URL) and saved from a blob URL with <a download>.
import { apiFetch } from './token.js';

/** Why the server refused: its JSON `error`, the first diagnostic, or the text. */
async function refusal(response) {
  const text = await response.text();
  try {
    const body = JSON.parse(text);
    return body.error ?? body.diagnostics?.[0]?.message ?? text;
  } catch {
    return text.trim();
  }
}

/** Wires the menu: `query(extra)` is the page's own query for its current state (preview.js). */
export function bindExport({ state, stats, query, setStatus }) {
  const menu = document.getElementById('export-menu');
  stats.exports = [];   // {name, bytes} per finished download, for tests
  // The frame files exist only for a scene with a timeline: checked each time the menu opens,
  // so a scene that gains or loses its timeline while open is followed.
  menu.addEventListener('toggle', () => {
    if (menu.open) document.getElementById('export-frames').hidden = !state.doc?.timeline;
  });
  // A click elsewhere closes it, as any menu does (a <details> alone stays open).
  document.addEventListener('click', (event) => {
    if (menu.open && !menu.contains(event.target)) menu.open = false;
  });
  // Esc closes it, as any menu does, and gives the focus back to its button.
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !menu.open) return;
    menu.open = false;
    menu.querySelector('summary')?.focus();
  });
  let busy = false;
  menu.addEventListener('click', async (event) => {
    const button = event.target.closest('button[data-export]');
    if (!button || busy) return;
    busy = true;
    const format = button.dataset.export;
    const extra = { format };
    if (button.dataset.scale) extra.scale = button.dataset.scale;
    setStatus(`exporting ${button.textContent}…`);
    try {
      const response = await apiFetch(`/api/export?${query(extra)}`);
      if (!response.ok) {
        setStatus(`cannot export ${button.textContent}: ${await refusal(response)}`);
        return;
      }
      // The server's name (X-Scenec-Filename, already made safe there) is the one source.
      const name = response.headers.get('X-Scenec-Filename');
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      // The browser has taken the blob once the click's download started; a minute is ample.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      // What the user should know about the file (a GIF over 50 fps plays slow), as `frames` warns.
      const warning = response.headers.get('X-Scenec-Warning');
      stats.exports.push({ name, bytes: blob.size, warning });
      setStatus(warning ? `exported ${name} — warning: ${warning}` : `exported ${name}`);
      menu.open = false;
    } catch (error) {
      setStatus(`cannot export: ${error.message}`);
    } finally {
      busy = false;
    }
  });
}
