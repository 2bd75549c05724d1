/**
 * The demo backend's engine, in a dedicated module Web Worker (bundled by Vite from
 * `startBrowserMock`). It owns the data generators and the engine's value caches, and answers the
 * jobs the page's dispatcher offloads (the query routes). It never reads a message while a job
 * runs, so a cancelled job is stopped by terminating the whole worker (see workerPool.ts).
 */
import { answerJob } from '../handlers/offload';
import { ROUTES } from '../handlers/routes';
import type { AnswerMessage, JobMessage } from './protocol';

/** The parts of `DedicatedWorkerGlobalScope` used here (the project compiles with the DOM lib). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<JobMessage>) => void) | null;
  postMessage(message: AnswerMessage, transfer: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const { id, job } = event.data;
  // A job is cancelled by terminating this worker, so inside it a job is never "cancelled".
  void answerJob(
    ROUTES,
    job,
    () => false,
    (error) => {
      // A bug in the engine: the answer is a 500; the stack stays visible in the worker's console.
      console.error(error);
    },
  ).then(
    (answer) => scope.postMessage({ id, answer }, answer.body === null ? [] : [answer.body]),
    (error: unknown) => {
      // Never expected (answerJob turns errors into answers). Rethrown outside the promise, it
      // reaches the page as the worker's `error` event, which answers the request with a 500.
      setTimeout(() => {
        throw error;
      });
    },
  );
};
