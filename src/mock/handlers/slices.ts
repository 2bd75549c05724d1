/*
 * The demo backend answers in the page's own thread (mock/browser.ts), where a long handler is a
 * long task: the page can neither paint nor take input until it ends. There the mock answers each
 * request in tasks of its own, none much longer than a slice, so the page's work and the mock's
 * interleave (docs/decisions/0032-cold-links.md). Behind the HTTP server and in tests nothing waits
 * on the thread, and a breath costs nothing.
 */
import { QueryCancelled, type CancelCheck } from '../engine/cancel';

/**
 * Gives the thread back when the request's current slice has run its time; else resolves at once.
 * Throws `QueryCancelled` once the thread is back if the client has left meanwhile.
 */
export type Breather = () => Promise<void>;

/** For a thread nobody else waits on. */
export const NEVER_BREATHE: Breather = () => Promise.resolve();

interface YieldingScheduler {
  yield?: () => Promise<void>;
}

/**
 * The next task of this thread: `scheduler.yield()` where the browser has it (its continuation
 * goes before other waiting tasks, after input and rendering), else a message to itself, which no
 * timer's clamping delays.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** A breather for one request whose slices last `sliceMs`, the first from now. */
export function sliceBreather(
  sliceMs: number,
  cancelled: CancelCheck,
  now: () => number = () => performance.now(),
): Breather {
  let sliceStart = now();
  return async () => {
    if (now() - sliceStart < sliceMs) return;
    await nextTask();
    if (cancelled()) throw new QueryCancelled('request cancelled while the thread was given back');
    sliceStart = now();
  };
}
