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

/** Units of work (rows, grid indices, aggregated values) between two questions to the CancelCheck. */
const CHECK_EVERY = 8192;

/**
 * Counts the work of long loops and asks the CancelCheck once every CHECK_EVERY units, so a
 * cancelled query stops within a few milliseconds while a running one pays a decrement per step.
 */
export class CancelTicker {
  private left = CHECK_EVERY;

  constructor(private readonly cancel: CancelCheck) {}

  tick(units = 1): void {
    this.left -= units;
    if (this.left > 0) return;
    this.left = CHECK_EVERY;
    if (this.cancel()) throw new QueryCancelled();
  }
}
