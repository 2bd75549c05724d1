/**
 * The locations map and a location's page as saved views: the URL keeps the selection and filters;
 * the name says them in words; the requests are the list (and the nearby search) a script would
 * send, the key never in them. No time series, so neither has a time range or a sparkline.
 */
import { apiRequest } from '@/api/apiRequest';
import { getConnection, scriptBaseUrl } from '@/api/connection';
import { endpointPath, type NearbyParams, type PricingLocation } from '@/contract';
import type { ViewDescriptor } from '@/workspace/types';
import { listParams, type LocationsState } from './locationsUrlState';

export interface LocationsViewInput {
  path: string;
  state: LocationsState;
  /** The nearby search's request, when one is shown. */
  nearby: NearbyParams | null;
  /** The selected location's name, when it is known. */
  selected: string | null;
  server?: string;
}

function filterWords(state: LocationsState): string[] {
  const words: string[] = [];
  if (state.q.trim() !== '') words.push(`“${state.q.trim()}”`);
  if (state.types.length > 0) words.push(state.types.join(', '));
  if (state.zones.length > 0) words.push(`in ${state.zones.join(', ')}`);
  if (state.statuses.length > 0) words.push(state.statuses.join(', '));
  if (state.geo === 'yes') words.push('on the map');
  if (state.geo === 'no') words.push('not on the map');
  return words;
}

export function locationsViewDescriptor({
  path,
  state,
  nearby,
  selected,
  server = scriptBaseUrl(getConnection()),
}: LocationsViewInput): ViewDescriptor {
  const words = filterWords(state);
  if (nearby) words.push(state.near ? `near ${state.near}` : 'nearby search');
  if (selected) words.push(`selected ${selected}`);
  const requests = [apiRequest(server, endpointPath('pricingLocations'), listParams(state))];
  if (nearby) requests.push(apiRequest(server, endpointPath('nearby'), nearby));
  return {
    kind: 'locations',
    path,
    suggestedName: ['Pricing locations', ...words].join(' · '),
    datasets: [],
    timeRange: null,
    server,
    requests,
    sparkline: null,
  };
}

export function locationViewDescriptor(
  path: string,
  location: PricingLocation,
  server: string = scriptBaseUrl(getConnection()),
): ViewDescriptor {
  return {
    kind: 'location',
    path,
    suggestedName: `${location.location} (${location.location_type})`,
    datasets: location.pricing_datasets,
    timeRange: null,
    server,
    requests: [
      apiRequest(server, endpointPath('pricingLocation', { gs_entity_id: location.gs_entity_id }), {}),
    ],
    sparkline: null,
  };
}
