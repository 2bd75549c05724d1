import type { ErrorDetail, ValidationIssue } from '@/api/types';

/** Every failed request of the typed client, whatever went wrong, so components branch on one type. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: ErrorDetail | null;
  /** Seconds to wait before trying again (from `Retry-After`), when the server said so. */
  readonly retryAfter: number | null;
  /** The request path with its query string; built without the key, so it is safe to show or log. */
  readonly path: string;

  constructor(init: {
    status: number;
    detail: ErrorDetail | null;
    retryAfter?: number | null;
    path: string;
    message?: string;
  }) {
    super(init.message ?? describe(init.status, init.detail));
    this.name = 'ApiError';
    this.status = init.status;
    this.detail = init.detail;
    this.retryAfter = init.retryAfter ?? null;
    this.path = init.path;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

function issueText(issue: ValidationIssue): string {
  // `loc` starts with where the value came from ("query"); the parameter name is what a person needs.
  const where = issue.loc.filter((part) => part !== 'query' && part !== 'path' && part !== 'header');
  return where.length > 0 ? `${where.join('.')}: ${issue.msg}` : issue.msg;
}

export function detailText(detail: ErrorDetail | null): string | null {
  if (detail === null) return null;
  if (typeof detail === 'string') return detail;
  return detail.map(issueText).join('; ');
}

function describe(status: number, detail: ErrorDetail | null): string {
  const text = detailText(detail);
  if (text !== null && text !== '') return text;
  if (status === 0) return 'The server could not be reached.';
  return `The server answered with status ${status}.`;
}

/** The server's detail as one readable sentence, for any thrown value. */
export function apiErrorText(e: unknown): string {
  if (isApiError(e)) return describe(e.status, e.detail);
  if (e instanceof Error) return e.message;
  return String(e);
}
