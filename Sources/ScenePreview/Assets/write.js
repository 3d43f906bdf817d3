// "Write to file": the page's overrides written into the scene file by the server, as
// `scenec edit` would, if the file is still the one the page last saw (its hash); and the way
// back, /api/restore, which puts back bytes the file had before (docs/preview.md, "Undo").
import { apiFetch } from './token.js';

async function post(path, payload) {
  const response = await apiFetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(payload),
  });
  let body = {};
  try { body = await response.json(); } catch { body = { error: `${response.status}` }; }
  return { status: response.status, body };
}

/** POSTs the overrides; resolves to { status, body } (200 { hash, before, diff }, 409, 422
 *  diagnostics, 403 with { error } for a read-only file). With `dryRun` nothing is written and
 *  the 200 says { diff, dryRun: true }. */
export function writeOverrides(hash, overrides, { dryRun = false } = {}) {
  const set = [...overrides].map(([k, v]) => `${k}=${v}`);
  return post('/api/write', dryRun ? { hash, set, dryRun: true } : { hash, set });
}

/** Puts the file back to the version `to`, if it is still at `hash`: 200, 409 (changed since),
 *  404 (a version the server does not hold). */
export function restoreVersion(hash, to) {
  return post('/api/restore', { hash, to });
}
