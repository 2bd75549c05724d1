/**
 * Cursors (contract §6.6): an opaque token that binds the query it came from (dataset and every
 * parameter except `page` and `cursor`) and carries the offset of the next row. The token is
 * base64url text so that it survives a URL unescaped.
 */
import { badRequest } from './problem';

const VERSION = 'c1';

/** FNV-1a, 32 bits: enough to tell one query from another, not a security boundary. */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

function toBase64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(token: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(token)) return null;
  try {
    return atob(token.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
}

/** A stable digest of a query: the parts in a fixed order, each one length-prefixed. */
export function queryFingerprint(parts: readonly (readonly [string, string])[]): string {
  const sorted = [...parts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return fnv1a(sorted.map(([k, v]) => `${k.length}:${k}=${v.length}:${v}`).join('&'));
}

export function encodeCursor(fingerprint: string, offset: number): string {
  return toBase64Url(`${VERSION}.${fingerprint}.${offset.toString(36)}`);
}

const INVALID =
  'cursor is invalid: it is malformed or belongs to a different query; start again with an empty cursor.';

/** The offset a cursor points at; 400 when it is malformed or was issued for another query. */
export function decodeCursor(token: string, fingerprint: string): number {
  const text = fromBase64Url(token.trim());
  const m = text === null ? null : /^c1\.([0-9a-f]{8})\.([0-9a-z]{1,11})$/.exec(text);
  if (!m?.[1] || !m[2]) throw badRequest(INVALID);
  if (m[1] !== fingerprint) throw badRequest(INVALID);
  const offset = parseInt(m[2], 36);
  if (!Number.isSafeInteger(offset) || offset < 0) throw badRequest(INVALID);
  return offset;
}
