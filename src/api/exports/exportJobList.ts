/**
 * The export jobs as the app's shell shows them: the list alone, so that every page's header can
 * say whether an export runs without loading the code that runs one (exportJobs.ts, with the page
 * walk and the file writers: about 3 kB of the catalog's first screen). A job only exists once that
 * code has started it.
 */
import type { ExportFormat } from './exportWriters';
import { createExternalStore } from '@/lib/store';

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

let jobs: readonly ExportJob[] = [];
const store = createExternalStore(() => jobs);

export function getExportJobs(): readonly ExportJob[] {
  return jobs;
}

export function setExportJobs(next: readonly ExportJob[]): void {
  jobs = next;
  store.notify();
}

export const subscribeExportJobs = store.subscribe;
export const useExportJobs = store.useValue;
