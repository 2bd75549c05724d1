import type { ErrorDetail, ValidationIssue } from '@/contract';

/**
 * What went wrong, where the status alone cannot tell: status 0 is both a connection that failed
 * and a server that never answered, and the user can do different things about each.
 */
export type ApiErrorKind = 'http' | 'network' | 'timeout';

/** Every failed request of the typed client, whatever went wrong, so components branch on one type. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: ErrorDetail | null;
  /** Seconds to wait before trying again (from `Retry-After`), when the server said so. */
  readonly retryAfter: number | null;
  /** The request path with its query string; built without the key, so it is safe to show or log. */
  readonly path: string;
  readonly kind: ApiErrorKind;

  constructor(init: {
    status: number;
    kind?: ApiErrorKind;
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
    this.kind = init.kind ?? (init.status === 0 ? 'network' : 'http');
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** The server has no such thing (a dataset or location id it does not know): asking again cannot help. */
export function isNotFoundError(e: unknown): e is ApiError {
  return isApiError(e) && e.status === 404;
}

/** A request the server did not answer (in full) within the time-out of the settings. */
export function isTimeoutError(e: unknown): boolean {
  return isApiError(e) && e.kind === 'timeout';
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
  if (isApiError(e)) return e.kind === 'timeout' ? e.message : describe(e.status, e.detail);
  if (e instanceof Error) return e.message;
  return String(e);
}
