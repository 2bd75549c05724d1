/**
 * "Export all rows" jobs, kept outside React in a small module store so an export keeps going
 * (and its progress stays visible in the app shell's `<ExportProgress />`) when the user leaves the
 * query page. Each job walks the result by cursor, a page at a time, in the format chosen
 * (`exportWriters.ts`: CSV, CSV for spreadsheets or Parquet), turns each page into a Blob part at
 * once (keeping it off the JS heap) and saves the file when the last page is in, with a sidecar
 * `<file>.query.json` that says how to get the same rows again (`sidecar.ts`). Requests are paced
 * to the key's per-second limit once it is known (from the plan, or from the first 429 that names it). Asking again follows the client's one policy
 * (`api/retryPolicy.ts`): a short `Retry-After` is waited out; a page that fails on the way
 * (network, 5xx, no answer within the time-out of the settings) is tried again with backoff; a job
 * that still fails keeps its cursor and the rows it has, and can be resumed; a 429 whose reset is
 * more than an hour away is a spent quota: the job stops at once, resumably, saying when it resets.
 */
import { saveBlob } from '@/lib/saveBlob';
import { apiErrorText, isTimeoutError } from '@/api/ApiError';
import { isRateLimited, isTransient, serverRetryAfterMs, spentQuotaResetMs } from '@/api/retryPolicy';
import type { Dataset, DatasetQueryParams } from '@/contract';
import { formatTimestamp } from '@/lib/format';
import { createExternalStore } from '@/lib/store';
import { createExportWriter, type ExportFormat, type ExportWriter, type FetchedPage } from './exportWriters';
import { sidecarFilename, sidecarText, type SidecarSource } from './sidecar';

/**
 * Rows per request. Smaller than the API's 50,000 maximum so the progress line moves at least every
 * second or so and a page's text stays small while it is in memory.
 */
const EXPORT_PAGE_SIZE = 10_000;

/**
 * Rows per request of a format. Parquet takes the API's largest pages (50,000 rows): each page is
 * a row group (larger ones compress better and read faster), half the requests of 25,000-row
 * pages, and its pages go straight to the file's worker, so they cost the page's heap little; the
 * CSVs keep pages small enough for the progress line to move every second.
 */
export function exportPageSize(format: ExportFormat): number {
  return format === 'parquet' ? 50_000 : EXPORT_PAGE_SIZE;
}

type ExportStatus = 'running' | 'waiting' | 'done' | 'cancelled' | 'failed';

export interface ExportJob {
  id: number;
  datasetId: string;
  /** The query's plain-English summary, so a job is recognisable from any page. */
  label: string;
  filename: string;
  format: ExportFormat;
  status: ExportStatus;
  rows: number;
  pages: number;
  /** Expected rows, null when unknown; refined from the time the pages reach as they arrive. */
  estimate: RowEstimate | null;
  /** Why it failed, or what it waits for. */
  message: string | null;
}

/** How many rows a query will give, before the server has said. */
export interface RowEstimate {
  rows: number;
  /**
   * `about`: time range × cadence × series; `at most`: a filter on values may keep fewer (nothing
   * says how many until rows arrive).
   */
  kind: 'about' | 'at most';
  /** The time the rows span, in epoch ms, and their order: pages that arrive project the total from how far they reach. */
  span?: { startMs: number; endMs: number; descending: boolean };
}

/**
 * The total a walk through time projects once it has `rows` rows and reached `reachedMs`: rows
 * per share of the span covered. Null before a sensible share (1%) is covered.
 */
export function projectTotal(
  rows: number,
  reachedMs: number,
  span: NonNullable<RowEstimate['span']>,
): number | null {
  const length = span.endMs - span.startMs;
  if (!(length > 0) || Number.isNaN(reachedMs)) return null;
  const share = (span.descending ? span.endMs - reachedMs : reachedMs - span.startMs) / length;
  if (!(share >= 0.01) || share > 1) return null;
  return Math.max(rows, Math.round(rows / share));
}

export interface StartExportOptions {
  datasetId: string;
  label: string;
  /** The file's name; `<datasetId>.csv` by default. */
  filename?: string;
  /** CSV by default; the spreadsheet CSV and Parquet read the dataset's metadata. */
  format?: ExportFormat;
  dataset?: Dataset;
  params: DatasetQueryParams;
  /** Where the rows come from, for the `<file>.query.json` written beside the file; none when absent. */
  sidecar?: SidecarSource;
  /** The key's per-second request limit when known; a 429 that names one sets it too. */
  requestsPerSecond?: number | null;
  estimate: RowEstimate | null;
  /** Where the finished file goes; a download by default (tests capture the Blob here). */
  save?: (blob: Blob, filename: string) => void;
  /** Rows per request; `exportPageSize(format)` by default. */
  pageSize?: number;
  /** Waits before each new attempt at a page that failed with a network error or a 5xx; its length is the number of retries. */
  retryDelaysMs?: readonly number[];
}

/** Backoff for a page that failed on the way (network, 5xx, time-out): three more tries over about 7 s. */
const EXPORT_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000];

/** A 429 not worth waiting for: the job stops and says when to resume. */
class QuotaSpent extends Error {
  constructor(readonly resetsAtMs: number) {
    super('quota spent');
  }
}

/**
 * Where a job stands: the cursor of the next page and the CSV written so far. A page's rows and
 * the cursor after it are recorded together, only once the page has arrived, so a job that stops
 * (a fault, a closed laptop) resumes at the first row it has not written: no row twice, none lost.
 */
interface JobProgress {
  params: DatasetQueryParams;
  save: (blob: Blob, filename: string) => void;
  pageSize: number;
  retryDelaysMs: readonly number[];
  cursor: string;
  /** Keeps the file as Blob parts: Blob data lives outside the JS heap, so a million rows do not. */
  writer: ExportWriter;
  sidecar: SidecarSource | undefined;
  rows: number;
  pages: number;
  /** Pacing: the least time between two requests, and when the last one left. */
  minIntervalMs: number;
  lastRequestAt: number;
}

/** The time kept between requests at a rate: 5% over the exact spacing, so jitter on the way never makes two land inside one window. */
const paceFor = (perSecond: number): number => Math.ceil((1000 / perSecond) * 1.05);

/** `Too Many Requests. Limit: 20 per 1 second.` → 50 ms between requests; null when the text names no limit. */
export function intervalFromLimit(detail: string): number | null {
  const m = /limit:\s*(\d+)\s*per\s*(\d+)?\s*second/i.exec(detail);
  const count = Number(m?.[1]);
  const seconds = m?.[2] === undefined ? 1 : Number(m[2]);
  return count > 0 ? paceFor(count / seconds) : null;
}

let jobs: readonly ExportJob[] = [];
let nextId = 1;
const controllers = new Map<number, AbortController>();
const progress = new Map<number, JobProgress>();
const store = createExternalStore(() => jobs);
const emit = store.notify;

function update(id: number, patch: Partial<ExportJob>): void {
  jobs = jobs.map((job) => (job.id === id ? { ...job, ...patch } : job));
  emit();
}

export function getExportJobs(): readonly ExportJob[] {
  return jobs;
}

export const subscribeExportJobs = store.subscribe;
export const useExportJobs = store.useValue;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Export cancelled', 'AbortError'));
      },
      { once: true },
    );
  });
}

function isAbort(e: unknown): boolean {
  return e instanceof DOMException && e.name === 'AbortError';
}

/** Fetches the next page, paced and asked again as the client's policy says; resolves to the step that writes it. */
async function fetchPage(
  job: ExportJob,
  state: JobProgress,
  cursor: string,
  signal: AbortSignal,
): Promise<FetchedPage> {
  let failures = 0;
  for (;;) {
    const wait = state.lastRequestAt + state.minIntervalMs - Date.now();
    if (wait > 0) await sleep(wait, signal);
    state.lastRequestAt = Date.now();
    try {
      return await state.writer.fetchPage(
        {
          ...state.params,
          page: undefined,
          json_schema: undefined,
          download: undefined,
          page_size: state.pageSize,
        },
        cursor,
        signal,
      );
    } catch (e) {
      const resetsAtMs = spentQuotaResetMs(e);
      if (resetsAtMs !== null) throw new QuotaSpent(resetsAtMs);
      if (isRateLimited(e)) {
        // From now on the job keeps to the limit the server named, instead of bouncing off it.
        const interval = intervalFromLimit(typeof e.detail === 'string' ? e.detail : '');
        if (interval !== null) state.minIntervalMs = Math.max(state.minIntervalMs, interval);
        const wait = e.retryAfter ?? 1;
        update(job.id, { status: 'waiting', message: `Rate limited; retrying in ${wait} s.` });
        // The same cursor again: nothing was written for the refused page.
        await sleep(wait * 1000, signal);
        update(job.id, { status: 'running', message: null });
        continue;
      }
      const delay = state.retryDelaysMs[failures];
      if (!isTransient(e) || delay === undefined) throw e;
      // A server that says when to come back (a 503 with Retry-After) is waited for that long.
      const wait = Math.max(delay, serverRetryAfterMs(e));
      failures += 1;
      update(job.id, {
        status: 'waiting',
        message: `Page ${state.pages + 1} failed (${apiErrorText(e)}); try ${failures + 1} of ${state.retryDelaysMs.length + 1} in ${Math.ceil(wait / 1000)} s.`,
      });
      await sleep(wait, signal);
      update(job.id, { status: 'running', message: null });
    }
  }
}

/** The estimate once a page has arrived: the truth at the end, else projected from how far in time the rows reach. */
function refinedEstimate(job: ExportJob, rows: number, lastRowMs: number, done: boolean): RowEstimate | null {
  const before = jobs.find((j) => j.id === job.id)?.estimate ?? job.estimate;
  if (done) return { rows, kind: 'about' };
  const span = before?.span;
  const projected = span ? projectTotal(rows, lastRowMs, span) : null;
  if (projected === null) return before && before.rows < rows ? { ...before, rows } : before;
  return { rows: projected, kind: 'about', span };
}

async function run(job: ExportJob, state: JobProgress, signal: AbortSignal) {
  let pending = fetchPage(job, state, state.cursor, signal);
  for (;;) {
    const page = await pending;
    // The next page is asked for before this one is written, so the server (or the demo data's
    // worker) makes it while this thread writes: the walk takes the longer of the two, not both.
    if (page.cursor !== null) {
      pending = fetchPage(job, state, page.cursor, signal);
      // Awaited on the next turn; this only keeps a failure while writing from leaving it unheard.
      pending.catch(() => undefined);
    }
    // Rows and cursor move together, with no await in between: the resume point is always exact.
    const written = page.write();
    state.rows += written.rows;
    state.pages += 1;
    state.cursor = page.cursor ?? '';
    const done = page.cursor === null;
    update(job.id, {
      rows: state.rows,
      pages: state.pages,
      estimate: refinedEstimate(job, state.rows, written.lastRowMs, done),
    });
    if (done) break;
  }
  state.save(await state.writer.finish(), job.filename);
  state.writer.dispose();
  if (state.sidecar)
    state.save(
      new Blob([sidecarText(state.sidecar, { ...job, rows: state.rows }, state.params, new Date())], {
        type: 'application/json',
      }),
      sidecarFilename(job.filename),
    );
  progress.delete(job.id);
  update(job.id, { status: 'done', message: null });
}

/** Why a job stopped, and what the user can do about it. */
function stopReason(e: unknown): string {
  if (e instanceof QuotaSpent) {
    const resets = formatTimestamp(e.resetsAtMs, { timeZone: 'local' });
    return `the request quota of this key is spent; it resets at ${resets} (local time). Resume after that.`;
  }
  if (isTimeoutError(e)) return `the server stopped answering (${apiErrorText(e)}) Resume to try again.`;
  return apiErrorText(e);
}

/** Runs (or resumes) a job from the progress it has recorded. */
function launch(job: ExportJob, state: JobProgress): void {
  const controller = new AbortController();
  controllers.set(job.id, controller);
  run(job, state, controller.signal)
    .catch((e: unknown) => {
      if (isAbort(e) || controller.signal.aborted) {
        state.writer.dispose();
        progress.delete(job.id);
        update(job.id, { status: 'cancelled', message: null });
      } else {
        // The progress stays, so "Resume" carries on from the page that failed.
        update(job.id, { status: 'failed', message: `stopped at page ${state.pages + 1}: ${stopReason(e)}` });
      }
    })
    .finally(() => {
      if (controllers.get(job.id) === controller) controllers.delete(job.id);
    });
}

export function startExportJob({
  datasetId,
  label,
  format = 'csv',
  dataset,
  filename = `${datasetId}.${format === 'parquet' ? 'parquet' : 'csv'}`,
  params,
  estimate,
  sidecar,
  requestsPerSecond = null,
  save = saveBlob,
  pageSize = exportPageSize(format),
  retryDelaysMs = EXPORT_RETRY_DELAYS_MS,
}: StartExportOptions): number {
  const id = nextId++;
  const job: ExportJob = {
    id,
    datasetId,
    label,
    filename,
    format,
    status: 'running',
    rows: 0,
    pages: 0,
    estimate,
    message: null,
  };
  const state: JobProgress = {
    params,
    save,
    pageSize,
    retryDelaysMs,
    cursor: '',
    writer: createExportWriter(format, datasetId, dataset, params),
    sidecar,
    rows: 0,
    pages: 0,
    minIntervalMs: requestsPerSecond && requestsPerSecond > 0 ? paceFor(requestsPerSecond) : 0,
    lastRequestAt: 0,
  };
  progress.set(id, state);
  jobs = [...jobs, job];
  emit();
  launch(job, state);
  return id;
}

/** Whether a job stopped by a fault can carry on from where it stopped. */
export function canResumeExportJob(id: number): boolean {
  const job = jobs.find((j) => j.id === id);
  return job?.status === 'failed' && progress.has(id);
}

/** Carries a failed job on from its first unwritten row; false when there is nothing to resume. */
export function resumeExportJob(id: number): boolean {
  const job = jobs.find((j) => j.id === id);
  const state = progress.get(id);
  if (job?.status !== 'failed' || state === undefined) return false;
  update(id, { status: 'running', message: null });
  launch(job, state);
  return true;
}

export function cancelExportJob(id: number): void {
  controllers.get(id)?.abort();
}

/** Removes a finished job from the list (a running one is cancelled first). */
export function dismissExportJob(id: number): void {
  cancelExportJob(id);
  progress.get(id)?.writer.dispose();
  progress.delete(id);
  jobs = jobs.filter((job) => job.id !== id);
  emit();
}
