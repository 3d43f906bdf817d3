// The preview's token. It arrives in the URL's fragment (`/#token=…`), which the browser never
// sends to a server nor in a Referer, and stays in this tab's sessionStorage, which is kept per
// origin (port included) and across reloads. Never in a cookie: cookies are not kept apart by
// port, so every other server on 127.0.0.1 would receive it.
const KEY = 'scenec-preview-token';

function takeToken() {
  const match = /(?:^#|&)token=([0-9a-f]+)/.exec(location.hash);
  if (match) {
    sessionStorage.setItem(KEY, match[1]);
    // The address bar (and so a copied link or the history) drops it.
    history.replaceState(null, '', location.pathname + location.search);
  }
  return sessionStorage.getItem(KEY) ?? '';
}

const token = takeToken();

/** The scene this page shows (`?scene=REL`, as /api/scenes names it); null without one (the
 *  only scene of `scenec preview SCENE`, or the scene browser of `preview DIR`). */
export const sceneName = new URLSearchParams(location.search).get('scene');

/** `url` with the page's scene added, so every module's requests name it without knowing of it;
 *  a URL that names a scene itself (the browser's thumbnails) keeps its own. */
function withScene(url) {
  if (sceneName === null) return url;
  const parsed = new URL(url, location.origin);
  if (!parsed.pathname.startsWith('/api/') || parsed.searchParams.has('scene')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}scene=${encodeURIComponent(sceneName)}`;
}

/** fetch() for this server's /api, with the token in the X-Scenec-Token header. */
export function apiFetch(url, init = {}) {
  const headers = new Headers(init.headers ?? {});
  headers.set('X-Scenec-Token', token);
  return fetch(withScene(url), { ...init, headers });
}

/** The event stream: EventSource cannot send headers, so here alone the token rides in the query. */
export function apiEvents(path) {
  return new EventSource(withScene(`${path}?token=${encodeURIComponent(token)}`));
}
