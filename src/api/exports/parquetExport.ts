/**
 * A Parquet export's file, written in a worker of its own (docs/decisions/0018-export-formats.md):
 * each CSV page's bytes are transferred to it, read there, and encoded there as a row group once
 * the export commits the page, so the page's main thread only moves buffers while the next page
 * is fetched. Where there is no Worker (Vitest, jsdom, a worker that failed to start) the same
 * file is written in the thread.
 *
 * A page is read (`read`) before it is written (`commit`): the export records a page's rows and
 * the cursor after it together, so a page that arrived but was never committed (the job stopped)
 * is never in the file, and a resumed job writes each row once.
 */
import type * as ParquetModule from './parquetFile';
import type { ParquetFileOptions, ParquetReply, ParquetRequest } from './parquetFile';

/** What reading a page found: its rows and how far in time they reach. */
interface PageRead {
  rows: number;
  lastRowMs: number;
}

/** A page handed to the file: its number, to commit it by, and what reading it finds. */
interface PageSent {
  seq: number;
  read: Promise<PageRead>;
}

export interface ParquetExport {
  /** Reads a CSV page (the buffer is handed over, not copied). */
  read(bytes: ArrayBuffer): PageSent;
  /** Writes a page that was read; synchronous for the caller, the encoding happens in the worker. */
  commit(seq: number): void;
  /** The whole file. */
  finish(): Promise<Blob>;
  /** Stops the worker; the export is over. */
  dispose(): void;
}

/** The writer loads with the first Parquet export, not with the app (it is not small). */
let parquetModule: Promise<typeof ParquetModule> | null = null;
const loadParquet = () => (parquetModule ??= import('./parquetFile'));

function inThread(options: ParquetFileOptions): ParquetExport {
  let seq = 0;
  const handler = loadParquet().then(({ ParquetFile, parquetFileHandler }) =>
    parquetFileHandler(new ParquetFile(options.columns, options.metadata, options.timeIndexColumn)),
  );
  // Commits are applied in order, each after the reads before it.
  let queue: Promise<unknown> = handler;
  const ask = async (request: Exclude<ParquetRequest, { kind: 'open' }>): Promise<ParquetReply | null> => {
    const answer = queue.then(async () => (await handler)(request));
    queue = answer.catch(() => undefined);
    return answer;
  };
  return {
    read(bytes) {
      const n = ++seq;
      return { seq: n, read: ask({ kind: 'read', seq: n, bytes }).then(readOf) };
    },
    commit(n) {
      void ask({ kind: 'commit', seq: n });
    },
    async finish() {
      return fileOf(await ask({ kind: 'finish', seq: ++seq }));
    },
    dispose() {},
  };
}

function readOf(reply: ParquetReply | null): PageRead {
  if (reply && 'read' in reply) return reply.read;
  throw new Error(reply && 'error' in reply ? reply.error : 'The Parquet writer did not answer.');
}

function fileOf(reply: ParquetReply | null): Blob {
  if (reply && 'file' in reply) return reply.file;
  throw new Error(reply && 'error' in reply ? reply.error : 'The Parquet writer did not answer.');
}

/** A Parquet file for one export, in a worker when there can be one. */
export function createParquetExport(options: ParquetFileOptions): ParquetExport {
  if (typeof Worker === 'undefined') return inThread(options);
  let worker: Worker;
  try {
    worker = new Worker(new URL('./parquet.worker.ts', import.meta.url), {
      type: 'module',
      name: 'parquet-export',
    });
  } catch {
    return inThread(options);
  }
  let seq = 0;
  let broken: string | null = null;
  const waiting = new Map<number, { resolve: (r: ParquetReply) => void; reject: (e: Error) => void }>();
  const failAll = (message: string): void => {
    broken = message;
    for (const w of waiting.values()) w.reject(new Error(message));
    waiting.clear();
  };
  worker.onmessage = (event: MessageEvent<ParquetReply>) => {
    const w = waiting.get(event.data.seq);
    waiting.delete(event.data.seq);
    w?.resolve(event.data);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    worker.terminate();
    failAll('The Parquet writer stopped.');
  };
  const ask = (request: Extract<ParquetRequest, { seq: number }>, transfer: Transferable[] = []) =>
    new Promise<ParquetReply>((resolve, reject) => {
      if (broken !== null) {
        reject(new Error(broken));
        return;
      }
      waiting.set(request.seq, { resolve, reject });
      worker.postMessage(request, transfer);
    });
  worker.postMessage({ kind: 'open', options } satisfies ParquetRequest);
  return {
    read(bytes) {
      const n = ++seq;
      return { seq: n, read: ask({ kind: 'read', seq: n, bytes }, [bytes]).then(readOf) };
    },
    commit(n) {
      if (broken === null) worker.postMessage({ kind: 'commit', seq: n } satisfies ParquetRequest);
    },
    async finish() {
      return fileOf(await ask({ kind: 'finish', seq: ++seq }));
    },
    dispose() {
      worker.terminate();
      failAll('The Parquet export was stopped.');
    },
  };
}
