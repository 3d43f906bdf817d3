// The --vary cells under the picture (README, "scenec preview"): each is the scene with the
// page's overrides and then the cell's own values, captioned with them; clicking a cell makes
// its values overrides of the page.

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
    if (image.getAttribute('src') !== src) image.src = src;
  });
}
