/**
 * "Export all rows" jobs, kept outside React in a small module store so an export keeps going
 * (and its progress stays visible through `<ExportProgress />`) when the user leaves the query
 * page. Each job walks the result by cursor in 50,000-row `array_of_arrays` pages (the fastest
 * JSON to parse), appends CSV text as Blob parts, and backs off on 429 by `Retry-After`.
 */
import { useSyncExternalStore } from 'react';
import { isApiError } from '@/api/ApiError';
import { fetchDatasetQuery } from '@/api/query/fetchers';
import type { CellValue, DatasetQueryParams } from '@/api/types';
import { csvHeader, csvRows } from '@/lib/csv';

export const EXPORT_PAGE_SIZE = 50_000;

export type ExportStatus = 'running' | 'waiting' | 'done' | 'cancelled' | 'failed';

export interface ExportJob {
  id: number;
  datasetId: string;
  /** The query's plain-English summary, so a job is recognisable from any page. */
  label: string;
  filename: string;
  status: ExportStatus;
  rows: number;
  pages: number;
  /** Expected rows (time range × cadence × locations), null when unknown. */
  estimate: number | null;
  /** Why it failed, or what it waits for. */
  message: string | null;
}

export interface StartExportOptions {
  datasetId: string;
  label: string;
  params: DatasetQueryParams;
  estimate: number | null;
  /** Where the finished file goes; a download by default (tests capture the Blob here). */
  save?: (blob: Blob, filename: string) => void;
}

let jobs: readonly ExportJob[] = [];
let nextId = 1;
const controllers = new Map<number, AbortController>();
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function update(id: number, patch: Partial<ExportJob>): void {
  jobs = jobs.map((job) => (job.id === id ? { ...job, ...patch } : job));
  emit();
}

export function getExportJobs(): readonly ExportJob[] {
  return jobs;
}

export function subscribeExportJobs(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useExportJobs(): readonly ExportJob[] {
  return useSyncExternalStore(subscribeExportJobs, getExportJobs, getExportJobs);
}

/** Saves a Blob as a file through a temporary object URL. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

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

async function run(
  job: ExportJob,
  params: DatasetQueryParams,
  signal: AbortSignal,
  save: (blob: Blob, filename: string) => void,
) {
  const parts: string[] = [];
  let cursor = '';
  let rows = 0;
  let pages = 0;
  for (;;) {
    let data: unknown[];
    let next: string | null;
    try {
      const response = await fetchDatasetQuery(
        job.datasetId,
        { ...params, page: undefined, json_schema: 'array_of_arrays', page_size: EXPORT_PAGE_SIZE, cursor },
        { signal },
      );
      data = response.data;
      next = response.meta.cursor;
    } catch (e) {
      if (isApiError(e) && e.status === 429) {
        const wait = e.retryAfter ?? 1;
        update(job.id, { status: 'waiting', message: `Rate limited; retrying in ${wait} s.` });
        // The same cursor again: nothing was written for the refused page.
        await sleep(wait * 1000, signal);
        update(job.id, { status: 'running', message: null });
        continue;
      }
      throw e;
    }
    const [header, ...body] = data as [string[], ...CellValue[][]];
    if (pages === 0) parts.push(csvHeader(header));
    parts.push(csvRows(body));
    rows += body.length;
    pages += 1;
    update(job.id, { rows, pages });
    if (next === null || next === '') break;
    cursor = next;
  }
  save(new Blob(parts, { type: 'text/csv;charset=utf-8' }), job.filename);
  update(job.id, { status: 'done', message: null });
}

export function startExportJob({
  datasetId,
  label,
  params,
  estimate,
  save = saveBlob,
}: StartExportOptions): number {
  const id = nextId++;
  const job: ExportJob = {
    id,
    datasetId,
    label,
    filename: `${datasetId}.csv`,
    status: 'running',
    rows: 0,
    pages: 0,
    estimate,
    message: null,
  };
  const controller = new AbortController();
  controllers.set(id, controller);
  jobs = [...jobs, job];
  emit();
  run(job, params, controller.signal, save)
    .catch((e: unknown) => {
      if (isAbort(e) || controller.signal.aborted) update(id, { status: 'cancelled', message: null });
      else update(id, { status: 'failed', message: e instanceof Error ? e.message : String(e) });
    })
    .finally(() => controllers.delete(id));
  return id;
}

export function cancelExportJob(id: number): void {
  controllers.get(id)?.abort();
}

/** Removes a finished job from the list (a running one is cancelled first). */
export function dismissExportJob(id: number): void {
  cancelExportJob(id);
  jobs = jobs.filter((job) => job.id !== id);
  emit();
}
