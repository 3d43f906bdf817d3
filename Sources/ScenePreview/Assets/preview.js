// scenec preview: the page. It talks only to this server's /api (docs/preview.md, "The HTTP
// API"); each tab keeps its own overrides, selection, zoom and time.
// First: in the scene browser of `preview DIR` (no ?scene=) it never resolves, so the live page does not start.
import './scenes.js';
import { Canvas } from './canvas.js';
import { buildGeometryRows, showGeometryProblem } from './geometry-rows.js';
import { Inspector } from './inspector.js';
import { showVariants } from './variants.js';
import { Compare } from './compare.js';
import { restoreVersion, writeOverrides } from './write.js';
import { apiEvents, apiFetch } from './token.js';
import { History } from './history.js';
import { renumber } from './move.js';
import { bindShortcuts, renderShortcuts, shortcutTable } from './shortcuts.js';
import { bindExport } from './export.js';
import { StylesPanel } from './styles.js';
import { PictureMode, displayedScale } from './picture-mode.js';
import { Player } from './playback.js';

const $ = (id) => document.getElementById(id);

const state = {
  doc: null,              // the last good /api/scene document
  overrides: new Map(),   // "download.progress" → "0.25", in the order set
  selected: null,         // the selected view's address
  zoom: 'fit',
  pixels: false,
  time: 0,
  playing: false,
  appearance: null,       // 'light' or 'dark'; null until the first document says which the server started with
};

// What tests and bench/ read: how many pictures were shown, and for each control change the
// milliseconds until its picture was on screen.
const stats = { pictures: 0, latencies: [], breakdown: [], ready: false, errors: 0, writes: [], restores: [],
  quick: { whole: 0, patched: 0, missed: 0 } };
window.scenecPreview = { state, stats };

/** The render query of the page's state, or of `from` (compare.js's pinned A: overrides, time,
 *  appearance), plus `moreSets` and `extra` parameters. */
function query(extra = {}, moreSets = [], from = state) {
  const parts = [`time=${encodeURIComponent(String(from.time))}`];
  if (from.appearance) parts.push(`appearance=${from.appearance}`);
  for (const [k, v] of from.overrides) parts.push(`set=${encodeURIComponent(`${k}=${v}`)}`);
  for (const text of moreSets) parts.push(`set=${encodeURIComponent(text)}`);
  for (const [k, v] of Object.entries(extra)) parts.push(`${k}=${encodeURIComponent(v)}`);
  return parts.join('&');
}

function setStatus(text) { $('status').textContent = text; $('status').title = text; }   // the title: the whole of a cut line

// ---- the picture -------------------------------------------------------------------------

let pictureBusy = false;      // a picture asked for and not yet received
let pictureAgain = false;
let picturesShowing = 0;      // pictures received and being decoded, not yet on screen
let pictureAsked = 0;         // a number per picture asked for, in order
let pictureShown = 0;         // the number of the last picture put on screen
let errorsFor = 0;            // the number of the last picture the server refused (422)
let pendingChangeAt = null;   // performance.now() of the oldest change not yet on screen
// With quickFormat 'png', PNGs at the size shown while changes come, the SVG once they stop
// (picture-mode.js): a quick picture in flight when they stop is followed by the exact one.
const pictureMode = new PictureMode(() => {
  burstScale = null;
  if (sceneAfterIdle) { sceneAfterIdle = false; refreshScene(); }
  if (lastAskedQuick) refreshPicture();   // now the exact one (an SVG asked last is exact already)
});
let lastAskedQuick = false;   // whether the last picture asked for was a quick PNG
/** A document asked for during a burst of changes, fetched when they stop. */
let sceneAfterIdle = false;
window.scenecPreview.pictureMode = pictureMode;   // bench/page-speed.sh compares its formats
/** The PNG scale that matches the picture on screen. */
const shownScale = () => displayedScale(canvas.displayScale());
/** The quick picture's scale: as shown, in CSS pixels (device pixel ratio 1). It passes within
 *  a drag and the exact SVG follows, so a 2× screen need not wait for four times the pixels. */
const quickScale = () => (burstScale ??= displayedScale(canvas.displayScale(), 1));
/** The quick scale, read once a burst of changes: reading the pane's size after a control has
 *  changed the inspector forces a layout, which at every change took more of the page's main
 *  thread than the pictures did (bench/page-speed.sh). The pane does not change size meanwhile. */
let burstScale = null;

/**
 * Draws the current state; calls made while a request is in flight collapse into one more.
 * One picture at a time is at the server (two at once share its cores and both come later),
 * but the next is asked for as soon as the last one's bytes are in: the server draws it while
 * the page decodes and shows the last one. A picture that comes decoded after a later one
 * was shown is dropped.
 */
async function refreshPicture() {
  if (pictureBusy) { pictureAgain = true; return; }
  pictureBusy = true;
  const changeAt = pendingChangeAt;
  pendingChangeAt = null;
  const number = ++pictureAsked;
  let received = null;
  try {
    const pixels = state.pixels && state.doc;
    let quick = !pixels && state.doc && pictureMode.quick && !state.playing;
    lastAskedQuick = !!quick;
    const base = !pictureMode.patches ? null : quickPending > 0 ? quickBase : player.holds;
    const url = pixels ? `/api/render.png?${query()}`
      : quick ? `/api/render.png?${query({ scale: quickScale(), quick: 1, ...(base === null ? {} : { base }) })}`
        : `/api/render.svg?${query()}`;
    const sent = performance.now();
    const response = await apiFetch(url);
    const headers = performance.now();
    if (response.status === 422) {
      errorsFor = number;   // an earlier picture still decoding leaves these errors up
      // The exact picture refused: the last one the picture element holds stays up, not a
      // passing quick one (which nothing would take down).
      if (!quick && !state.playing) player.hide();
      showErrors(await response.json());
    } else if (!response.ok) {
      setStatus(`render failed: ${response.status} ${await response.text()}`);
    } else {
      // Patches are read as bytes for ImageDecoder where there is one (showQuick), the rest as a blob.
      const patched = quick && response.headers.has('Scenec-Base') && hasImageDecoder;
      const blob = patched ? await response.arrayBuffer() : await response.blob();
      if (quick) {
        quick = quickParts(response.headers, patched ? blob.byteLength : blob.size);
        // It becomes the next one's base if it will be drawn: whole, or over the picture the
        // canvas will hold by its turn (one that will miss leaves the base as it was).
        const held = quickPending > 0 ? quickBase : player.holds;
        quickBase = quick.base === null || quick.base === held ? quick.number : held;
        quickPending += 1;
      }
      received = { blob, pixels, quick, changeAt, sent, headers, body: performance.now(),
                   server: serverTiming(response.headers.get('Server-Timing')) };
    }
  } catch (error) {
    setStatus(`render failed: ${error}`);
  } finally {
    if (received) picturesShowing += 1;
  }
  // Without overlap (bench/ compares), the next picture waits for this one to be on screen.
  const overlap = pictureMode.overlap;
  if (overlap) pictureDone();
  if (received) await showPicture(number, received);
  if (!overlap) pictureDone();
  if (sceneAfterPicture) { sceneAfterPicture = false; refreshScene(); }
}

/** The server is free for the next picture, if one was asked for meanwhile. */
function pictureDone() {
  pictureBusy = false;
  if (pictureAgain) { pictureAgain = false; refreshPicture(); }
}

/** Decodes a received picture and puts it on screen, unless a later one is there already. */
async function showPicture(number, received) {
  const { blob, pixels, quick, changeAt, sent, headers, body, server } = received;
  try {
    const decoded = await (quick ? showQuick(number, blob, quick, changeAt) : showExact(number, blob, pixels));
    if (decoded === null) return;
    $('picture').dataset.format = pixels ? 'pixels' : quick ? 'quick' : 'svg';   // tests read which
    await new Promise((resolve) => requestAnimationFrame(() => resolve()));
    stats.pictures += 1;
    if (changeAt !== null) {
      const shown = performance.now();
      stats.latencies.push(shown - changeAt);
      // Where that time went (bench/page-speed.sh prints the medians): waiting for the picture
      // before at the server, the request until its headers (the server's own part in `server`,
      // from its Server-Timing header), the body, the decode, the swap and the next frame.
      stats.breakdown.push({
        format: quick ? 'quick' : pixels ? 'pixels' : 'svg', queued: sent - changeAt, response: headers - sent,
        server, body: body - headers, decode: decoded - body, frame: shown - decoded, total: shown - changeAt,
      });
    }
    if (!sceneHasErrors && number > errorsFor) hideErrors();
  } catch (error) {
    setStatus(`render failed: ${error}`);
  } finally {
    picturesShowing -= 1;
  }
}

/** The exact picture (or the Pixels PNG) into the picture element, decoded first so that the
 *  swap shows it at once; when it was decoded, or null when a later picture is on screen. */
async function showExact(number, blob, pixels) {
  const next = URL.createObjectURL(blob);
  try {
    const image = new Image();
    image.src = next;
    await image.decode();
  } catch (error) {
    URL.revokeObjectURL(next);
    throw error;
  }
  const decoded = performance.now();
  if (number < pictureShown) {
    URL.revokeObjectURL(next);
    return null;
  }
  pictureShown = number;
  const old = $('picture').src;
  $('picture').src = next;
  $('picture').classList.toggle('pixels', !!pixels);
  if (old.startsWith('blob:')) URL.revokeObjectURL(old);
  if (!state.playing) player.hide();   // playback's last frame (or a quick picture) stays over it until now
  return decoded;
}

/** The quick picture the canvas will hold once those received are drawn (the server's number:
 *  the next is asked for as the rectangles that change from it), and how many of those wait. */
let quickBase = null;
let quickPending = 0;
/** Quick pictures go on the canvas in the order they came: a patch needs the one before it. */
let quickTurn = Promise.resolve();

/** A quick picture's parts (PreviewAPI.quick): its number, the picture it patches (null: it is
 *  whole) and where in the body (`length` bytes) each rectangle's PNG is. */
function quickParts(headers, length) {
  const number = Number(headers.get('Scenec-Picture'));
  const base = headers.has('Scenec-Base') ? Number(headers.get('Scenec-Base')) : null;
  let start = 0;
  const patches = (headers.get('Scenec-Patches') ?? '').split(';').filter(Boolean).map((text) => {
    const [x, y, length] = text.split(',').map(Number);
    start += length;
    return { x, y, start: start - length, end: start };
  });
  if (base === null && patches.length === 0) patches.push({ x: 0, y: 0, start: 0, end: length });
  return { number, base, patches };
}

/**
 * A quick PNG, decoded off the main thread and drawn on the canvas over the picture (playback's,
 * idle meanwhile), where the exact picture replaces it once the changes stop. Measured
 * (bench/page-speed.sh), an image element's decode() or load waits a frame or two for the
 * page's rendering, and a swapped src another; the bitmap is drawn in the frame it comes in.
 * Over the picture the canvas holds, only the rectangles that changed come (a slider on one
 * ring: the ring and the labels showing its value), each decoded and drawn in its place, in the
 * order asked for (a picture that fails to decode still waits its turn). One whose picture is not
 * there (dropped meanwhile) is dropped too; after any picture not drawn the next is asked for
 * over what the canvas holds (whole while others still wait), and at once when it was the last
 * asked for (a failed decode too).
 */
async function showQuick(number, blob, quick, changeAt) {
  const turn = quickTurn;
  let done;
  quickTurn = new Promise((resolve) => { done = resolve; });
  let pieces = [];
  let drawn = false;
  let again = false;
  try {
    const decoding = await Promise.allSettled(quick.patches.map(({ start, end }) => decodePNG(blob, start, end)));
    pieces = decoding.flatMap((d, i) => (d.status === 'fulfilled' ? [{ ...quick.patches[i], image: d.value }] : []));
    const decoded = performance.now();
    await turn;
    const failed = decoding.find((d) => d.status === 'rejected');
    if (failed) {
      again = number === pictureAsked;   // the last state is still to be shown (at most until the changes stop)
      throw failed.reason;
    }
    if (number < pictureShown || state.playing) return null;
    if (quick.base !== null && player.holds !== quick.base) {
      stats.quick.missed += 1;
      again = number === pictureAsked;
      return null;
    }
    pictureShown = number;
    if (quick.base === null) player.draw(pieces[0].image, quick.number);
    else player.patch(pieces, quick.number);
    drawn = true;
    stats.quick[quick.base === null ? 'whole' : 'patched'] += 1;
    return decoded;
  } finally {
    for (const { image } of pieces) image.close();
    quickPending -= 1;
    if (!drawn) quickBase = null;   // not what the canvas will hold: the next is asked over player.holds, or whole
    done();
    if (again) {
      pendingChangeAt ??= changeAt;
      refreshPicture();
    }
  }
}

/** Whether WebCodecs' ImageDecoder reads PNGs here (decodePNG); asked once. */
let hasImageDecoder = false;
if (typeof ImageDecoder === 'function') {
  ImageDecoder.isTypeSupported('image/png').then((yes) => { hasImageDecoder = yes; }, () => {});
}

/**
 * The PNG at bytes `start` to `end` of `body`, decoded off the main thread: something to draw
 * (an ImageBitmap or a VideoFrame), closed by the caller. A patch's few kilobytes are read by
 * WebCodecs' ImageDecoder from the bytes (0.3 ms for a drag's two, measured in Chromium), where
 * a blob sliced for createImageBitmap took 1.5 ms, most of it the blobs' own round trips; a
 * whole picture (a blob) and a browser without ImageDecoder go through createImageBitmap.
 */
async function decodePNG(body, start, end) {
  if (body instanceof Blob) {
    return createImageBitmap(start === 0 && end === body.size ? body : body.slice(start, end, 'image/png'));
  }
  const decoder = new ImageDecoder({ type: 'image/png', data: new Uint8Array(body, start, end - start) });
  try {
    return (await decoder.decode()).image;
  } finally {
    decoder.close();
  }
}

/** A Server-Timing header's steps as {name: milliseconds} ("compile;dur=4.2, draw;dur=7.9"). */
function serverTiming(text) {
  const steps = {};
  for (const part of (text ?? '').split(',')) {
    const [name, ...params] = part.trim().split(';');
    const dur = params.map((p) => p.trim()).find((p) => p.startsWith('dur='));
    if (name && dur) steps[name] = Number(dur.slice(4));
  }
  return steps;
}

/** True when nothing is waiting to be drawn or fetched (tests wait for it). */
stats.settled = () => !pictureMode.active && !sceneAfterPicture && !writeBusy && !pageHistory.busy && !pictureBusy && !pictureAgain && picturesShowing === 0 && !sceneBusy && !sceneAgain && pendingChangeAt === null;

// ---- the scene document ------------------------------------------------------------------

let sceneBusy = false;
let sceneAgain = false;
let sceneHasErrors = false;
/** Who waits for a document asked for after they asked (a reorder waits for its new tree). */
let sceneWaiters = [];

/** Re-reads /api/scene; resolves once a document requested after this call has been shown. */
function refreshScene() {
  const shown = new Promise((resolve) => sceneWaiters.push(resolve));
  if (sceneBusy) sceneAgain = true; else fetchScene();
  return shown;
}

async function fetchScene() {
  sceneBusy = true;
  const waiting = sceneWaiters;
  sceneWaiters = [];
  try {
    const response = await apiFetch(`/api/scene?${query()}`);
    // A 403 (no token: the page was opened without the URL scenec preview printed) is text.
    const body = response.status === 403 ? { error: await response.text() } : await response.json();
    if (response.status === 422) {
      const fromOverride = body.diagnostics.length > 0 && body.diagnostics.every((d) => d.origin);
      sceneHasErrors = !fromOverride;
      showErrors(body);
    } else if (response.ok) {
      sceneHasErrors = false;
      hideErrors();
      applyDocument(body);
    } else {
      setStatus(body.error ?? `error ${response.status}`);
    }
  } catch (error) {
    setStatus(`cannot reach scenec preview: ${error}`);
  } finally {
    sceneBusy = false;
    if (sceneAgain) { sceneAgain = false; fetchScene(); }
    for (const resolve of waiting) resolve();
  }
}

function applyDocument(doc) {
  const first = state.doc === null;
  state.doc = doc;
  if (first) {
    for (const text of doc.initialSet) {
      const eq = text.indexOf('=');
      if (eq > 0) state.overrides.set(text.slice(0, eq), text.slice(eq + 1));
    }
    $('file-name').textContent = doc.file;
    showAppearance(doc.appearance);
    document.title = `${doc.file} — scenec preview`;
    // An animated scene opens at its canvas.poster, the moment its stills show.
    const atPoster = doc.timeline && doc.timeline.poster > 0;
    if (atPoster) state.time = doc.timeline.poster;
    if (doc.initialSet.length > 0 || atPoster) { refreshScene(); refreshPicture(); }
  }
  if (state.selected && !findView(state.selected)) state.selected = null;
  inspector.fonts = doc.fonts ?? [];
  canvas.renderTree();
  inspector.show(findView(state.selected), doc.registry, state.overrides);
  renderTimeline();
  canvas.layout();
  showVariants($('variants'), doc, (sets) => query({}, sets), useVariant);
  compare.show(doc);   // the view switch (Picture | Grid | Both) and A, redrawn if the file changed
  stylesPanel.update(doc);   // styles.js: reads the styles again when the file changed
  setStatus([notice, state.overrides.size ? `${state.overrides.size} override(s)` : ''].filter(Boolean).join(' · '));
  stats.ready = true;
}

function* allViews(views = state.doc?.views ?? []) {
  for (const v of views) { yield v; yield* allViews(v.children); }
}

function findView(address) {
  if (!address) return null;
  for (const v of allViews()) if (v.address === address) return v;
  return null;
}

// ---- errors overlay ----------------------------------------------------------------------

function showErrors(body) {
  stats.errors += 1;
  const fromOverride = body.diagnostics.length > 0 && body.diagnostics.every((d) => d.origin);
  if (fromOverride) {
    // A value the page set was refused: say so at its row and leave the picture as it is.
    for (const d of body.diagnostics) {
      inspector.problem(inspector.rowName(d.origin.replace(/^--set ([^=]*)=.*$/, '$1')), d.message);
    }
    // A write refused for it says "not written: …" with the same text: that says more.
    const text = body.text.trim();
    setStatus(notice.includes(text) ? notice : [notice, text].filter(Boolean).join(' · '));
    return;
  }
  // Whether a good picture stays above depends on there having been one (a scene opened broken has none).
  $('errors-title').textContent = $('picture').getAttribute('src')
    ? 'The scene has errors; the last good picture stays above.'
    : 'The scene has errors; it has no picture until they are fixed.';
  $('errors-text').textContent = body.text;
  $('errors').hidden = false;
}

function hideErrors() {
  $('errors').hidden = true;
  for (const name of inspector.rows.keys()) inspector.problem(name, '');
  showGeometryProblem(null);
}

// ---- overrides ---------------------------------------------------------------------------

/** What the last write said; stays in the status line until the next change. */
let notice = '';

function changed(keepNotice = false) {
  if (!keepNotice) notice = '';
  if (pendingChangeAt === null) pendingChangeAt = performance.now();
  const burst = pictureMode.active;   // within IDLE_MS of the last change: a control being dragged
  pictureMode.touch();
  refreshPicture();
  // During a drag on the canvas the document waits for the drag's end (the outline and the
  // geometry rows follow the drag itself): the server then draws only the pictures. So it does
  // in a burst of changes (a slider dragged): a change's document is asked for once its picture
  // is on screen, unless another change has come by then, and then when they stop. (Asked with
  // the first change, the document shared the server and the page's main thread with the
  // drag's first pictures, the slowest of each drag: bench/page-speed.sh.)
  if (canvas.gesture?.moved) sceneAfterGesture = true;
  else if (burst) { sceneAfterPicture = false; sceneAfterIdle = true; }
  else sceneAfterPicture = true;
}
let sceneAfterGesture = false;
/** The document of a change made alone, asked for once the picture in flight is on screen. */
let sceneAfterPicture = false;

// ---- undo and redo (history.js) ----------------------------------------------------------

const pageHistory = new History(showHistory);
window.scenecPreview.history = pageHistory;

function showHistory() {
  for (const [id, can, label] of [['undo', pageHistory.canUndo, pageHistory.undoLabel],
    ['redo', pageHistory.canRedo, pageHistory.redoLabel]]) {
    $(id).disabled = !can;
    $(id).title = label ? `${id === 'undo' ? 'Undo' : 'Redo'}: ${label}` : `Nothing to ${id}`;
  }
}

const sameOverrides = (a, b) => a.size === b.size && [...a].every(([k, v], i) => {
  const [k2, v2] = [...b][i];
  return k === k2 && v === v2;
});

/** Makes the overrides `map`, in its order (an undo or a redo). */
function replaceOverrides(map) {
  state.overrides.clear();
  for (const [k, v] of map) state.overrides.set(k, v);
}

function putOverrides(map, said) {
  replaceOverrides(map);
  notice = said;
  changed(true);
}

/** THE way the page changes its overrides (the inspector, reset, variants, the canvas's drags
 *  and nudges): `mutate(map)` edits state.overrides; the change becomes one undo entry, or joins
 *  the last one while the same `gesture` goes on (a slider dragged, a view dragged). */
function changeOverrides(label, mutate, options = {}) {
  // An undo or redo waiting on the server changes the overrides when it lands: a change made
  // meanwhile is made after it, on what it left, so the history stays one line.
  if (pageHistory.busy) { pageHistory.whenIdle(() => changeOverrides(label, mutate, options)); return; }
  const { gesture = null, notice: said = '' } = options;
  const before = new Map(state.overrides);
  mutate(state.overrides);
  const after = new Map(state.overrides);
  if (!sameOverrides(before, after)) {
    const entry = {
      label, gesture, before, after,
      undo: async () => { putOverrides(entry.before, `undid ${entry.label}`); return true; },
      redo: async () => { putOverrides(entry.after, `redid ${entry.label}`); return true; },
      absorb(next) { entry.after = next.after; entry.label = next.label; },
      empty: () => sameOverrides(entry.before, entry.after),
    };
    pageHistory.record(entry);
  }
  notice = said;
  changed(true);
}

/** A change the server made to the file (a write, a move): undone and redone through
 *  /api/restore, which puts back the very bytes, if the file is still what this change left.
 *  `overrides` ({ before, after }), for a write: the overrides it used up come back with it.
 *  `moved` ({ list, from, to }), for a reorder: the overrides and the selection addressed by
 *  index are renumbered back on undo and forward again on redo, so they stay on their views. */
function recordFileChange({ label, before, after, overrides = null, moved = null }) {
  pageHistory.record({
    label,
    undo: () => restoreFile(label, after, before, overrides?.before, 'undo',
      moved && (() => renumber(state, moved.list, moved.to, moved.from))),
    redo: () => restoreFile(label, before, after, overrides?.after, 'redo',
      moved && (() => renumber(state, moved.list, moved.from, moved.to))),
  });
}

async function restoreFile(label, from, to, overrides, how, rename = null) {
  const file = state.doc?.file ?? 'the file';
  let answer;
  try {
    answer = await restoreVersion(from, to);
  } catch (error) {
    notice = `cannot ${how} ${label}: ${error}`;
    setStatus(notice);
    return false;
  }
  stats.restores.push(answer.status);
  if (answer.status === 200) {
    if (overrides) replaceOverrides(overrides);
    rename?.();
    notice = how === 'undo' ? `undid ${label}: ${file} is back as it was` : `redid ${label}: ${file} written again`;
  } else if (answer.status === 409) {
    notice = `cannot ${how} ${label}: ${file} changed on disk since; it is left as it is`;
  } else if (answer.status === 404) {
    notice = `cannot ${how} ${label}: this preview no longer holds that version of ${file}`;
  } else {
    notice = `cannot ${how} ${label}: ${answer.body.error ?? answer.status}`;
  }
  setStatus(notice);
  changed(true);
  return answer.status === 200;
}

$('undo').addEventListener('click', () => pageHistory.undo());
$('redo').addEventListener('click', () => pageHistory.redo());
// A gesture ends when the pointer goes down or up, a field is committed (its change event: Enter
// or leaving it), or a key is released outside a field typed into (each arrow press on a slider
// is its own step; typing a number is one). Not on focus moves: the focus moves to a slider
// after its first input event.
for (const type of ['pointerdown', 'pointerup', 'change']) document.addEventListener(type, () => pageHistory.endGesture());
document.addEventListener('keyup', (event) => {
  if (!(event.target instanceof HTMLInputElement && ['number', 'text'].includes(event.target.type))) pageHistory.endGesture();
});
showHistory();

/** Sets one override, last, so it wins as on the command line; the status says `said`; the undo
 *  step is named `name` (the styles panel's `brand fillColor`), else the address's last part. */
function setOverride(key, text, said, name = key.slice(key.lastIndexOf('.') + 1)) {
  changeOverrides(`${name} ${text}`, (map) => {
    map.delete(key);
    map.set(key, text);
  }, { gesture: `set ${key}`, notice: said });
}

const inspector = new Inspector($('inspector'), {
  geometry(view, parts) {
    const host = document.createElement('div');
    buildGeometryRows(view, host, window.scenecPreview);
    parts.push(host);
  },
  set(view, name, text) {
    if (view.setPrefix === null) return;
    const animation = findView(view.address)?.attributes.find((a) => a.name === name)?.animation;
    setOverride(`${view.setPrefix}.${name}`, text, animation
      ? `replaced the animation ${animation.address} (line ${animation.line}) with ${name} ${text} for the whole timeline` : '');
  },
  setTimeline(address, text) {
    setOverride(address, text, `edited ${address} = ${text}, the keyframe at ${state.time} s`);
  },
  addKeyframe(address, text, attribute) {
    const a = attribute?.animation;
    setOverride(address, text, `added a keyframe ${attribute?.name} ${text} at ${state.time} s to ${a?.address} (line ${a?.line}): ${address}; its other keyframes are kept`);
  },
  reset(view, name, attribute) {
    changeOverrides(`reset ${name}`, (map) => {
      map.delete(`${view.setPrefix}.${name}`);
      const prefix = attribute?.animation ? `${attribute.animation.address}.` : null;
      if (prefix) for (const key of [...map.keys()]) if (key.startsWith(prefix)) map.delete(key);
    });
  },
});

const canvas = new Canvas({
  state, findView, changeOverrides, recordFileChange,
  // What the canvas says stays until the next change, as a write's answer does.
  setStatus(text) { notice = text; setStatus(text); },
  refresh() { refreshPicture(); return refreshScene(); },
  gestureEnded() { if (sceneAfterGesture) { sceneAfterGesture = false; refreshScene(); } },
  showInspector() { inspector.show(findView(state.selected), state.doc.registry, state.overrides); },
});
window.scenecPreview.canvas = canvas;
const select = (address) => canvas.select(address);

// compare.js: the stage's panes and the pinned state A over the live picture.
const compare = new Compare({ state, query: (snapshot) => query({}, [], snapshot), layoutPicture: () => canvas.layout() });
window.scenecPreview.compare = compare;
// The styles panel (styles.js): its changes are overrides like the inspector's.
const stylesPanel = new StylesPanel($('styles-panel'), $('styles-list'), {
  state,
  setOverride: (key, text, name) => setOverride(key, text, '', name),
  // Its Write is the toolbar's, for this style's overrides alone: the same diff and history.
  writeWithDiff: (overrides, label) => writeFromPage(overrides, label),
  setStatus(text) { notice = text; setStatus(text); },
});
window.scenecPreview.styles = stylesPanel;

$('reset-all').addEventListener('click', () => changeOverrides('Reset all', (map) => map.clear()));

/** A variant cell clicked: its values become overrides (last, so they win). */
function useVariant(cell) {
  changeOverrides(`variant ${cell.set.join(' ')}`, (map) => {
    for (const text of cell.set) {
      const eq = text.indexOf('=');
      map.delete(text.slice(0, eq));
      map.set(text.slice(0, eq), text.slice(eq + 1));
    }
  });
}

// ---- writing the overrides into the file -------------------------------------------------

let writeBusy = false;

/** Shows the unified diff a write would make; resolves to true when the user says Write. */
function confirmDiff(diff, file = state.doc.file) {
  const pre = $('write-diff');
  pre.replaceChildren(...diff.split('\n').map((line) => {
    const kind = line.startsWith('+++') || line.startsWith('---') ? 'file'
      : line.startsWith('+') ? 'added' : line.startsWith('-') ? 'removed' : line.startsWith('@@') ? 'hunk' : 'same';
    return Object.assign(document.createElement('span'), { className: kind, textContent: `${line}\n` });
  }));
  $('write-file').textContent = file;
  const dialog = $('write-dialog');
  dialog.returnValue = '';
  dialog.showModal();
  $('write-confirm').focus();
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => resolve(dialog.returnValue === 'write'), { once: true });
  });
}

/** What a refused write's answer means for the status line. */
function refusal(status, body) {
  if (status === 409) return 'the file changed on disk: showing it now, with your overrides still to write';
  if (status === 422) return `not written: ${body.text.trim()}`;
  return `not written: ${body.error ?? status}`;
}

/** "Write to file" (and the styles panel's Write, with that style's `overrides` and `label`):
 *  the server's dry run first, its diff shown, then the write itself with the same hash (so a
 *  file changed while the dialog was open is refused, 409). */
async function writeWithDiff(overrides = new Map(state.overrides), label = `write ${state.doc.file}`) {
  const hash = state.doc.hash;
  let answer = await writeOverrides(hash, overrides, { dryRun: true });
  if (answer.status === 200 && answer.body.dryRun) {
    if (!answer.body.diff) { notice = `nothing to write: ${answer.body.file ?? state.doc.file} already says this`; return; }
    // `file`: the imported file a style's values go to, when the server writes one (folder slice).
    if (!await confirmDiff(answer.body.diff, answer.body.file)) { notice = 'not written'; return; }
    answer = await writeOverrides(hash, overrides);
  }
  stats.writes.push(answer.status);
  if (answer.status !== 200) { notice = refusal(answer.status, answer.body); return; }
  // Bytes the same as before: no step to undo, and the overrides (which the file already says) stay.
  if (answer.body.before !== undefined && answer.body.before === answer.body.hash) {
    notice = `nothing written: ${state.doc.file} already says this`;
    return;
  }
  // The file now says what the overrides said: they are used up, and come back if undone.
  const before = new Map(state.overrides);
  for (const key of overrides.keys()) state.overrides.delete(key);
  const after = new Map(state.overrides);
  if (answer.body.file) {
    // An imported file written (a style's values): /api/restore puts back only the scene's
    // file, so this write cannot be undone here. The step says so when Undo reaches it (and
    // holds the steps before it, whose overrides the file now says) rather than claim an undo.
    notice = `wrote ${answer.body.file} (no undo for an imported file: change it back and write again)`;
    pageHistory.record({
      label: `${label} to ${answer.body.file}`,
      undo: async () => {
        notice = `cannot undo ${label}: ${answer.body.file} is an imported file, which the preview does not put back; change the values back and write again`;
        setStatus(notice);
        return false;
      },
      redo: async () => false,
    });
    return;
  }
  notice = `wrote ${state.doc.file}`;
  recordFileChange({ label, before: answer.body.before ?? hash, after: answer.body.hash,
    overrides: { before, after } });
}

/** A write from the toolbar or the styles panel, one at a time; the status says how it went. */
async function writeFromPage(overrides, label) {
  if (!state.doc || (overrides ?? state.overrides).size === 0 || writeBusy) { setStatus('no overrides to write'); return; }
  writeBusy = true;
  try {
    await writeWithDiff(overrides, label);
  } catch (error) {
    notice = `cannot write: ${error}`;
  } finally {
    writeBusy = false;
  }
  setStatus(notice);
  changed(true);
}

$('write').addEventListener('click', () => writeFromPage());

const shellQuote = (s) => (/^[A-Za-z0-9_.=,:%+-]+$/.test(s) ? s : `'${s.replaceAll("'", "'\\''")}'`);

$('copy-set').addEventListener('click', async () => {
  const flags = [...state.overrides].map(([k, v]) => `--set ${shellQuote(`${k}=${v}`)}`);
  if (state.appearance === 'dark') flags.push('--appearance dark');   // light is the command line's default
  // The moment shown, unless it is the poster (what `render` draws without --time).
  const poster = state.doc?.timeline?.poster ?? 0;
  if (state.doc?.timeline && state.time !== poster) flags.push(`--time ${state.time}s`);
  const text = flags.join(' ');
  $('set-text').value = text;
  try { await navigator.clipboard.writeText(text); setStatus('copied'); } catch { /* the dialog shows it */ }
  $('set-dialog').showModal();
});

function showAppearance(appearance) {
  state.appearance = appearance;
  for (const b of document.querySelectorAll('[data-appearance]')) b.classList.toggle('active', b.dataset.appearance === appearance);
}
for (const b of document.querySelectorAll('[data-appearance]')) {
  b.addEventListener('click', () => {
    if (state.appearance === b.dataset.appearance) return;
    showAppearance(b.dataset.appearance);
    changed();
  });
}
function toggleAppearance() {
  showAppearance(state.appearance === 'dark' ? 'light' : 'dark');
  changed();
}
// The Export menu (export.js) downloads the state this query() describes.
bindExport({ state, stats, query, setStatus });

$('pixels').addEventListener('change', () => { state.pixels = $('pixels').checked; refreshPicture(); });

// ---- the timeline ------------------------------------------------------------------------

function renderTimeline() {
  const t = state.doc.timeline;
  $('timeline').hidden = !t;
  if (!t) return;
  $('scrubber').max = t.duration;
  $('scrubber').step = 1 / t.fps;
  $('scrubber').value = state.time;
  const frame = Math.round(state.time * t.fps);
  $('time-label').textContent = `${state.time.toFixed(3)} s · frame ${frame} of ${t.frames}`;
}

function seek(seconds) {
  const t = state.doc.timeline;
  state.time = Math.round(Math.max(0, Math.min(t.duration, seconds)) * t.fps) / t.fps;
  renderTimeline();
  changed();
}

$('scrubber').addEventListener('input', () => {
  if (!state.doc?.timeline) return;
  setPlaying(false);   // a scrub takes the time from playback
  seek(Number($('scrubber').value));
});

// Playback (playback.js): frames fetched ahead as PNGs at the size shown, each drawn when due.
const player = new Player({
  board: $('board'),
  fetchFrame: (i) => apiFetch(`/api/render.png?${query({ scale: shownScale() }, [], { ...state, time: i / state.doc.timeline.fps })}`),
  key: () => query({ scale: shownScale() }, [], { ...state, time: 0 }),
  stats,
  onFrame(i) {
    state.time = i / state.doc.timeline.fps;
    renderTimeline();
  },
  onEnd() { setPlaying(false); },
});

function setPlaying(on) {
  if (on === state.playing) return;
  state.playing = on;
  $('play').textContent = on ? 'Pause' : 'Play';
  const t = state.doc.timeline;
  if (on) {
    let from = Math.round(state.time * t.fps);
    if (from >= t.frames - 1) from = 0;
    player.start({ frames: t.frames, fps: t.fps, from, loop: () => $('loop').checked });
  } else {
    player.stop();
    changed();   // the picture and the document at the frame it stopped on
  }
}
$('play').addEventListener('click', () => { if (state.doc?.timeline) setPlaying(!state.playing); });

// ---- keyboard shortcuts (shortcuts.js) ----------------------------------------------------

const shortcuts = shortcutTable({
  history: pageHistory,
  get canvas() { return canvas; },
  state,
  select,
  toggleAppearance,
  togglePlay() { if (state.doc?.timeline) setPlaying(!state.playing); },
  deselect() { if (state.doc) select(null); },
  showShortcuts() { $('shortcuts-dialog').showModal(); },
});
bindShortcuts(shortcuts, state);
window.scenecPreview.shortcuts = shortcuts.map(({ what, combos, where, hint }) => ({ what, combos, where, hint: !!hint }));
renderShortcuts(shortcuts, $('shortcuts-table'));
$('shortcuts').addEventListener('click', () => $('shortcuts-dialog').showModal());

// ---- live reload -------------------------------------------------------------------------

const events = apiEvents('/api/events');
window.scenecPreview.events = events;   // tests close it to stand for a page that missed a change
events.addEventListener('changed', () => {
  // The file changed on disk: the page shows it, and keeps the overrides not yet written (each
  // overridden row then shows the file's value beside its own).
  if (state.overrides.size) notice = `${state.doc?.file ?? 'the file'} changed on disk: showing it, your overrides kept`;
  player.flush();   // frames fetched ahead show the old file
  refreshScene();
  refreshPicture();
});

refreshScene();
refreshPicture();
