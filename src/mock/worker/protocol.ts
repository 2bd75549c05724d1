import type { OffloadJob, SerializedResponse } from '../handlers/offload';

/** Page → engine worker: one job at a time per worker (the pool never sends a second). */
export interface JobMessage {
  id: number;
  job: OffloadJob;
}

/** Engine worker → page: the answer to job `id`, its body transferred. */
export interface AnswerMessage {
  id: number;
  answer: SerializedResponse;
}
