/**
 * The aligned frame's SQL, run by DuckDB (the native binding, the same engine as the page's) over
 * tables shaped as the series' API answers, against the workspace's own alignment of the same points.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import type { Dataset } from '@/contract';
import { dataSeries, type SeriesSpec } from '@/compare/compareWorkspace';
import { SPP_DATASET } from '@/test/sppDataset';
import { HOUR_MS } from '@/time';
import { evaluate, parseExpression } from './expression';
import { alignToGrid, buildGrid, wallClock, type Grid } from './grid';
import { ALIGNED_TABLE, alignedFrameSpecs, alignedSql, seriesTable } from './seriesSql';

const DATASETS = new Map<string, Dataset>([[SPP_DATASET.id, SPP_DATASET]]);
const ts = (ms: number) => `TIMESTAMP '${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')}'`;

/** A table like the API's answer in the grid's zone: hourly rows with their local twin. */
async function run(grid: Grid, tables: Record<string, { times: number[]; values: number[] }>, sql: string) {
  const db = await DuckDBInstance.create(':memory:');
  const c = await db.connect();
  const wall = wallClock(grid.zone);
  for (const [name, { times, values }] of Object.entries(tables)) {
    await c.run(
      `CREATE TABLE ${name} (interval_start_local TIMESTAMP, interval_start_utc TIMESTAMP, location VARCHAR, spp DOUBLE)`,
    );
    if (times.length > 0)
      await c.run(
        `INSERT INTO ${name} VALUES ${times
          .map((t, i) => `(${ts(wall(t))}, ${ts(t)}, 'HB_HOUSTON', ${values[i] ?? 'NULL'})`)
          .join(', ')}`,
      );
  }
  const reader = await c.runAndReadAll(
    `SELECT epoch_ms(interval_start_utc) AS utc, epoch_ms(interval_start_local) AS local, * EXCLUDE (interval_start_utc, interval_start_local) FROM (${sql})`,
  );
  const rows = reader.getRowObjectsJS();
  c.closeSync();
  db.closeSync();
  return rows.map((r) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v])),
  );
}

const houston = (key: 'A' | 'B', shift = 0) =>
  dataSeries(key, SPP_DATASET.id, 'spp', { filterColumn: 'location', filterValue: 'HB_HOUSTON', shift });

describe('the aligned frame in SQL', () => {
  it('asks for each series as the workspace does, and builds the frame after them', () => {
    const grid = buildGrid('2025-03-08', '2025-03-10', '1h', 'US/Central');
    const specs = alignedFrameSpecs(
      [houston('A'), houston('B', -1), { kind: 'expr', key: 'C', expr: 'A - B' }],
      DATASETS,
      grid,
    );
    expect(specs.map((s) => s.name)).toEqual(['compare_a', 'compare_b', ALIGNED_TABLE]);
    const source = specs[0]?.source;
    expect(source?.kind === 'query' && source.dataset).toBe(SPP_DATASET.id);
    expect(source?.kind === 'query' && source.params).toMatchObject({
      columns: 'spp',
      filter_column: 'location',
      filter_value: 'HB_HOUSTON',
      resample_frequency: '1h',
      timezone: 'US/Central',
    });
    expect(seriesTable(houston('A'), SPP_DATASET, grid).name).toBe('rt_spp_hb_houston_hourly');
  });

  it('puts hourly series on the grid as the workspace does, across the spring DST change', async () => {
    const grid = buildGrid('2025-03-08', '2025-03-10', '1h', 'US/Central');
    const first = grid.times[0] ?? 0;
    // A: every hour but a gap; B: a day earlier, so its shift of −1 day lands on the grid.
    const aTimes = Array.from(grid.times).filter((_, i) => i % 7 !== 3);
    const aValues = aTimes.map((t) => (t - first) / HOUR_MS);
    const bTimes = Array.from({ length: 72 }, (_, i) => first - 24 * HOUR_MS + i * HOUR_MS);
    const bValues = bTimes.map((_, i) => (i % 5 === 0 ? 0 : 100 + i));
    const specs: SeriesSpec[] = [houston('A'), houston('B', -1), { kind: 'expr', key: 'C', expr: 'A / B' }];
    const sql = alignedSql(
      specs,
      DATASETS,
      grid,
      new Map([
        ['A', 'ta'],
        ['B', 'tb'],
      ]),
    );
    const rows = await run(
      grid,
      { ta: { times: aTimes, values: aValues }, tb: { times: bTimes, values: bValues } },
      sql,
    );

    const a = alignToGrid(grid, aTimes, aValues);
    const b = alignToGrid(grid, bTimes, bValues, -1);
    const c = evaluate(
      parseExpression('A / B'),
      new Map([
        ['A', a],
        ['B', b],
      ]),
      grid.times.length,
    );
    expect(rows).toHaveLength(grid.times.length);
    expect(rows.map((r) => r.utc)).toEqual(Array.from(grid.times));
    const nullOf = (v: number) => (Number.isNaN(v) ? null : v);
    expect(rows.map((r) => r.a)).toEqual(Array.from(a, nullOf));
    // The shift is 24 hours in SQL: the same as the workspace's except for the hours a DST change moves.
    const dst = Date.UTC(2025, 2, 9, 8);
    const away = (t: number) => Math.abs(t - dst) > 24 * HOUR_MS;
    const bSql = rows.map((r) => r.b);
    Array.from(grid.times).forEach((t, i) => {
      if (away(t)) expect(bSql[i]).toBe(nullOf(b[i] ?? Number.NaN));
    });
    Array.from(grid.times).forEach((t, i) => {
      if (away(t)) expect(rows[i]?.c).toBe(nullOf(c[i] ?? Number.NaN));
    });
    // Local time is the bucket's wall clock where A has a row.
    const wall = wallClock(grid.zone);
    rows.forEach((r, i) => {
      if (!Number.isNaN(a[i] ?? Number.NaN)) expect(r.local).toBe(wall(grid.times[i] ?? 0));
    });
  });

  it("puts daily series on the zone's dates, 23- and 25-hour days included", async () => {
    const grid = buildGrid('2025-03-08', '2025-03-12', '1d', 'US/Central');
    const times = Array.from(grid.times).filter((_, i) => i !== 2);
    const values = times.map((_, i) => 10 * (i + 1));
    const sql = alignedSql([houston('A')], DATASETS, grid, new Map([['A', 'ta']]));
    const rows = await run(grid, { ta: { times, values } }, sql);
    const a = alignToGrid(grid, times, values);
    expect(rows.map((r) => r.a)).toEqual(Array.from(a, (v) => (Number.isNaN(v) ? null : v)));
    expect(rows.map((r) => r.utc)).toEqual(Array.from(grid.times, (t, i) => (i === 2 ? null : t)));
    const wall = wallClock(grid.zone);
    expect(rows.map((r) => r.local)).toEqual(Array.from(grid.times, (t) => wall(t)));
  });
});
