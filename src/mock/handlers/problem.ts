import type { ErrorDetail } from '@/contract';
import { Rejection, type RejectionKind } from '../engine/rejection';

/**
 * An answer other than 2xx, as the contract (§3) words it. The handlers throw these for what only
 * HTTP knows (a spent quota, a plan without the report) and turn the engine's rejections into
 * them; the dispatcher writes `{ detail }` with the status and headers.
 */
export class ApiProblem extends Error {
  readonly status: number;
  readonly detail: ErrorDetail;
  readonly headers: Record<string, string>;

  constructor(status: number, detail: ErrorDetail, headers: Record<string, string> = {}) {
    super(typeof detail === 'string' ? detail : detail.map((d) => d.msg).join('; '));
    this.name = 'ApiProblem';
    this.status = status;
    this.detail = detail;
    this.headers = headers;
  }
}

/** The status of each way the engine refuses a request (contract §3). */
const STATUS_OF: Record<RejectionKind, number> = {
  invalid: 400,
  wrong_type: 422,
  too_large: 422,
};

/** An error as an HTTP problem: the handlers' own, or the engine's rejection with its status; null for a fault. */
export function problemOf(error: unknown): ApiProblem | null {
  if (error instanceof ApiProblem) return error;
  if (error instanceof Rejection) return new ApiProblem(STATUS_OF[error.kind], error.detail);
  return null;
}

/** 400: a value of the right type that breaks a rule. */
export const badRequest = (detail: string): ApiProblem => new ApiProblem(400, detail);

/** 404 with the given sentence. */
export const notFound = (detail: string): ApiProblem => new ApiProblem(404, detail);
