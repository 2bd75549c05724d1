/**
 * A page of query rows for the results table, decoded straight into columns
 * (docs/decisions/0011-table-memory.md). The page is asked for as `array_of_arrays`; its bytes are
 * transferred (not copied) to a small module worker that decodes, parses and converts them, so a
 * 50,000-row page costs the page's main thread only the transfer of a few buffers (a 5 MB string
 * is slow to make and as slow again to post); where there is no Worker (Vitest, jsdom, an old
 * browser, a worker that failed to start) the same code runs in the thread. So does a small page
 * (`IN_THREAD_BYTES`): it decodes in about a millisecond, where a worker not yet started would
 * first have to be fetched and booted, on a cold link the longest step between the answer and
 * its rows (decision 0032).
 */
import type { CellValue, Dataset, Meta } from '@/contract';
import { toColumnar, transferables, type ColumnarPage } from '@/lib/columnar';
import { isRecord } from '@/lib/isRecord';

export interface TablePage {
  rows: ColumnarPage;
  meta: Meta;
  dataset_metadata: Dataset;
}

/** Thrown for a body that is not a query answer (cut off, HTML from a wrong base URL). */
export class UnreadablePageError extends Error {
  constructor() {
    super('The answer was not valid JSON.');
    this.name = 'UnreadablePageError';
  }
}

/** A query answer's bytes as a columnar page; `array_of_objects` is read too, in case a server ignores `json_schema`. */
function decodeTablePageBytes(bytes: ArrayBuffer): TablePage {
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new UnreadablePageError();
  }
  if (
    !isRecord(body) ||
    !Array.isArray(body.data) ||
    !isRecord(body.meta) ||
    !isRecord(body.dataset_metadata)
  )
    throw new UnreadablePageError();
  const data = body.data as unknown[];
  const metadata = body.dataset_metadata as unknown as Dataset;
  let rows: ColumnarPage;
  const head = data[0];
  if (Array.isArray(head)) {
    rows = toColumnar(head.map(String), data.slice(1) as CellValue[][]);
  } else {
    const names = Array.isArray(metadata.all_columns)
      ? metadata.all_columns.map((c) => c.name)
      : Object.keys(isRecord(head) ? head : {});
    const objects = data as Record<string, CellValue>[];
    rows = toColumnar(
      names,
      objects.map((o) => names.map((n) => o[n] ?? null)),
    );
  }
  return { rows, meta: body.meta as unknown as Meta, dataset_metadata: metadata };
}

// ---------------------------------------------------------------- the worker, when there is one

/** The page's text as UTF-8 bytes: a transferred buffer crosses for free, a 5 MB string is copied (40+ ms). */
export type DecodeRequest = { id: number; bytes: ArrayBuffer };
export type DecodeReply =
  { id: number; page: TablePage } | { id: number; unreadable: true } | { id: number; error: string };

interface Job {
  bytes: ArrayBuffer;
  resolve: (page: TablePage) => void;
  reject: (e: unknown) => void;
}

/** Answers up to this size decode in the page's thread (a week of hourly rows is about 26 kB). */
export const IN_THREAD_BYTES = 64 * 1024;

let worker: Worker | null | undefined;
let nextId = 1;
const jobs = new Map<number, Job>();

function inThread(job: Job): void {
  try {
    job.resolve(decodeTablePageBytes(job.bytes));
  } catch (e) {
    job.reject(e);
  }
}

function startWorker(): Worker | null {
  if (worker !== undefined) return worker;
  if (typeof Worker === 'undefined') return (worker = null);
  try {
    const w = new Worker(new URL('./tablePage.worker.ts', import.meta.url), {
      type: 'module',
      name: 'table-pages',
    });
    w.onmessage = (event: MessageEvent<DecodeReply>) => {
      const reply = event.data;
      const job = jobs.get(reply.id);
      if (!job) return;
      jobs.delete(reply.id);
      if ('page' in reply) job.resolve(reply.page);
      else if ('unreadable' in reply) job.reject(new UnreadablePageError());
      else job.reject(new Error(reply.error));
    };
    // A worker that cannot start (blocked, failed to load): decode in the thread from now on.
    w.onerror = (event) => {
      event.preventDefault();
      w.terminate();
      worker = null;
      const waiting = [...jobs.values()];
      jobs.clear();
      for (const job of waiting) inThread(job);
    };
    worker = w;
  } catch {
    worker = null;
  }
  return worker;
}

/** Decodes off the main thread when it can; an aborted signal drops the answer (the worker's work is small). */
export function decodeTablePage(bytes: ArrayBuffer, signal?: AbortSignal): Promise<TablePage> {
  return new Promise<TablePage>((resolve, reject) => {
    const job: Job = { bytes, resolve, reject };
    const w = bytes.byteLength <= IN_THREAD_BYTES ? null : startWorker();
    if (w === null) {
      inThread(job);
      return;
    }
    const id = nextId++;
    jobs.set(id, job);
    signal?.addEventListener(
      'abort',
      () => {
        if (jobs.delete(id)) reject(new DOMException('The page was not needed any more.', 'AbortError'));
      },
      { once: true },
    );
    w.postMessage({ id, bytes } satisfies DecodeRequest, [bytes]);
  });
}

/** The worker's side: decode and transfer the buffers, never copying the columns. */
export function answerDecodeRequest(
  request: DecodeRequest,
  post: (reply: DecodeReply, transfer: Transferable[]) => void,
): void {
  try {
    const page = decodeTablePageBytes(request.bytes);
    post({ id: request.id, page }, transferables(page.rows));
  } catch (e) {
    if (e instanceof UnreadablePageError) post({ id: request.id, unreadable: true }, []);
    else post({ id: request.id, error: e instanceof Error ? e.message : String(e) }, []);
  }
}
