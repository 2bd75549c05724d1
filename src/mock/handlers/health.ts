import { API_VERSION, type HealthResponse } from '@/contract';
import { jsonResponse } from './responders';
import { defineRoute } from './route';

/** No key: load balancers and the settings page's connection test call it. */
export const healthRoute = defineRoute(
  'health',
  () => jsonResponse({ status: 'ok', version: API_VERSION } satisfies HealthResponse),
  { countsUsage: false },
);
