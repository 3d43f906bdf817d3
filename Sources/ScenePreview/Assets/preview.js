// scenec preview: the page. It talks only to this server's /api (docs/preview.md, "The HTTP
// API"); each tab keeps its own overrides, selection, zoom and time.
import { Canvas } from './canvas.js';
import { buildGeometryRows } from './geometry-rows.js';
import { Inspector } from './inspector.js';
import { showVariants } from './variants.js';
import { writeOverrides } from './write.js';
import { apiEvents, apiFetch } from './token.js';

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
const stats = { pictures: 0, latencies: [], ready: false, errors: 0, writes: [] };
window.scenecPreview = { state, stats };

function query(extra = {}, moreSets = []) {
  const parts = [`time=${encodeURIComponent(String(state.time))}`];
  if (state.appearance) parts.push(`appearance=${state.appearance}`);
  for (const [k, v] of state.overrides) parts.push(`set=${encodeURIComponent(`${k}=${v}`)}`);
  for (const text of moreSets) parts.push(`set=${encodeURIComponent(text)}`);
  for (const [k, v] of Object.entries(extra)) parts.push(`${k}=${encodeURIComponent(v)}`);
  return parts.join('&');
}

function setStatus(text) { $('status').textContent = text; }

// ---- the picture -------------------------------------------------------------------------

let pictureBusy = false;
let pictureAgain = false;
let pendingChangeAt = null;   // performance.now() of the oldest change not yet on screen

/** Draws the current state; calls made while a request is in flight collapse into one more. */
async function refreshPicture() {
  if (pictureBusy) { pictureAgain = true; return; }
  pictureBusy = true;
  const changeAt = pendingChangeAt;
  pendingChangeAt = null;
  try {
    const pixels = state.pixels && state.doc;
    const url = pixels ? `/api/render.png?${query()}` : `/api/render.svg?${query()}`;
    const response = await apiFetch(url);
    if (response.status === 422) {
      showErrors(await response.json());
    } else if (!response.ok) {
      setStatus(`render failed: ${response.status} ${await response.text()}`);
    } else {
      const blob = await response.blob();
      const next = URL.createObjectURL(blob);
      const image = new Image();
      image.src = next;
      await image.decode();
      const old = $('picture').src;
      $('picture').src = next;
      $('picture').classList.toggle('pixels', !!pixels);
      if (old.startsWith('blob:')) URL.revokeObjectURL(old);
      await new Promise((resolve) => requestAnimationFrame(() => resolve()));
      stats.pictures += 1;
      if (changeAt !== null) stats.latencies.push(performance.now() - changeAt);
      if (!sceneHasErrors) hideErrors();
    }
  } catch (error) {
    setStatus(`render failed: ${error}`);
  } finally {
    pictureBusy = false;
    if (pictureAgain) { pictureAgain = false; refreshPicture(); }
  }
}

/** True when nothing is waiting to be drawn or fetched (tests wait for it). */
stats.settled = () => !writeBusy && !pictureBusy && !pictureAgain && !sceneBusy && !sceneAgain && pendingChangeAt === null;

// ---- the scene document ------------------------------------------------------------------

let sceneBusy = false;
let sceneAgain = false;
let sceneHasErrors = false;

async function refreshScene() {
  if (sceneBusy) { sceneAgain = true; return; }
  sceneBusy = true;
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
    if (sceneAgain) { sceneAgain = false; refreshScene(); }
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
    if (doc.initialSet.length > 0) { refreshScene(); refreshPicture(); }
  }
  if (state.selected && !findView(state.selected)) state.selected = null;
  inspector.fonts = doc.fonts ?? [];
  canvas.renderTree();
  inspector.show(findView(state.selected), doc.registry, state.overrides);
  renderTimeline();
  canvas.layout();
  showVariants($('variants'), doc, (sets) => query({}, sets), useVariant);
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
    setStatus(body.text.trim());
    return;
  }
  $('errors-text').textContent = body.text;
  $('errors').hidden = false;
}

function hideErrors() {
  $('errors').hidden = true;
  for (const name of inspector.rows.keys()) inspector.problem(name, '');
}

// ---- overrides ---------------------------------------------------------------------------

/** What the last write said; stays in the status line until the next change. */
let notice = '';

function changed(keepNotice = false) {
  if (!keepNotice) notice = '';
  if (pendingChangeAt === null) pendingChangeAt = performance.now();
  refreshPicture();
  refreshScene();
}

/** Every change of the overrides goes through here: `mutate(map)` edits them; calls with the
 *  same `gesture` (a drag) are one change (the history keeps one undo entry for them). */
function changeOverrides(label, mutate, { gesture } = {}) {
  mutate(state.overrides);
  changed();
}

/** A change the server made to the file (a write, a move): `before` and `after` are its hashes. */
function recordFileChange({ label, before, after }) {
  notice = `${label} (${before?.slice(0, 8)} → ${after?.slice(0, 8)})`;
}

/** Sets one override, last, so it wins as on the command line; the status says `said`. */
function setOverride(key, text, said) {
  state.overrides.delete(key);
  state.overrides.set(key, text);
  notice = said;
  changed(true);
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
    state.overrides.delete(`${view.setPrefix}.${name}`);
    const prefix = attribute?.animation ? `${attribute.animation.address}.` : null;
    if (prefix) for (const key of [...state.overrides.keys()]) if (key.startsWith(prefix)) state.overrides.delete(key);
    changed();
  },
});

const canvas = new Canvas({
  state, findView, changeOverrides, recordFileChange,
  // What the canvas says stays until the next change, as a write's answer does.
  setStatus(text) { notice = text; setStatus(text); },
  refresh() { refreshScene(); refreshPicture(); },
  showInspector() { inspector.show(findView(state.selected), state.doc.registry, state.overrides); },
});
window.scenecPreview.canvas = canvas;

$('reset-all').addEventListener('click', () => { state.overrides.clear(); changed(); });

/** A variant cell clicked: its values become overrides (last, so they win). */
function useVariant(cell) {
  for (const text of cell.set) {
    const eq = text.indexOf('=');
    state.overrides.delete(text.slice(0, eq));
    state.overrides.set(text.slice(0, eq), text.slice(eq + 1));
  }
  changed();
}

// ---- writing the overrides into the file -------------------------------------------------

let writeBusy = false;

$('write').addEventListener('click', async () => {
  if (!state.doc || state.overrides.size === 0 || writeBusy) { setStatus('no overrides to write'); return; }
  writeBusy = true;
  try {
    const { status, body } = await writeOverrides(state.doc.hash, state.overrides);
    stats.writes.push(status);
    if (status === 200) {
      // The file now says what the overrides said.
      state.overrides.clear();
      notice = `wrote ${state.doc.file}`;
    } else if (status === 409) {
      notice = 'the file changed on disk: showing it now, with your overrides still to write';
    } else if (status === 422) {
      notice = `not written: ${body.text.trim()}`;
    } else {
      notice = `not written: ${body.error ?? status}`;
    }
  } catch (error) {
    notice = `cannot write: ${error}`;
  } finally {
    writeBusy = false;
  }
  setStatus(notice);
  changed(true);
});

const shellQuote = (s) => (/^[A-Za-z0-9_.=,:%+-]+$/.test(s) ? s : `'${s.replaceAll("'", "'\\''")}'`);

$('copy-set').addEventListener('click', async () => {
  const flags = [...state.overrides].map(([k, v]) => `--set ${shellQuote(`${k}=${v}`)}`);
  if (state.appearance === 'dark') flags.push('--appearance dark');   // light is the command line's default
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

$('scrubber').addEventListener('input', () => { if (state.doc?.timeline) seek(Number($('scrubber').value)); });

let playStart = 0;
let playFrom = 0;
function tick(now) {
  if (!state.playing || !state.doc?.timeline) return;
  const t = state.doc.timeline;
  let seconds = playFrom + (now - playStart) / 1000;
  if (seconds > t.duration) {
    if ($('loop').checked && t.duration > 0) seconds %= t.duration;
    else { seconds = t.duration; setPlaying(false); }
  }
  const frameTime = Math.round(seconds * t.fps) / t.fps;
  if (frameTime !== state.time) seek(frameTime);
  requestAnimationFrame(tick);
}

function setPlaying(on) {
  state.playing = on;
  $('play').textContent = on ? 'Pause' : 'Play';
  if (on) {
    if (state.time >= state.doc.timeline.duration) state.time = 0;
    playStart = performance.now();
    playFrom = state.time;
    requestAnimationFrame(tick);
  }
}
$('play').addEventListener('click', () => { if (state.doc?.timeline) setPlaying(!state.playing); });

// ---- live reload -------------------------------------------------------------------------

const events = apiEvents('/api/events');
window.scenecPreview.events = events;   // tests close it to stand for a page that missed a change
events.addEventListener('changed', () => {
  // The file changed on disk: the page shows it, and keeps the overrides not yet written (each
  // overridden row then shows the file's value beside its own).
  if (state.overrides.size) notice = `${state.doc?.file ?? 'the file'} changed on disk: showing it, your overrides kept`;
  refreshScene();
  refreshPicture();
});

refreshScene();
refreshPicture();
