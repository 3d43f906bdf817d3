// The --vary cells as a table (docs/preview.md, "Compare"): a column per value of the last
// --vary, a row per value (or combination) of the others, the headers the server's
// `variantHeaders` (the values alone, each axis's address once above them). Each cell is the
// scene with the page's overrides and then the cell's own values; clicking a cell makes its
// values overrides of the page.
import { apiFetch } from './token.js';
import { el } from './dom.js';

/** Shows the picture at `src` in `cell`'s image: fetched with the token header (an <img src>
 *  could carry it only in the URL), then shown from a blob URL; a reply for an older `key` (the
 *  query and the file's hash) is dropped. A cell that cannot be drawn says why in its place (the 422's text: its own value may
 *  be the bad one, which the main picture never draws). */
async function showPicture(cell, src, key) {
  const image = cell.querySelector('img');
  const problem = cell.querySelector('.cell-problem');
  image.dataset.src = key;
  let text = '';
  let next = null;
  try {
    const response = await apiFetch(src);
    if (image.dataset.src !== key) return;
    if (response.ok) next = URL.createObjectURL(await response.blob());
    else text = response.status === 422 ? (await response.json()).text.trim() : `cannot be drawn: ${response.status}`;
  } catch (error) {
    text = `cannot be drawn: ${error}`;
  }
  if (image.dataset.src !== key) { if (next) URL.revokeObjectURL(next); return; }
  problem.textContent = text;
  problem.hidden = !text;
  image.hidden = !!text;
  cell.classList.toggle('failed', !!text);
  if (!next) return;
  const old = image.src;
  image.src = next;
  if (old.startsWith('blob:')) URL.revokeObjectURL(old);
}


/** A header cell; text only (an address or a value is never markup). The text sits in a span
 *  that wraps (preview.css), so a long address or value never widens the grid past its pane;
 *  the whole text stays in the title. */
function header(text, scope, title, className = '') {
  const th = el('th', { className, title: title && title !== text ? `${title}: ${text}` : text });
  th.append(el('span', { className: 'label', textContent: text }));
  th.scope = scope;
  return th;
}

/** The table for `doc`'s headers and cells; `pick(cell)` runs when a cell is clicked. */
function buildTable(doc, pick) {
  const { rows, columns } = doc.variantHeaders;
  const hasRows = rows.labels.length > 0;
  const table = el('table', { className: 'variant-grid' });
  const head = table.createTHead();
  const axisRow = head.insertRow();
  if (hasRows) axisRow.append(el('td'));
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
    // A button: reached with Tab, picked with Enter or Space as with a click.
    const button = el('button', { type: 'button', className: 'cell', title: `${cell.caption}: use these values` });
    button.append(el('img', { alt: cell.caption }), el('span', { className: 'cell-problem', hidden: true }));
    button.addEventListener('click', () => pick(cell));
    tr.insertCell().append(button);
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
  const cells = host.querySelectorAll('.cell');
  doc.variants.forEach((cell, i) => {
    const src = `/api/render.svg?${query(cell.set)}`;
    // Drawn again when the query or the file changes (the URL names no file version).
    const key = `${doc.hash} ${src}`;
    if (cells[i] && cells[i].querySelector('img').dataset.src !== key) showPicture(cells[i], src, key);
  });
  layoutVariants(host, doc);
}

/** A cell's padding and border, and the table's spacing (preview.css, "compare"). */
const CELL_EDGE = 8;
const SPACING = 6;
const SMALLEST = 40;

/** The grid's shape, from the server's headers (the one source: the page and the sheet alike). */
export function gridShape(doc) {
  const { rows, columns } = doc.variantHeaders;
  return { columns: Math.max(1, columns.labels.length), rows: Math.max(1, rows.labels.length) };
}

/** What the headers and the spacing take around the pictures, measured with the pictures out of
 *  the way and each column label as narrow as `labelWidth` (it wraps to its cell's width): the
 *  row headers' column, and the table's height but its body rows. Null before the table exists. */
export function headerRoom(host, labelWidth = null) {
  const table = host.querySelector('table');
  const images = [...host.querySelectorAll('.cell img, .cell .cell-problem')];
  if (!table || images.length === 0 || table.offsetParent === null) return null;
  for (const image of images) Object.assign(image.style, { width: '1px', height: '1px' });
  for (const label of table.tHead.querySelectorAll('th[scope=col]:not(.axis) .label')) {
    label.style.maxWidth = labelWidth === null ? '' : `${labelWidth}px`;
  }
  const rowHead = table.tBodies[0].rows[0]?.querySelector('th')?.offsetWidth ?? 0;
  const bodyRows = [...table.tBodies[0].rows].reduce((sum, row) => sum + row.offsetHeight, 0);
  return { width: rowHead, height: table.offsetHeight - bodyRows };
}

/** Sizes the cells so the whole table fits `host` (down to SMALLEST pixels a cell, then it
 *  scrolls), keeping the canvas's proportions. The headers are measured, not guessed: once with
 *  the column labels as wide as the cells could be, then again at the width chosen (a label that
 *  wraps more makes the head taller). */
export function layoutVariants(host, doc) {
  if (host.hidden || !doc?.variantHeaders) return;
  if (!host.querySelector('table') || host.clientWidth === 0 || !headerRoom(host)) return;
  const { width, height } = doc.canvas;
  const { columns, rows } = gridShape(doc);
  const style = getComputedStyle(host);
  // A pixel to spare each way: rounding must not bring up a scroll bar.
  const innerWidth = host.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 1;
  const innerHeight = host.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom) - 1;
  let cellWidth = null;
  for (let pass = 0; pass < 2; pass += 1) {
    const room = headerRoom(host, cellWidth === null ? null : cellWidth + CELL_EDGE);
    const across = (innerWidth - room.width - SPACING * (columns + 2)) / columns - CELL_EDGE;
    const down = (innerHeight - room.height) / rows - CELL_EDGE;
    cellWidth = Math.max(SMALLEST, Math.floor(Math.min(across, down * width / height)));
  }
  const cellHeight = Math.round(cellWidth * height / width);
  for (const part of host.querySelectorAll('.cell img, .cell .cell-problem')) {
    Object.assign(part.style, { width: `${cellWidth}px`, height: `${cellHeight}px` });
  }
}
