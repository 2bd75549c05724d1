/**
 * A request made ahead of the page that reads it (boot's first-screen prefetch, a page's
 * `firstScreen.ts`): its answer, or undefined when it failed. The failure is the page's to show,
 * with its own retry, when it reads the same query.
 */
export function askAhead<T>(request: Promise<T>): Promise<T | undefined> {
  return request.catch(() => undefined);
}
