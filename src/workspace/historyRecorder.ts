/**
 * Records the app's dataset queries in the history, automatically and off their path: the query
 * cache's listener notes when a query starts and how it ended (a few property reads), and keeps
 * the result in memory; when the page is idle the batch is worded and written to the store, whose
 * modules (and Dexie) are loaded only then. A query's time to its first rows is untouched, and a
 * store that refuses is said in the history list, never to the query (historyStatus.ts).
 */
import { CancelledError, type Query, type QueryClient } from '@tanstack/react-query';
import { apiErrorText } from '@/api/ApiError';
import { getConnection, scriptBaseUrl } from '@/api/connection';
import { appBase } from '@/lib/appBase';
import { whenIdle } from '@/lib/idle';
import { isRecord } from '@/lib/isRecord';
import type { FinishedQuery } from './historyEntries';
import { recordedSource, summariseAnswer, type QuerySource } from './historySources';
import { viewKindOf } from './viewPath';
import { isHistoryRecording } from './historySetting';
import { noteHistoryFailure } from './historyStatus';
import type { ViewKind } from './types';

export interface HistoryRecorderOptions {
  /** The page's path and query string under the app's base (the browser's location by default). */
  currentPath?: () => string;
  /** Runs the write later (when the page is idle by default). */
  schedule?: (write: () => void) => void;
}

export interface HistoryRecorder {
  /** Writes what is waiting now; resolves when it is written (or its failure noted). */
  flush: () => Promise<void>;
  uninstall: () => void;
}

interface Started {
  source: QuerySource;
  kind: ViewKind;
  path: string;
  server: string;
  t0: number;
}

/** The kind of entry a query makes when its page is not one that saves views. */
const KIND_OF_SOURCE = {
  table: 'query',
  rows: 'dailyPeak',
  series: 'compare',
  live: 'today',
  snapshot: 'priceMap',
  locationDay: 'priceMap',
} as const satisfies Record<QuerySource['type'], ViewKind>;

/** How long an idle moment may be waited for before the batch is written anyway. */
const IDLE_TIMEOUT_MS = 2_000;

function browserPath(): string {
  const { pathname, search } = window.location;
  const base = appBase();
  const path = base !== '' && pathname.startsWith(base) ? pathname.slice(base.length) || '/' : pathname;
  return `${path}${search}`;
}

/**
 * Where a page that is going away leaves the queries it had no time to write: the store's modules
 * load asynchronously, which a closing page does not wait for, while localStorage is written at
 * once. The next page that installs a recorder writes them (a link opened right after a query
 * still finds it in the history).
 */
const LEFT_OVER_KEY = 'gridscope.history.unwritten';

function localStore(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function isFinishedQuery(value: unknown): value is FinishedQuery {
  return (
    isRecord(value) &&
    typeof value.at === 'number' &&
    typeof value.path === 'string' &&
    isRecord(value.source) &&
    isRecord(value.answer)
  );
}

function takeLeftOver(): FinishedQuery[] {
  const store = localStore();
  try {
    const text = store?.getItem(LEFT_OVER_KEY);
    if (!text) return [];
    store?.removeItem(LEFT_OVER_KEY);
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter(isFinishedQuery) : [];
  } catch {
    return [];
  }
}

function leaveOver(batch: readonly FinishedQuery[]): boolean {
  try {
    const store = localStore();
    if (store === null) return false;
    // Another tab may have left some too: add to them.
    const kept = [...takeLeftOver(), ...batch];
    store.setItem(LEFT_OVER_KEY, JSON.stringify(kept));
    return true;
  } catch {
    return false;
  }
}

const writeWhenIdle = (write: () => void): void => void whenIdle(write, IDLE_TIMEOUT_MS);

async function writeBatch(batch: readonly FinishedQuery[]): Promise<void> {
  try {
    const [{ toHistoryEntry }, { addHistory }] = await Promise.all([
      import('./historyEntries'),
      import('./history'),
    ]);
    await addHistory(batch.map(toHistoryEntry));
  } catch (error) {
    noteHistoryFailure(error, batch.length);
  }
}

export function installHistoryRecorder(
  client: QueryClient,
  { currentPath = browserPath, schedule = writeWhenIdle }: HistoryRecorderOptions = {},
): HistoryRecorder {
  const started = new WeakMap<Query, Started>();
  let waiting: FinishedQuery[] = [];
  let scheduled = false;
  let written: Promise<void> = Promise.resolve();
  /** Batches handed to the store and not yet written: a page left before they commit loses them. */
  const unwritten = new Set<readonly FinishedQuery[]>();
  const later = (): void => {
    if (scheduled || waiting.length === 0) return;
    scheduled = true;
    schedule(() => void flush());
  };

  const flush = (): Promise<void> => {
    scheduled = false;
    if (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      // One write at a time, in order: a group's later steps land after its first.
      unwritten.add(batch);
      written = written.then(async () => {
        // Left for the next page meanwhile (the page was being left): not written here.
        if (!unwritten.has(batch)) return;
        await writeBatch(batch);
        unwritten.delete(batch);
      });
    }
    return written;
  };

  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const { action } = event;
    const query = event.query as Query;
    if (action.type === 'fetch') {
      // The page's path is read once, and only for a query whose recording depends on its page.
      let at: { path: string; page: ViewKind | null } | undefined;
      const here = () => {
        if (at === undefined) {
          const path = currentPath();
          at = { path, page: viewKindOf(path) };
        }
        return at;
      };
      const source = recordedSource(query.queryKey, () => here().page);
      // Turned off in Settings: the query is not noted at all.
      if (source === null || !isHistoryRecording()) return;
      const { path, page } = here();
      started.set(query, {
        source,
        kind: page ?? KIND_OF_SOURCE[source.type],
        path,
        server: scriptBaseUrl(getConnection()),
        t0: performance.now(),
      });
      return;
    }
    if (action.type !== 'success' && action.type !== 'error') return;
    const start = started.get(query);
    if (start === undefined) return;
    started.delete(query);
    // A query stopped before it answered (by the user, or its page going away) ran no query.
    if (action.type === 'error' && action.error instanceof CancelledError) return;
    const failed = action.type === 'error';
    waiting.push({
      source: start.source,
      kind: start.kind,
      path: start.path,
      server: start.server,
      at: Date.now(),
      durationMs: Math.round(performance.now() - start.t0),
      answer: failed
        ? { rows: null, moreRows: false, datasetName: null }
        : summariseAnswer(start.source, query.state.data),
      error: failed ? apiErrorText(action.error) : null,
    });
    later();
  });

  // What an earlier page left unwritten is written with this page's first batch.
  waiting.push(...takeLeftOver());
  later();

  // A hidden tab may be closed without another word: it writes what is waiting at once. A page
  // being left cannot wait for the store to load, so what is waiting is left for the next page.
  const onVisibility = (): void => {
    if (document.visibilityState === 'hidden') void flush();
  };
  const onPageHide = (): void => {
    // The batch being written goes too: its store may still be loading. Should its transaction
    // commit after all, the next page writes it twice, which beats losing it.
    const left = [...[...unwritten].flat(), ...waiting];
    if (left.length > 0 && leaveOver(left)) {
      unwritten.clear();
      waiting = [];
    }
  };
  // A page restored from the back-forward cache takes back what it left.
  const onPageShow = (event: PageTransitionEvent): void => {
    if (!event.persisted) return;
    waiting.push(...takeLeftOver());
    later();
  };
  window.addEventListener('pagehide', onPageHide);
  window.addEventListener('pageshow', onPageShow);
  document.addEventListener('visibilitychange', onVisibility);

  return {
    flush,
    uninstall: () => {
      unsubscribe();
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      document.removeEventListener('visibilitychange', onVisibility);
    },
  };
}
