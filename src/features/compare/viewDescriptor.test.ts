// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_API_KEY, setConnection } from '@/api/connection';
import { compareHref, compareUrlState, dataSeries } from '@/compare/compareWorkspace';
import type { Dataset } from '@/contract';
import { readUrlState } from '@/lib/urlState';
import { SPP_DATASET } from '@/test/sppDataset';
import { buildGrid } from './grid';
import { compareViewDescriptor } from './viewDescriptor';

const RT = SPP_DATASET;
const DA: Dataset = {
  ...SPP_DATASET,
  id: 'ercot_spp_day_ahead_hourly',
  name: 'ERCOT SPP Day Ahead Hourly',
  cadence: '1_HOUR',
};
const DATASETS = new Map([RT, DA].map((d) => [d.id, d] as const));
const HOUSTON = { filterColumn: 'location', filterValue: 'HB_HOUSTON' };
const PATH = compareHref({
  from: '2025-07-08',
  to: '2025-07-14',
  A: dataSeries('A', DA.id, 'spp', HOUSTON),
  B: dataSeries('B', RT.id, 'spp', HOUSTON),
  C: { kind: 'expr', key: 'C', expr: 'A - B' },
  D: dataSeries('D', RT.id, 'spp', { filterColumn: 'location', filterValue: 'HB_NORTH' }),
});
const STATE = readUrlState(compareUrlState, new URLSearchParams(PATH.split('?')[1])).state;
const GRID = buildGrid('2025-07-08', '2025-07-14', '1h', STATE.tz);
const SERIES = [
  { label: 'A: SPP Day Ahead Hourly · spp · HB_HOUSTON', values: null },
  { label: 'B: SPP Real Time 15 Min · spp · HB_HOUSTON', values: Float64Array.from(GRID.times, (_, i) => i) },
];

const describeCompare = (server?: string) =>
  compareViewDescriptor({
    path: PATH,
    state: STATE,
    now: 0,
    datasets: DATASETS,
    grid: GRID,
    series: SERIES,
    server,
  });

afterEach(() => {
  setConnection({ mode: 'demo', baseUrl: '', apiKey: DEMO_API_KEY, remember: false });
});

describe('the Compare workspace as a saved view', () => {
  it('writes each data series’ request, the distinct datasets and the range', () => {
    const view = describeCompare('https://api.example.com');
    expect(view).toMatchObject({
      kind: 'compare',
      path: PATH,
      datasets: [DA.id, RT.id],
      timeRange: `2025-07-08 → 2025-07-14 (${STATE.tz})`,
      suggestedName: `Compare · ${SERIES[0]?.label}; ${SERIES[1]?.label}`,
    });
    // Three data series, three requests; the derived one asks for nothing.
    expect(view.requests.map((r) => [r.dataset, r.parameters.filter_value])).toEqual([
      [DA.id, 'HB_HOUSTON'],
      [RT.id, 'HB_HOUSTON'],
      [RT.id, 'HB_NORTH'],
    ]);
    const b = new URL(view.requests[1]?.url ?? '');
    expect(b.pathname).toBe(`/v1/datasets/${RT.id}/query`);
    // The 15-minute series is brought to the hourly grid by the API, as the page asks.
    expect(b.searchParams.get('resample_frequency')).toBe('1h');
    expect(view.sparkline).toHaveLength(64);
  });

  it('never carries the API key, even with a server and key of the user’s own', () => {
    const key = 'sk-live-SECRET-5678';
    setConnection({ mode: 'remote', baseUrl: 'https://grid.example.org', apiKey: key, remember: false });
    const text = JSON.stringify(describeCompare());
    expect(text).toContain('https://grid.example.org/v1/datasets/');
    expect(text).not.toContain(key);
    expect(text).not.toMatch(/api[_-]?key/i);
  });
});
