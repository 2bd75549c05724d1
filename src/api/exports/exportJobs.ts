/**
 * "Export all rows" jobs, kept outside React in a small module store so an export keeps going
 * (and its progress stays visible in the app shell's `<ExportProgress />`) when the user leaves the
 * query page. Each job walks the result by cursor, a page at a time, in the format chosen
 * (`exportWriters.ts`: CSV, CSV for spreadsheets or Parquet), turns each page into a Blob part at
 * once (keeping it off the JS heap) and saves the file when the last page is in, with a sidecar
 * `<file>.query.json` that says how to get the same rows again (`sidecar.ts`). The walk itself
 * (pacing, asking again, a spent quota) is `pageWalk.ts`, shared with the SQL page's tables; a job
 * that still fails keeps its cursor and the rows it has, and can be resumed.
 */
import { saveBlob } from '@/lib/saveBlob';
import { apiErrorText, isTimeoutError } from '@/api/ApiError';
import type { Dataset, DatasetQueryParams } from '@/contract';
import { formatTimestamp } from '@/lib/format';
import { rowsPerResponseOf, type Usage } from '@/api/usage/normalizeUsage';
import { createExportWriter, type ExportFormat, type ExportWriter } from './exportWriters';
import {
  intervalFromLimit,
  isAbort,
  newPageWalk,
  PAGE_RETRY_DELAYS_MS,
  projectTotal,
  QuotaSpent,
  walkPages,
  type PageWalkState,
} from './pageWalk';
import { getExportJobs, setExportJobs, type ExportJob, type RowEstimate } from './exportJobList';
import { sidecarFilename, sidecarText, type SidecarSource } from './sidecar';

export type { ExportJob, RowEstimate };

/**
 * Rows per request. Smaller than the API's 50,000 maximum so the progress line moves at least every
 * second or so and a page's text stays small while it is in memory.
 */
const EXPORT_PAGE_SIZE = 10_000;

/**
 * Rows per request of a format. Parquet takes the API's largest pages (50,000 rows): each page is
 * a row group (larger ones compress better and read faster), half the requests of 25,000-row
 * pages, and its pages go straight to the file's worker, so they cost the page's heap little; the
 * CSVs keep pages small enough for the progress line to move every second. A server whose usage
 * answer caps rows per response lower (the hosted `api_rows_per_response_limit`) gets its cap:
 * a larger page_size would be refused or cut short.
 */
export function exportPageSize(format: ExportFormat, usage?: Usage): number {
  const size = format === 'parquet' ? 50_000 : EXPORT_PAGE_SIZE;
  return Math.min(size, rowsPerResponseOf(usage) ?? size);
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

/**
 * Where a job stands: the walk's state (the cursor of the next page, the rows written) and the
 * file written so far, kept so a failed job can be resumed.
 */
interface JobProgress extends PageWalkState {
  save: (blob: Blob, filename: string) => void;
  /** Keeps the file as Blob parts: Blob data lives outside the JS heap, so a million rows do not. */
  writer: ExportWriter;
  sidecar: SidecarSource | undefined;
}

export { intervalFromLimit, projectTotal };

let nextId = 1;
const controllers = new Map<number, AbortController>();
const progress = new Map<number, JobProgress>();

function update(id: number, patch: Partial<ExportJob>): void {
  setExportJobs(getExportJobs().map((job) => (job.id === id ? { ...job, ...patch } : job)));
}

/** The estimate once a page has arrived: the truth at the end, else projected from how far in time the rows reach. */
function refinedEstimate(job: ExportJob, rows: number, lastRowMs: number, done: boolean): RowEstimate | null {
  const before = getExportJobs().find((j) => j.id === job.id)?.estimate ?? job.estimate;
  if (done) return { rows, kind: 'about' };
  const span = before?.span;
  const projected = span ? projectTotal(rows, lastRowMs, span) : null;
  if (projected === null) return before && before.rows < rows ? { ...before, rows } : before;
  return { rows: projected, kind: 'about', span };
}

async function run(job: ExportJob, state: JobProgress, signal: AbortSignal) {
  await walkPages(
    state,
    (params, cursor, pageSignal) => state.writer.fetchPage(params, cursor, pageSignal),
    {
      onPage: (written, done) =>
        update(job.id, {
          rows: state.rows,
          pages: state.pages,
          estimate: refinedEstimate(job, state.rows, written.lastRowMs, done),
        }),
      onWaiting: (message) => update(job.id, { status: message === null ? 'running' : 'waiting', message }),
    },
    signal,
  );
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
  retryDelaysMs = PAGE_RETRY_DELAYS_MS,
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
    ...newPageWalk(params, pageSize, requestsPerSecond, retryDelaysMs),
    save,
    writer: createExportWriter(format, datasetId, dataset, params),
    sidecar,
  };
  progress.set(id, state);
  setExportJobs([...getExportJobs(), job]);
  launch(job, state);
  return id;
}

/** Whether a job stopped by a fault can carry on from where it stopped. */
export function canResumeExportJob(id: number): boolean {
  const job = getExportJobs().find((j) => j.id === id);
  return job?.status === 'failed' && progress.has(id);
}

/** Carries a failed job on from its first unwritten row; false when there is nothing to resume. */
export function resumeExportJob(id: number): boolean {
  const job = getExportJobs().find((j) => j.id === id);
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
  setExportJobs(getExportJobs().filter((job) => job.id !== id));
}
