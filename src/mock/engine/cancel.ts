/**
 * Cooperative cancellation of the query engine. The engine is synchronous, so an abort signal can
 * only be seen when the engine asks: its long loops call a `CancelCheck` every few thousand rows
 * and stop by throwing `QueryCancelled`. Whoever runs the engine (a worker, the HTTP mock) turns an
 * `AbortSignal` into a check and drops the error: nobody is waiting for the answer any more.
 */

/** Asked regularly by long engine loops; true means stop now. */
export type CancelCheck = () => boolean;

export const NEVER_CANCELLED: CancelCheck = () => false;

/** Thrown by the engine when its CancelCheck says stop. Not a Rejection: nobody is waiting for an answer. */
export class QueryCancelled extends Error {
  override readonly name = 'QueryCancelled';

  constructor(message = 'query cancelled') {
    super(message);
  }
}

export function isQueryCancelled(e: unknown): e is QueryCancelled {
  return e instanceof QueryCancelled;
}
