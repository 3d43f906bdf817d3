// A folder of scenes (`scenec preview DIR`, or several files; docs/preview.md, "A folder of
// scenes"). Without `?scene=` the page is the scene browser: every scene with its picture, its
// errors marked, each opening the live page `?scene=NAME`. On a live page the toolbar gets a
// way back and a menu of the other scenes. Names come from /api/scenes and are shown only as
// text (textContent), never as markup. The list is the one the server started with: a scene
// file added or removed while it runs is seen at the next start (the browser says so).
import { el } from './dom.js';
import { apiEvents, apiFetch, sceneName } from './token.js';

const $ = (id) => document.getElementById(id);

/** /api/scenes, or null when it cannot be had (the page then works as for one scene). */
async function loadScenes() {
  try {
    const response = await apiFetch('/api/scenes');
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

/** The live page for a scene: this page with only `scene=` in its query. */
const sceneURL = (name) => `/?scene=${encodeURIComponent(name)}`;

/** One card: the picture at the scene's poster time (fetched with the token, shown from a blob
 *  URL), the name, the errors. */
function card(scene) {
  const picture = el('img', { alt: `${scene.name}`, className: 'scene-thumb' });
  // The picture is as wide as its canvas's shape allows (not letterboxed on a white box): its
  // checkerboard and outline mark the canvas's own edge, as the live page's board does.
  if (scene.width > 0 && scene.height > 0) picture.style.setProperty('--aspect', String(scene.width / scene.height));
  const caption = el('figcaption', {}, el('span', { className: 'scene-name', textContent: scene.name }));
  const link = el('a', { className: 'scene-card', href: sceneURL(scene.name) },
    el('figure', {}, el('div', { className: 'scene-frame' }, picture), caption));
  link.dataset.scene = scene.name;
  link.dataset.hash = scene.hash;
  link.dataset.problem = scene.problem ?? '';
  if (scene.problem) {
    // Removed or renamed since the preview started (it is seen again at the next start).
    link.classList.add('has-errors');
    caption.append(el('span', { className: 'scene-errors', textContent: 'cannot be read' }),
      el('span', { className: 'scene-first-error', textContent: scene.problem }));
    picture.hidden = true;
  } else if (scene.errors > 0) {
    link.classList.add('has-errors');
    caption.append(el('span', { className: 'scene-errors', textContent: `${scene.errors} error${scene.errors === 1 ? '' : 's'}` }),
      el('span', { className: 'scene-first-error', textContent: scene.firstError ?? '' }));
    picture.hidden = true;
  } else {
    if (scene.warnings > 0) caption.append(el('span', { className: 'scene-warnings', textContent: `${scene.warnings} warning${scene.warnings === 1 ? '' : 's'}` }));
    // The scene named in the URL itself: the browser has no scene of its own to add.
    apiFetch(`/api/render.svg?scene=${encodeURIComponent(scene.name)}&time=${scene.poster ?? 0}`).then(async (response) => {
      if (!response.ok) { picture.hidden = true; return; }
      picture.src = URL.createObjectURL(await response.blob());
      await picture.decode().catch(() => {});
      link.dataset.loaded = 'true';
    });
  }
  return link;
}

function showBrowser(list) {
  document.body.classList.add('browsing');
  document.title = 'scenes — scenec preview';
  const grid = el('div', { className: 'scene-grid' }, ...list.scenes.map(card));
  $('scene-browser').replaceChildren(
    el('h1', { textContent: `${list.scenes.length} scene${list.scenes.length === 1 ? '' : 's'}` }),
    el('p', { className: 'scene-note', textContent: 'A scene file added, removed or renamed while the preview runs is seen when it starts again.' }),
    grid);
  $('scene-browser').hidden = false;
  window.scenecScenes = { list, ready: true, updates: 0 };
  // A scene (or a file it imports) changed on disk: its card again, from a new list.
  apiEvents('/api/events').addEventListener('changed', async () => {
    const now = await loadScenes();
    if (!now) return;
    for (const scene of now.scenes) {
      const shown = [...grid.children].find((c) => c.dataset.scene === scene.name);
      if (shown?.dataset.hash === scene.hash && shown.dataset.problem === (scene.problem ?? '')) continue;
      const img = shown?.querySelector('img');
      if (img?.src) URL.revokeObjectURL(img.src);
      if (shown) shown.replaceWith(card(scene)); else grid.append(card(scene));
    }
    window.scenecScenes.list = now;
    window.scenecScenes.updates += 1;
  });
}

/** `?scene=` names no scene of this preview: say so, with the way back, instead of the live page. */
function showUnknown(name) {
  document.body.classList.add('browsing');
  document.title = 'no such scene — scenec preview';
  $('scene-browser').replaceChildren(
    el('h1', { textContent: 'No such scene' }),
    el('p', { className: 'scene-unknown', textContent: `This preview serves no scene named “${name}”.` }),
    el('p', {}, el('a', { href: '/', id: 'back-to-scenes', textContent: 'All scenes' })));
  $('scene-browser').hidden = false;
  window.scenecScenes = { unknown: name, ready: true };
}

/** True when the page may leave: no override unwritten, or the user agrees to drop them. The
 *  overrides and undo history belong to this tab's page of one scene and end with it. */
function mayLeave() {
  const count = window.scenecPreview?.state?.overrides?.size ?? 0;
  if (count === 0) return true;
  return confirm(`${count} unwritten change${count === 1 ? '' : 's'} to ${sceneName}: leave this scene and lose ${count === 1 ? 'it' : 'them'}?`);
}

/** The live page's way back to the browser and its menu of the other scenes. The menu stands
 *  for the scene's name in the toolbar (shown once: the bold name is hidden). */
function showMenu(list) {
  const menu = $('scene-menu');
  menu.replaceChildren(...list.scenes.map((s) => el('option', { value: s.name, textContent: s.errors ? `${s.name} (errors)` : s.name,
    selected: s.name === sceneName })));
  menu.title = sceneName;
  menu.addEventListener('change', () => {
    if (mayLeave()) location.href = sceneURL(menu.value); else menu.value = sceneName;
  });
  $('all-scenes').addEventListener('click', (event) => { if (!mayLeave()) event.preventDefault(); });
  $('file-name').hidden = true;
  $('scene-nav').hidden = false;
}

const list = await loadScenes();
if (list?.folder && sceneName === null) {
  showBrowser(list);
  // The live page's module imports this one: never resolving here keeps it from starting
  // (no scene to fetch, no event stream) while the page is the browser.
  await new Promise(() => {});
}
if (list?.folder && !list.scenes.some((s) => s.name === sceneName)) {
  showUnknown(sceneName);
  await new Promise(() => {});   // as for the browser: the live page never starts
}
if (list?.folder) showMenu(list);
