// The --vary cells under the picture (docs/preview.md): each is the scene with the
// page's overrides and then the cell's own values, captioned with them; clicking a cell makes
// its values overrides of the page.
import { apiFetch } from './token.js';

/** Shows the picture at `src` in `image`: fetched with the token header (an <img src> could
 *  carry it only in the URL), then shown from a blob URL; a reply for an older `src` is dropped. */
async function showPicture(image, src) {
  image.dataset.src = src;
  const response = await apiFetch(src);
  if (!response.ok || image.dataset.src !== src) return;
  const next = URL.createObjectURL(await response.blob());
  if (image.dataset.src !== src) { URL.revokeObjectURL(next); return; }
  const old = image.src;
  image.src = next;
  if (old.startsWith('blob:')) URL.revokeObjectURL(old);
}

/** Shows `doc.variants` in `host`; `query(sets)` gives a render query with extra overrides. */
export function showVariants(host, doc, query, pick) {
  host.hidden = doc.variants.length === 0;
  if (host.hidden) return;
  host.style.gridTemplateColumns = `repeat(${Math.max(1, doc.variantColumns)}, minmax(0, 1fr))`;
  if (host.children.length !== doc.variants.length) {
    host.replaceChildren(...doc.variants.map((cell) => {
      const figure = document.createElement('figure');
      figure.className = 'cell';
      figure.title = 'Use these values';
      const image = Object.assign(document.createElement('img'), { alt: cell.caption });
      const caption = Object.assign(document.createElement('figcaption'), { textContent: cell.caption });
      figure.append(image, caption);
      figure.addEventListener('click', () => pick(cell));
      return figure;
    }));
  }
  doc.variants.forEach((cell, i) => {
    const image = host.children[i].querySelector('img');
    const src = `/api/render.svg?${query(cell.set)}`;
    // A cell that cannot be fetched stays blank; the main picture reports the problem.
    if (image.dataset.src !== src) showPicture(image, src).catch(() => {});
  });
}
