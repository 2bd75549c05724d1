import {
  serializeResponse,
  type OffloadJob,
  type OffloadRunner,
  type SerializedResponse,
} from '../handlers/offload';
import { errorResponse } from '../handlers/responders';
import type { AnswerMessage, JobMessage } from './protocol';

/**
 * The demo backend's runner (docs/decisions/0003-demo-backend.md): a small pool of engine workers,
 * one job per worker at a time, the rest queued in arrival order.
 *
 * A synchronous engine inside a worker cannot read an abort message while it runs (a shared
 * flag would need SharedArrayBuffer, i.e. cross-origin isolation, which the app does not have).
 * So cancelling a job ends its worker: the CPU work stops at once, and a fresh worker starts in
 * its place straight away, so the next request does not pay the boot. A worker that fails to
 * boot or crashes answers its request with a 500 and a `detail` (never a hung request); the next
 * request gets a new worker.
 */

/** What the pool needs of a `Worker` (a fake in unit tests, where jsdom and Node have none). */
export interface EngineWorker {
  onmessage: ((event: MessageEvent<AnswerMessage>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  onmessageerror: ((event: MessageEvent) => void) | null;
  postMessage(message: JobMessage): void;
  terminate(): void;
}

export interface WorkerPoolOptions {
  /** How many workers may run jobs at once. */
  size: number;
  /** Starts one worker; may throw (e.g. the browser refuses the script). */
  spawn: () => EngineWorker;
  /** Start `size` workers now rather than at the first jobs. Default false. */
  warm?: boolean;
}

/** Counts since the pool was created, for the bench and the browser journey. */
export interface WorkerPoolStats {
  /** Workers started (boots, including replacements). */
  started: number;
  /** Workers ended because the request of their running job was aborted. */
  cancelled: number;
  /** Workers that failed to boot or crashed. */
  crashed: number;
  /** Jobs answered by a worker. */
  answered: number;
  /** Jobs running now / waiting for a free worker. */
  running: number;
  queued: number;
}

export interface WorkerPool {
  run: OffloadRunner;
  /**
   * Starts one worker now if none is running, so a page about to query does not wait for a worker
   * to boot (fetch its script, build its tables) after its first request.
   */
  prestart(): void;
  stats(): WorkerPoolStats;
  /** Ends every worker; jobs still running or queued reject. */
  close(): void;
}

export const ENGINE_CRASHED =
  'The demo backend stopped while answering this request (its engine worker failed). Try again.';

interface Job {
  job: OffloadJob;
  signal: AbortSignal;
  resolve: (answer: SerializedResponse | Promise<SerializedResponse>) => void;
  reject: (reason: unknown) => void;
  onAbort: () => void;
}

interface Slot {
  worker: EngineWorker | null;
  running: (Job & { id: number }) | null;
}

const abortReason = (signal: AbortSignal): Error =>
  signal.reason instanceof Error ? signal.reason : new DOMException('The request was aborted.', 'AbortError');

const crashAnswer = (job: OffloadJob): Promise<SerializedResponse> =>
  serializeResponse(errorResponse(500, ENGINE_CRASHED), job.head);

export function createWorkerPool({ size, spawn, warm = false }: WorkerPoolOptions): WorkerPool {
  const slots: Slot[] = Array.from({ length: Math.max(1, size) }, () => ({ worker: null, running: null }));
  const queue: Job[] = [];
  let nextId = 0;
  let closed = false;
  const counts = { started: 0, cancelled: 0, crashed: 0, answered: 0 };

  /** A new worker in `slot`, or null when it could not even be created. */
  function boot(slot: Slot): EngineWorker | null {
    counts.started += 1;
    let worker: EngineWorker;
    try {
      worker = spawn();
    } catch {
      counts.crashed += 1;
      slot.worker = null;
      return null;
    }
    worker.onmessage = (event) => {
      const running = slot.running;
      if (slot.worker !== worker || running === null || event.data.id !== running.id) return;
      finish(slot);
      counts.answered += 1;
      running.resolve(event.data.answer);
      pump();
    };
    worker.onerror = (event) => {
      // Answered below as a 500; the browser has already logged the error itself.
      event.preventDefault();
      crash(slot, worker);
    };
    worker.onmessageerror = () => crash(slot, worker);
    slot.worker = worker;
    return worker;
  }

  function finish(slot: Slot): void {
    const running = slot.running;
    if (running === null) return;
    running.signal.removeEventListener('abort', running.onAbort);
    slot.running = null;
  }

  /** The worker failed: its job gets a 500, and the next job boots a new one. */
  function crash(slot: Slot, worker: EngineWorker): void {
    if (slot.worker !== worker) return;
    worker.terminate();
    slot.worker = null;
    counts.crashed += 1;
    const running = slot.running;
    finish(slot);
    running?.resolve(crashAnswer(running.job));
    pump();
  }

  /** The running job's client left: end its worker (the only way to stop it) and start another. */
  function cancel(slot: Slot): void {
    const running = slot.running;
    if (running === null) return;
    finish(slot);
    slot.worker?.terminate();
    slot.worker = null;
    counts.cancelled += 1;
    running.reject(abortReason(running.signal));
    if (!closed) boot(slot);
    pump();
  }

  function start(slot: Slot, job: Job): void {
    const worker = slot.worker ?? boot(slot);
    if (worker === null) {
      job.resolve(crashAnswer(job.job));
      return;
    }
    nextId += 1;
    const running = { ...job, id: nextId, onAbort: () => cancel(slot) };
    slot.running = running;
    running.signal.addEventListener('abort', running.onAbort, { once: true });
    try {
      worker.postMessage({ id: running.id, job: job.job });
    } catch {
      crash(slot, worker);
    }
  }

  function pump(): void {
    while (queue.length > 0) {
      // A warm worker first (its value caches may already hold what the job needs).
      const slot =
        slots.find((s) => s.running === null && s.worker !== null) ?? slots.find((s) => s.running === null);
      if (slot === undefined) return;
      const job = queue.shift();
      if (job === undefined) return;
      job.signal.removeEventListener('abort', job.onAbort);
      start(slot, job);
    }
  }

  if (warm) for (const slot of slots) boot(slot);

  return {
    prestart: () => {
      const free = slots.find((s) => s.worker === null);
      if (!closed && free !== undefined && slots.every((s) => s.worker === null)) boot(free);
    },
    run: (job, signal) =>
      new Promise<SerializedResponse>((resolve, reject) => {
        if (closed) {
          reject(new Error('The demo engine pool is closed.'));
          return;
        }
        if (signal.aborted) {
          reject(abortReason(signal));
          return;
        }
        const waiting: Job = { job, signal, resolve, reject, onAbort: () => undefined };
        waiting.onAbort = () => {
          const at = queue.indexOf(waiting);
          if (at >= 0) queue.splice(at, 1);
          reject(abortReason(signal));
        };
        signal.addEventListener('abort', waiting.onAbort, { once: true });
        queue.push(waiting);
        pump();
      }),
    stats: () => ({
      ...counts,
      running: slots.filter((s) => s.running !== null).length,
      queued: queue.length,
    }),
    close: () => {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('The demo engine pool is closed.'));
      for (const slot of slots) {
        const running = slot.running;
        finish(slot);
        running?.reject(new Error('The demo engine pool is closed.'));
        slot.worker?.terminate();
        slot.worker = null;
      }
    },
  };
}
