import type { HealthResponse } from '@/contract';
import { jsonResponse } from './responders';
import { defineRoute } from './route';

const API_VERSION = '1.0.0';

/** No key: load balancers and the settings page's connection test call it. */
export const healthRoute = defineRoute(
  'health',
  () => jsonResponse({ status: 'ok', version: API_VERSION } satisfies HealthResponse),
  { countsUsage: false },
);
