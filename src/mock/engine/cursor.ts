/**
 * Cursors (contract §6.6): an opaque token that binds the query it came from (dataset and every
 * parameter except `page` and `cursor`) and carries where the next page starts: its offset in the
 * ordered result (for `limit`) and the walk position of its first row, so that the engine resumes
 * there instead of re-walking every row before it. The token is base64url text so that it survives
 * a URL unescaped: `c2.<fingerprint>.<offset>.<time>.<index>`, numbers in base 36.
 */
import type { Millis } from '@/mock/data/types';
import { invalid } from './rejection';

const VERSION = 'c2';

/**
 * Where the next row to emit is. A plain walk: `t` is the grid time of its grid index and `i` its
 * index among that index's rows in walking order. A resampled walk: `t` is the start of its bucket
 * and `i` its index among the bucket's rows in output order.
 */
export interface CursorPosition {
  t: Millis;
  i: number;
}

export interface CursorState {
  offset: number;
  position: CursorPosition;
}

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

export function encodeCursor(fingerprint: string, offset: number, position: CursorPosition): string {
  const fields = [
    VERSION,
    fingerprint,
    offset.toString(36),
    position.t.toString(36),
    position.i.toString(36),
  ];
  return toBase64Url(fields.join('.'));
}

const INVALID =
  'cursor is invalid: it is malformed or belongs to a different query; start again with an empty cursor.';

const CURSOR_RE = /^c2\.([0-9a-f]{8})\.([0-9a-z]{1,11})\.(-?[0-9a-z]{1,11})\.([0-9a-z]{1,11})$/;

/** Where a cursor's page starts; 400 when it is malformed or was issued for another query. */
export function decodeCursor(token: string, fingerprint: string): CursorState {
  const text = fromBase64Url(token.trim());
  const m = text === null ? null : CURSOR_RE.exec(text);
  if (!m?.[1] || !m[2] || !m[3] || !m[4]) throw invalid(INVALID);
  if (m[1] !== fingerprint) throw invalid(INVALID);
  const [offset, t, i] = [m[2], m[3], m[4]].map((n) => parseInt(n, 36));
  const valid = (n: number | undefined): n is number => n !== undefined && Number.isSafeInteger(n);
  if (!valid(offset) || !valid(t) || !valid(i) || offset < 0 || i < 0) throw invalid(INVALID);
  return { offset, position: { t, i } };
}
