// The --vary cells as a table (docs/preview.md, "Compare"): a column per value of the last
// --vary, a row per value (or combination) of the others, the headers the server's
// `variantHeaders` (the values alone, each axis's address once above them). Each cell is the
// scene with the page's overrides and then the cell's own values; clicking a cell makes its
// values overrides of the page.
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

const element = (tag, props = {}) => Object.assign(document.createElement(tag), props);

/** A header cell; text only (an address or a value is never markup). */
function header(text, scope, title, className = '') {
  const th = element('th', { textContent: text, className });
  th.scope = scope;
  if (title) th.title = title;
  return th;
}

/** The table for `doc`'s headers and cells; `pick(cell)` runs when a cell is clicked. */
function buildTable(doc, pick) {
  const { rows, columns } = doc.variantHeaders;
  const hasRows = rows.labels.length > 0;
  const table = element('table', { className: 'variant-grid' });
  const head = table.createTHead();
  const axisRow = head.insertRow();
  if (hasRows) axisRow.append(element('td'));
  const columnAxis = header(columns.title, 'colgroup', columns.title, 'axis');
  columnAxis.colSpan = columns.labels.length;
  axisRow.append(columnAxis);
  const labelRow = head.insertRow();
  if (hasRows) labelRow.append(header(rows.title, 'col', rows.title, 'axis'));
  for (const label of columns.labels) labelRow.append(header(label, 'col', columns.title));
  const body = table.createTBody();
  for (const cell of doc.variants) {
    const tr = body.rows[cell.row] ?? body.insertRow();
    if (tr.cells.length === 0 && hasRows) tr.append(header(rows.labels[cell.row] ?? '', 'row', rows.title));
    const figure = element('figure', { className: 'cell', title: `${cell.caption}: click to use these values` });
    figure.append(element('img', { alt: cell.caption }));
    figure.addEventListener('click', () => pick(cell));
    tr.insertCell().append(figure);
  }
  return table;
}

/** Shows `doc.variants` in `host`; `query(sets)` gives a render query with extra overrides. */
export function showVariants(host, doc, query, pick) {
  host.hidden = doc.variants.length === 0 || !doc.variantHeaders;
  if (host.hidden) return;
  // Rebuilt only when the grid's shape or labels change (the --vary options are fixed for a
  // preview; the headers are compared so a different document never keeps stale labels).
  const key = JSON.stringify(doc.variantHeaders);
  if (host.dataset.key !== key) {
    host.replaceChildren(buildTable(doc, pick));
    host.dataset.key = key;
  }
  const images = host.querySelectorAll('.cell img');
  doc.variants.forEach((cell, i) => {
    const image = images[i];
    const src = `/api/render.svg?${query(cell.set)}`;
    // A cell that cannot be fetched stays blank; the main picture reports the problem.
    if (image && image.dataset.src !== src) showPicture(image, src).catch(() => {});
  });
  layoutVariants(host, doc);
}

/** Figure padding and border, and the table's spacing (preview.css, "compare"). */
const CELL_EDGE = 8;
const SPACING = 6;
const SMALLEST = 40;

/** Sizes the cells so the whole table fits `host` (down to SMALLEST pixels a cell, then it
 *  scrolls), keeping the canvas's proportions. */
export function layoutVariants(host, doc) {
  if (host.hidden || !doc?.variantHeaders) return;
  const table = host.querySelector('table');
  const images = [...host.querySelectorAll('.cell img')];
  if (!table || images.length === 0 || host.clientWidth === 0) return;
  const { width, height } = doc.canvas;
  const columns = doc.variantHeaders.columns.labels.length;
  const rows = Math.ceil(doc.variants.length / columns);
  // What the headers and the spacing take, measured with the pictures out of the way: the
  // table's height but its body rows, and the row headers' width.
  for (const image of images) Object.assign(image.style, { width: '1px', height: '1px' });
  const rowHead = table.tBodies[0].rows[0]?.querySelector('th')?.offsetWidth ?? 0;
  const bodyRows = [...table.tBodies[0].rows].reduce((sum, row) => sum + row.offsetHeight, 0);
  const aroundHeight = table.offsetHeight - bodyRows;
  const style = getComputedStyle(host);
  // A pixel to spare each way: rounding must not bring up a scroll bar.
  const innerWidth = host.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 1;
  const innerHeight = host.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom) - 1;
  const across = (innerWidth - rowHead - SPACING * (columns + 2)) / columns - CELL_EDGE;
  const down = (innerHeight - aroundHeight) / rows - CELL_EDGE;
  const cellWidth = Math.max(SMALLEST, Math.floor(Math.min(across, down * width / height)));
  for (const image of images) {
    Object.assign(image.style, { width: `${cellWidth}px`, height: `${Math.round(cellWidth * height / width)}px` });
  }
}
