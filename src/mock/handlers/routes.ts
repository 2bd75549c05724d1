import { apiUsageRoute } from './apiUsage';
import { dailyPeakRoute } from './dailyPeak';
import { datasetAuditRoute } from './datasetAudit';
import { datasetListRoute, datasetRoute } from './datasets';
import { datasetUpdatesRoute } from './datasetUpdates';
import { healthRoute } from './health';
import { nearbyRoute } from './nearby';
import { openApiRoute } from './openApi';
import { pricingLocationRoute } from './pricingLocation';
import { pricingLocationsRoute } from './pricingLocations';
import { datasetPathQueryRoute, datasetQueryRoute } from './query';
import type { RouteDef } from './route';

/**
 * Every route of the mock. A new endpoint is one file exporting `defineRoute(...)` plus one line
 * here; paths not listed answer 404 `Not Found`. Order does not matter: static segments win
 * over parameters.
 */
export const ROUTES: readonly RouteDef[] = [
  healthRoute,
  datasetListRoute,
  datasetRoute,
  datasetAuditRoute,
  datasetUpdatesRoute,
  datasetQueryRoute,
  datasetPathQueryRoute,
  pricingLocationsRoute,
  nearbyRoute,
  pricingLocationRoute,
  dailyPeakRoute,
  apiUsageRoute,
  openApiRoute,
];
