import { readFileSync, statSync } from 'node:fs';
import { basemapUrl, loadBasemap, parseBasemap } from './basemap';

const SHIPPED = 'public/basemap/texas.json';

function fakeFetch(body: string, status = 200): typeof fetch {
  return () => Promise.resolve(new Response(body, { status }));
}

describe('bundled basemap', () => {
  it('ships Texas, its county lines and its neighbours in well under 300 kB', () => {
    expect(statSync(SHIPPED).size).toBeLessThan(300 * 1024);
    const basemap = parseBasemap(JSON.parse(readFileSync(SHIPPED, 'utf8')));
    const kinds = basemap.features.map((f) => `${f.properties.kind}:${f.properties.name}`);
    expect(kinds).toContain('state:Texas');
    expect(kinds).toContain('counties:Texas counties');
    expect(kinds.filter((k) => k.startsWith('neighbour:'))).toHaveLength(4);
    // Every coordinate lies around Texas and is quantised to 3 decimals.
    const text = JSON.stringify(basemap.features.find((f) => f.properties.kind === 'state')?.geometry);
    expect(text).not.toMatch(/\.\d{4,}/);
  });

  it('is fetched from the app’s own origin under its base path', () => {
    expect(basemapUrl('/')).toBe('/basemap/texas.json');
    expect(basemapUrl('/app/')).toBe('/app/basemap/texas.json');
  });

  it('loads and validates the file', async () => {
    const basemap = await loadBasemap('/basemap/texas.json', {
      fetchImpl: fakeFetch(readFileSync(SHIPPED, 'utf8')),
    });
    expect(basemap.features.length).toBeGreaterThan(2);
  });

  it('turns a missing file or an HTML fallback page into a clear error', async () => {
    await expect(loadBasemap('/x', { fetchImpl: fakeFetch('nope', 404) })).rejects.toThrow(
      'The basemap could not be loaded (HTTP 404).',
    );
    await expect(loadBasemap('/x', { fetchImpl: fakeFetch('<!doctype html><html></html>') })).rejects.toThrow(
      'The basemap is not valid JSON.',
    );
    await expect(loadBasemap('/x', { fetchImpl: fakeFetch('{"type":"Topology"}') })).rejects.toThrow(
      'The basemap is not a GeoJSON FeatureCollection.',
    );
  });
});
