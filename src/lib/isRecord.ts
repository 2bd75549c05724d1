/**
 * Whether a value read from outside (a server's JSON, localStorage, a query key) is a plain object
 * whose fields can be read: not null, and not an array, which `typeof` also calls an object.
 */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
