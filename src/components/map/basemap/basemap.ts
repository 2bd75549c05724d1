import { queryOptions } from '@tanstack/react-query';
import type { FeatureCollection, Geometry } from 'geojson';
import { isRecord } from '@/lib/isRecord';

/** Where `scripts/build-basemap.ts` writes the basemap, below the app's own base path. */
const BASEMAP_PATH = 'basemap/texas.json';

export type BasemapKind = 'state' | 'neighbour' | 'counties';

interface BasemapProperties {
  kind: BasemapKind;
  name: string;
}

export type Basemap = FeatureCollection<Geometry, BasemapProperties>;

const KINDS: readonly string[] = ['state', 'neighbour', 'counties'] satisfies BasemapKind[];

export function basemapUrl(base: string = import.meta.env.BASE_URL): string {
  return `${base.endsWith('/') ? base : `${base}/`}${BASEMAP_PATH}`;
}

/**
 * Checks the shape before Leaflet sees it: a static server that falls back to `index.html` for a
 * missing file answers 200 with HTML, which must become a clear message rather than a blank map.
 */
export function parseBasemap(value: unknown): Basemap {
  if (!isRecord(value) || value.type !== 'FeatureCollection' || !Array.isArray(value.features)) {
    throw new Error('The basemap is not a GeoJSON FeatureCollection.');
  }
  const features = value.features.filter((f: unknown) => {
    if (!isRecord(f) || f.type !== 'Feature' || !isRecord(f.geometry) || !isRecord(f.properties))
      return false;
    return typeof f.properties.kind === 'string' && KINDS.includes(f.properties.kind);
  });
  if (features.length === 0) throw new Error('The basemap has no features.');
  return { type: 'FeatureCollection', features: features as Basemap['features'] };
}

export async function loadBasemap(
  url: string = basemapUrl(),
  { signal, fetchImpl = fetch }: { signal?: AbortSignal; fetchImpl?: typeof fetch } = {},
): Promise<Basemap> {
  const response = await fetchImpl(url, { signal });
  if (!response.ok) throw new Error(`The basemap could not be loaded (HTTP ${response.status}).`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new Error('The basemap is not valid JSON.');
  }
  return parseBasemap(body);
}

/** Fetched once per session: it ships with the app and never changes while it runs. */
export function basemapOptions(url: string = basemapUrl()) {
  return queryOptions({
    queryKey: ['basemap', url] as const,
    queryFn: ({ signal }) => loadBasemap(url, { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
