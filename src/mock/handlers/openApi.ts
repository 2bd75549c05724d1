import { ENDPOINTS, routePattern } from '@/contract/endpoints';
import { openApiDocument } from '@/contract/openapi';
import { jsonResponse } from './responders';
import { defineRoute } from './route';

/** The API's OpenAPI 3.1 description, generated from the contract; no key needed, like `/health`. */
export const openApiRoute = defineRoute(
  routePattern(ENDPOINTS.openApi),
  () => jsonResponse(openApiDocument()),
  {
    auth: false,
    countsUsage: false,
  },
);
