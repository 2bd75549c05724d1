/**
 * Runs `run` at the browser's next idle moment, or after `timeoutMs` at the latest; where there is
 * no requestIdleCallback (Safari), after `fallbackMs`. Returns what cancels it. Work that must not
 * compete with a page's first screen or a query's answer waits here. `run` gets the idle moment's
 * deadline where there is one.
 */
export function whenIdle(
  run: (deadline?: IdleDeadline) => void,
  timeoutMs: number,
  fallbackMs = 200,
): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, fallbackMs);
  return () => window.clearTimeout(handle);
}
