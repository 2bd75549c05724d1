// The entry's own chunk runs before anything else arrives; through the contract's door it would
// carry zod and every schema, so this one module takes its two tables directly.
import { HTTP_MOCK_URL } from '@/contract/http';
import { BUILT_IN_KEY_LIST, DEMO_API_KEY } from '@/contract/plans';
import { createExternalStore } from '@/lib/store';
import { APP_PROXY_PATH } from './proxyPaths';

export interface Connection {
  /** The built-in demo data, a server called directly, or a server reached through this app's proxy. */
  mode: 'demo' | 'remote' | 'proxy';
  /** Used in remote mode only; demo mode talks to the built-in mock and proxy mode to `/upstream` on this origin. */
  baseUrl: string;
  apiKey: string;
  remember: boolean;
  /** How long a request may take, answer and body included, before the client gives up on it. */
  timeoutSeconds: number;
}

/** A connection to save; a missing time-out means the default one. */
export type ConnectionInput = Omit<Connection, 'timeoutSeconds'> & { timeoutSeconds?: number };

export const DEFAULT_TIMEOUT_SECONDS = 30;
/** What the settings form accepts: below 5 s a busy server times out; past 10 min nobody is waiting. */
export const MIN_TIMEOUT_SECONDS = 5;
export const MAX_TIMEOUT_SECONDS = 600;

export const DEMO_BASE_PATH = '/demo-api';
export { DEMO_API_KEY };

/** The keys the built-in demo data knows (contract §2), shown on the settings page. */
export const DEMO_KEYS = BUILT_IN_KEY_LIST;

const SETTINGS_KEY = 'gridscope.connection';
const API_KEY_KEY = 'gridscope.apiKey';

let demoBackendReady: Promise<unknown> = Promise.resolve();

/**
 * Demo requests wait for `ready` (the in-browser backend starting) instead of the page waiting to
 * render: the shell and the first page paint while the backend starts, and their requests leave
 * once something answers them. A failed start releases them too, to fail with a network error.
 */
export function holdDemoRequestsUntil(ready: Promise<unknown>): void {
  demoBackendReady = ready.catch(() => undefined);
}

export function whenDemoBackendReady(): Promise<unknown> {
  return demoBackendReady;
}

export function demoBaseUrl(): string {
  return `${window.location.origin}${DEMO_BASE_PATH}`;
}

const DEFAULT_CONNECTION: Connection = {
  mode: 'demo',
  baseUrl: '',
  apiKey: DEMO_API_KEY,
  remember: false,
  timeoutSeconds: DEFAULT_TIMEOUT_SECONDS,
};

/**
 * A usable stored time-out, else the default. Storage is not the form: it keeps any positive
 * number (tests use a fraction of a second), and only garbage falls back.
 */
function storedTimeout(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= MAX_TIMEOUT_SECONDS
    ? value
    : DEFAULT_TIMEOUT_SECONDS;
}

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    // Storage can throw (disabled cookies, sandboxed frames); the app still works for this tab.
    return null;
  }
}

interface StoredSettings {
  mode: Connection['mode'];
  baseUrl: string;
  remember: boolean;
  timeoutSeconds: number;
}

function readSettings(): StoredSettings | null {
  const raw = storage('localStorage')?.getItem(SETTINGS_KEY);
  if (raw == null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const p = parsed as Record<string, unknown>;
    return {
      mode: p.mode === 'remote' || p.mode === 'proxy' ? p.mode : 'demo',
      baseUrl: typeof p.baseUrl === 'string' ? p.baseUrl : '',
      remember: p.remember === true,
      timeoutSeconds: storedTimeout(p.timeoutSeconds),
    };
  } catch {
    return null;
  }
}

function load(): Connection {
  const settings = readSettings();
  if (settings === null) return DEFAULT_CONNECTION;
  const key = settings.remember
    ? storage('localStorage')?.getItem(API_KEY_KEY)
    : storage('sessionStorage')?.getItem(API_KEY_KEY);
  return {
    ...settings,
    apiKey: key ?? (settings.mode === 'demo' ? DEMO_API_KEY : ''),
  };
}

let current: Connection | null = null;

export function getConnection(): Connection {
  current ??= load();
  return current;
}

// Pages are prerendered with the demo (src/app/prerender.tsx) and hydrated only in demo mode.
const store = createExternalStore(getConnection, undefined, () => DEFAULT_CONNECTION);

export function setConnection(input: ConnectionInput): void {
  const c: Connection = { ...input, timeoutSeconds: storedTimeout(input.timeoutSeconds) };
  const local = storage('localStorage');
  const session = storage('sessionStorage');
  // The base URL, the time-out and the choice itself are not secret; only the key follows "remember".
  local?.setItem(
    SETTINGS_KEY,
    JSON.stringify({
      mode: c.mode,
      baseUrl: c.baseUrl,
      remember: c.remember,
      timeoutSeconds: c.timeoutSeconds,
    }),
  );
  if (c.remember) {
    local?.setItem(API_KEY_KEY, c.apiKey);
    session?.removeItem(API_KEY_KEY);
  } else {
    local?.removeItem(API_KEY_KEY);
    session?.setItem(API_KEY_KEY, c.apiKey);
  }
  current = c;
  store.notify();
}

export const subscribeConnection = store.subscribe;

/** Forgets the in-memory copy so the next read comes from storage (tests, and a fresh boot). */
export function reloadConnection(): void {
  current = null;
  store.notify();
}

export const useConnection = store.useValue;

export function effectiveBaseUrl(c: Connection): string {
  const base =
    c.mode === 'demo'
      ? demoBaseUrl()
      : c.mode === 'proxy'
        ? `${window.location.origin}${APP_PROXY_PATH}`
        : c.baseUrl.trim();
  return base.replace(/\/+$/, '');
}

/** The environment variable scripts read the key from: code shown to copy never holds the key. */
export const API_KEY_ENV = 'GRIDSTATUS_API_KEY';

/**
 * The base URL a script outside this page calls for the same rows: for the built-in demo data,
 * the same data served over HTTP by `npm run api`; otherwise the URL this page calls (the server,
 * or this app's proxy).
 */
export function scriptBaseUrl(c: Connection): string {
  return c.mode === 'demo' ? HTTP_MOCK_URL : effectiveBaseUrl(c);
}

export { HTTP_MOCK_URL };

/** The request limit per second of a plan the app knows by name (the built-in keys' plans), else null. */
export function knownRequestsPerSecond(plan: string | undefined): number | null {
  return BUILT_IN_KEY_LIST.find((k) => k.plan === plan)?.requestsPerSecond ?? null;
}

export function describeBackend(c: Connection): string {
  if (c.mode === 'demo') return 'Built-in demo data';
  if (c.mode === 'proxy') return "this app's proxy";
  try {
    return new URL(c.baseUrl).host;
  } catch {
    return c.baseUrl === '' ? 'no server set' : c.baseUrl;
  }
}

/** An http(s) URL the client can call, or the reason it cannot. */
export function validateBaseUrl(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return 'Enter the server address, for example https://api.example.com.';
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return 'Enter a full address starting with http:// or https://.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return 'The address must start with http:// or https://.';
  if (url.username !== '' || url.password !== '')
    return 'Leave credentials out of the address; use the API key field.';
  if (url.search !== '' || url.hash !== '') return 'Leave the query string out of the address.';
  return null;
}

/** Seconds as the form shows them, or the reason they cannot be used. */
export function validateTimeoutSeconds(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '')
    return `Enter a time-out in seconds, from ${MIN_TIMEOUT_SECONDS} to ${MAX_TIMEOUT_SECONDS}.`;
  const seconds = Number(trimmed);
  if (!/^\d+$/.test(trimmed) || !Number.isSafeInteger(seconds)) return 'Enter a whole number of seconds.';
  if (seconds < MIN_TIMEOUT_SECONDS || seconds > MAX_TIMEOUT_SECONDS)
    return `The time-out must be from ${MIN_TIMEOUT_SECONDS} to ${MAX_TIMEOUT_SECONDS} seconds.`;
  return null;
}
