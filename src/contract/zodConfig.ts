import { z } from 'zod';

/**
 * Called at the top of every contract module that builds schemas, before it builds them. Zod
 * compiles object parsers with `new Function` when it may; to learn whether it may, it tries once,
 * and the app's Content-Security-Policy (no eval, docs/decisions/0005) reports that try as a
 * violation even though zod catches it. Parsing without compiling needs no try. A call rather than
 * an import for its effect: the build drops a contract module whose exports nothing uses.
 */
export function configureZod(): void {
  z.config({ jitless: true });
}
