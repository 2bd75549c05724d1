import type { ErrorDetail, ValidationIssue } from '@/contract';

/**
 * Why the engine refuses a request, in its own terms: the engine knows rows, plans and rules,
 * not HTTP. The handlers give each kind its status (handlers/problem.ts).
 */
export type RejectionKind =
  /** A value of the right type that breaks a rule (an unknown column, a bad frequency). */
  | 'invalid'
  /** Parameters of the wrong type, one issue each. */
  | 'wrong_type'
  /** A request that would scan more rows than the engine allows in one answer. */
  | 'too_large';

export class Rejection extends Error {
  readonly kind: RejectionKind;
  readonly detail: ErrorDetail;

  constructor(kind: RejectionKind, detail: ErrorDetail) {
    super(typeof detail === 'string' ? detail : detail.map((d) => d.msg).join('; '));
    this.name = 'Rejection';
    this.kind = kind;
    this.detail = detail;
  }
}

export const invalid = (detail: string): Rejection => new Rejection('invalid', detail);
export const wrongTypes = (issues: ValidationIssue[]): Rejection => new Rejection('wrong_type', issues);
export const tooLarge = (detail: string): Rejection => new Rejection('too_large', detail);
