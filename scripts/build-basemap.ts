/**
 * Builds the bundled offline basemap: Texas, its county borders and the outlines of its
 * neighbours, simplified and quantised, as one small GeoJSON file the map fetches from the app's
 * own origin. The machine that runs the app has no internet, so no tile server can be assumed.
 *
 * Usage: npx tsx scripts/build-basemap.ts [--out public/basemap/texas.json]
 * Sources: us-atlas 3 (Census cartographic boundaries 1:10m, TopoJSON), installed as a dev dependency.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/** The slice of topojson-simplify we use; the package ships no types. */
interface SimplifyModule {
  presimplify(topology: Topology): Topology;
  simplify(topology: Topology, minWeight: number): Topology;
  quantile(topology: Topology, p: number): number;
}

export const TEXAS_FIPS = '48';
/** New Mexico, Oklahoma, Arkansas, Louisiana: context around the edges of ERCOT. */
export const NEIGHBOUR_FIPS = ['35', '40', '05', '22'] as const;
/** Share of the (already 1:10m) arc points kept: crisp county lines at state zoom in ~40 kB. */
const KEEP = 0.6;
/** 3 decimals of a degree ≈ 100 m: finer than the simplification itself. */
const DECIMALS = 3;

export type BasemapKind = 'state' | 'neighbour' | 'counties';

function round(value: number): number {
  const factor = 10 ** DECIMALS;
  return Math.round(value * factor) / factor;
}

/** Rounds every position and drops points that rounding made equal to the previous one. */
export function quantiseGeometry(geometry: Geometry): Geometry {
  const line = (positions: Position[]): Position[] => {
    const out: Position[] = [];
    for (const p of positions) {
      const q = [round(p[0] ?? 0), round(p[1] ?? 0)];
      const last = out[out.length - 1];
      if (!last || last[0] !== q[0] || last[1] !== q[1]) out.push(q);
    }
    return out;
  };
  switch (geometry.type) {
    case 'LineString':
      return { type: 'LineString', coordinates: line(geometry.coordinates) };
    case 'MultiLineString':
      return {
        type: 'MultiLineString',
        coordinates: geometry.coordinates.map(line).filter((l) => l.length > 1),
      };
    case 'Polygon':
      return { type: 'Polygon', coordinates: geometry.coordinates.map(line).filter((r) => r.length > 3) };
    case 'MultiPolygon':
      return {
        type: 'MultiPolygon',
        coordinates: geometry.coordinates
          .map((polygon) => polygon.map(line).filter((r) => r.length > 3))
          .filter((polygon) => polygon.length > 0),
      };
    default:
      return geometry;
  }
}

function readTopology(path: string): Topology {
  return JSON.parse(readFileSync(path, 'utf8')) as Topology;
}

function collection(topology: Topology, name: string): GeometryCollection<{ name?: string }> {
  const object = topology.objects[name];
  if (object?.type !== 'GeometryCollection') throw new Error(`us-atlas: no GeometryCollection '${name}'`);
  return object as GeometryCollection<{ name?: string }>;
}

export function buildBasemap(countiesPath: string, statesPath: string): FeatureCollection {
  const load = createRequire(import.meta.url);
  const simplifier = load('topojson-simplify') as SimplifyModule;

  const counties = readTopology(countiesPath);
  const states = readTopology(statesPath);

  const texasCounties = collection(counties, 'counties').geometries.filter((g) =>
    String(g.id).startsWith(TEXAS_FIPS),
  );
  const stateGeometries = collection(states, 'states').geometries.filter((g) =>
    [TEXAS_FIPS, ...NEIGHBOUR_FIPS].includes(String(g.id) as typeof TEXAS_FIPS),
  );

  const simplifyTopology = (topology: Topology): Topology => {
    const pre = simplifier.presimplify(topology);
    return simplifier.simplify(pre, simplifier.quantile(pre, KEEP));
  };
  const countyTopology = simplifyTopology({
    ...counties,
    objects: { counties: { type: 'GeometryCollection', geometries: texasCounties } },
  });
  const stateTopology = simplifyTopology({
    ...states,
    objects: { states: { type: 'GeometryCollection', geometries: stateGeometries } },
  });

  const features: Feature[] = [];
  for (const g of collection(stateTopology, 'states').geometries) {
    const f = feature(stateTopology, g) as Feature;
    const kind: BasemapKind = String(g.id) === TEXAS_FIPS ? 'state' : 'neighbour';
    const props: { name?: string } = g.properties ?? {};
    const name = props.name ?? String(g.id);
    features.push({
      type: 'Feature',
      properties: { kind, name },
      geometry: quantiseGeometry(f.geometry),
    });
  }
  // Shared borders only (a !== b): each county line drawn once, and the state outline comes from the state.
  const countyLines = mesh(countyTopology, collection(countyTopology, 'counties'), (a, b) => a !== b);
  features.push({
    type: 'Feature',
    properties: {
      kind: 'counties' satisfies BasemapKind,
      name: 'Texas counties',
      count: texasCounties.length,
    },
    geometry: quantiseGeometry(countyLines),
  });
  // Drawn in order: neighbours under Texas, county lines over its fill.
  features.sort((a, b) => order(a) - order(b));
  return { type: 'FeatureCollection', features };
}

function order(f: Feature): number {
  const kind = (f.properties as { kind?: BasemapKind } | null)?.kind;
  return kind === 'neighbour' ? 0 : kind === 'state' ? 1 : 2;
}

function main(): void {
  const outIndex = process.argv.indexOf('--out');
  const out = outIndex > 0 ? (process.argv[outIndex + 1] ?? '') : 'public/basemap/texas.json';
  const modules = fileURLToPath(new URL('../node_modules/us-atlas/', import.meta.url));
  const basemap = buildBasemap(`${modules}counties-10m.json`, `${modules}states-10m.json`);
  const text = JSON.stringify(basemap);
  writeFileSync(out, `${text}\n`);
  console.log(`${out}: ${basemap.features.length} features, ${(text.length / 1024).toFixed(1)} kB`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
