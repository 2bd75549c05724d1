/**
 * A worker thread of the HTTP mock's pool: answers offloaded jobs (the query engine) with the same
 * routes as everywhere else. The job carries a shared flag; the engine asks it every few thousand
 * rows, so a job whose client left stops within milliseconds and the thread keeps its value cache.
 */
import { answerJob, type OffloadJob, type SerializedResponse } from '../handlers/offload';
import { ROUTES } from '../handlers/routes';

export interface PoolTask {
  job: OffloadJob;
  /** Int32Array over a SharedArrayBuffer: 1 once the client has left. */
  cancel: Int32Array;
}

export default async function answer(task: PoolTask): Promise<SerializedResponse> {
  const cancelled = (): boolean => Atomics.load(task.cancel, 0) === 1;
  return answerJob(ROUTES, task.job, cancelled, (error) => {
    process.stderr.write(
      `mock worker: unexpected error: ${error instanceof Error ? error.message : String(error)}\n`,
    );
  });
}
