import type { LocationType, PricingLocation } from '@/contract';
import { addDays } from '@/time';
import type { DayRange } from './linkRange';

/**
 * Marker colours by location type. Each keeps 3:1 against the map's land colour in both themes
 * (white and #12161c), so a marker is visible without relying on its outline.
 */
export const TYPE_COLORS: Record<LocationType, string> = {
  'Resource Node': '#2f7fc1',
  'Load Zone DC Tie': '#c75f1f',
  'Trading Hub': '#a35fb0',
  'Load Zone': '#2e8b57',
};

const FALLBACK_COLOR = '#4a5a70';

/** An aggregate of the nodes whose `zone` is its name; it has no coordinates of its own. */
export const LOAD_ZONE_TYPE: LocationType = 'Load Zone';

export function typeColor(type: string): string {
  return (TYPE_COLORS as Record<string, string | undefined>)[type] ?? FALLBACK_COLOR;
}

export function hasCoordinates(
  location: Pick<PricingLocation, 'latitude' | 'longitude'>,
): location is { latitude: number; longitude: number } {
  return location.latitude !== null && location.longitude !== null;
}

/** `active — seen within 7 days` / `inactive — not seen within 7 days`. */
export function statusText(location: Pick<PricingLocation, 'status' | 'status_threshold_days'>): string {
  const days = `${location.status_threshold_days} day${location.status_threshold_days === 1 ? '' : 's'}`;
  return location.status === 'active'
    ? `active — seen within ${days}`
    : `${location.status} — not seen within ${days}`;
}

/**
 * The query builder on one dataset, filtered to one location: over the last 7 days, or over the
 * market days of `days` (the last one inclusive, as the builder's end is exclusive).
 */
export function queryBuilderHref(
  datasetId: string,
  locationName: string,
  days: DayRange | null = null,
): string {
  const path = `/datasets/${encodeURIComponent(datasetId)}/query`;
  if (days === null)
    return `${path}?v=1&range=last_7d&fcol=location&fval=${encodeURIComponent(locationName)}`;
  const params = new URLSearchParams({
    v: '1',
    range: 'custom',
    start: days.from,
    end: addDays(days.to, 1),
    tz: 'market',
    fcol: 'location',
    fval: locationName,
  });
  return `${path}?${params.toString()}`;
}
