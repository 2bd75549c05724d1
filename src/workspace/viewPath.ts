/**
 * Whether a saved view's path may be followed. A view's path comes from storage, an imported
 * file or a share link, so it is untrusted: the library navigates only to an app-relative path of
 * the page its kind names. That rules out other origins (`//evil.com`, `/\evil.com`, which browsers
 * read as `//`), schemes (`javascript:`), encoded separators that a router or server would decode
 * into another path (`%2F`, `%5C`), dot segments, control characters, and paths too long to be a
 * page's state. The import reader and the library's Open both ask here, so there is one rule.
 */
import type { ViewKind } from './types';

/** Each kind's route under the app's base, `:name` for a parameter (src/app/pages.test.ts keeps them equal to the router's). */
export const VIEW_ROUTES = {
  query: 'datasets/:id/query',
  compare: 'compare',
  priceMap: 'price-map',
  locations: 'locations',
  location: 'locations/:gsEntityId',
  dailyPeak: 'reports/daily-peak',
  today: 'today',
} as const satisfies Record<ViewKind, string>;

/**
 * The longest path kept. A Compare workspace with many series and derived expressions is the
 * longest state a page writes into its URL; a few thousand characters covers it with room to spare,
 * and anything longer would not survive as a link anyway.
 */
export const MAX_VIEW_PATH = 16_000;

// Unreserved and sub-delimiter characters of RFC 3986 §3.3, or a percent-encoded byte.
const SEGMENT_RE = /^(?:[A-Za-z0-9_.~!$&'()*+,;=:@-]|%[0-9A-Fa-f]{2})+$/;
// What a query string may hold as raw characters: printable ASCII without `#` or a backslash.
const QUERY_RE = /^[\x21-\x22\x24-\x5b\x5d-\x7e]*$/;

function parameterIsSafe(segment: string): boolean {
  if (!SEGMENT_RE.test(segment)) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return false;
  }
  // Decoded, a parameter must still be one plain segment: no separator, no dot segment, no control.
  // eslint-disable-next-line no-control-regex
  return decoded !== '.' && decoded !== '..' && !/[/\\\u0000-\u001f\u007f]/.test(decoded);
}

function pathnameMatches(pattern: string, pathname: string): boolean {
  const expected = pattern.split('/');
  const actual = pathname.slice(1).split('/');
  if (expected.length !== actual.length) return false;
  return expected.every((part, i) => {
    const segment = actual[i] ?? '';
    return part.startsWith(':') ? parameterIsSafe(segment) : segment === part;
  });
}

/** The kind of page a path (app base left out) shows by its route alone, or null for a page that saves no view. */
export function viewKindOf(path: string): ViewKind | null {
  const end = path.search(/[?#]/);
  const pathname = (end < 0 ? path : path.slice(0, end)).replace(/\/+$/, '') || '/';
  const parts = pathname.slice(1).split('/');
  const matches = (route: string) => {
    const expected = route.split('/');
    return (
      expected.length === parts.length &&
      expected.every((part, i) => (part.startsWith(':') ? (parts[i] ?? '') !== '' : parts[i] === part))
    );
  };
  return (Object.keys(VIEW_ROUTES) as ViewKind[]).find((kind) => matches(VIEW_ROUTES[kind])) ?? null;
}

/** True when `path` is a safe route of whichever page it names: a history entry's Open. */
export function isOpenablePath(path: string): boolean {
  const kind = viewKindOf(path);
  return kind !== null && isSafeViewPath(kind, path);
}

/** True when `path` is an app-relative route of the page `kind` names, safe to hand to the router. */
export function isSafeViewPath(kind: ViewKind, path: unknown): path is string {
  if (typeof path !== 'string' || path.length === 0 || path.length > MAX_VIEW_PATH) return false;
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return false;
  const queryAt = path.indexOf('?');
  const pathname = queryAt === -1 ? path : path.slice(0, queryAt);
  const query = queryAt === -1 ? '' : path.slice(queryAt + 1);
  if (!QUERY_RE.test(query)) return false;
  const route: string = VIEW_ROUTES[kind];
  if (!pathnameMatches(route, pathname)) return false;
  // Belt and braces: resolved against an origin, the path must stay on it and keep its pathname.
  try {
    const resolved = new URL(path, 'https://gridscope.invalid');
    return resolved.origin === 'https://gridscope.invalid' && resolved.pathname === pathname;
  } catch {
    return false;
  }
}
