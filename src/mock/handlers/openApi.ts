import { loadOpenApiDocument } from '@/contract';
import { jsonResponse } from './responders';
import { defineRoute } from './route';

/**
 * The API's OpenAPI 3.1 description, generated from the contract; no key needed, like `/health`.
 * The generator (and the zod schemas it reads) loads on the first request for it, so the demo
 * backend's boot does not carry it. `openapi.test.ts` holds this path to the contract's table.
 */
export const openApiRoute = defineRoute('openApi', async () => jsonResponse(await loadOpenApiDocument()), {
  countsUsage: false,
});
