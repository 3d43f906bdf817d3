// "Write to file": the page's overrides written into the scene file by the server, as
// `scenec edit` would, if the file is still the one the page last saw (its hash).
import { apiFetch } from './token.js';

/** POSTs the overrides; resolves to { status, body } (200 new hash, 409, 422 diagnostics, 403
 *  with { error } for a read-only file). */
export async function writeOverrides(hash, overrides) {
  const set = [...overrides].map(([k, v]) => `${k}=${v}`);
  const response = await apiFetch('/api/write', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ hash, set }),
  });
  let body = {};
  try { body = await response.json(); } catch { body = { error: `${response.status}` }; }
  return { status: response.status, body };
}
