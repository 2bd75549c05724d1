/**
 * The one door to the contract: the client, the mock, the scripts and the tests import the API's
 * schemas, vocabulary, endpoint table, headers and plans from `@/contract` and nowhere else. The
 * OpenAPI document is built on demand (`loadOpenApiDocument`) so that the page never carries it.
 */
export * from './buckets';
export * from './cadence';
export * from './datasets';
export * from './endpoints';
export * from './http';
export * from './params';
export * from './plans';
export * from './routes';
export * from './schemas';
export * from './vocabulary';

/** The OpenAPI 3.1 document, built from the schemas when first asked for (a separate chunk). */
export async function loadOpenApiDocument(): Promise<unknown> {
  return (await import('./openapi')).openApiDocument();
}
