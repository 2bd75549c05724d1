import type { ErrorDetail, ValidationIssue } from '@/contract/schemas';

/**
 * An answer other than 2xx, as the contract (§3) words it. Everything in the mock that rejects a
 * request throws one of these; the handlers turn it into `{ detail }` with its status and headers.
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

/** 400: a value of the right type that breaks a rule. */
export const badRequest = (detail: string): ApiProblem => new ApiProblem(400, detail);

/** 404 with the given sentence. */
export const notFound = (detail: string): ApiProblem => new ApiProblem(404, detail);

/** 422: one entry per parameter of the wrong type. */
export const typeErrors = (issues: ValidationIssue[]): ApiProblem => new ApiProblem(422, issues);
