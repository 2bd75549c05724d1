// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import type { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_API_KEY, setConnection } from '@/api/connection';
import { allPricingLocationsOptions } from '@/api/locations/queries';
import { createQueryClient } from '@/api/queryClient';
import { prefetchFirstScreen } from '@/app/firstScreenData';
import { PAGES, type PageDef } from '@/app/pages';
import { compareHref, dataSeries } from '@/compare/compareWorkspace';
import { LazyMultiAxisChart } from '@/components/charts/LazyCompareCharts';
import { LazyDailyPeaksChart } from '@/components/charts/LazyDailyPeaksChart';
import { LazyPeakCurveChart } from '@/components/charts/LazyPeakCurveChart';
import { LazyTimeSeriesChart } from '@/components/charts/LazyTimeSeriesChart';
import { PRESETS } from '@/features/compare/presets';
import { DEFAULT_QUERY_STATE, writeQueryState, type QueryState } from '@/features/query/queryUrl';
import { TEST_NOW } from '@/test/clock';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';

/*
 * Boot's first-screen requests for the pages whose own module makes them (Compare, the peak report,
 * a location, a query link's results): each asks for what the page's first screen reads, under the
 * page's own query keys, so the page, rendered over the same cache, reads those answers and sends
 * none of those requests again; a link the page cannot read asks for nothing it would not.
 */

const { server } = setupMockServer();

/** The map's basemap, a static file of the app (the mock serves the API alone), as the app ships it. */
const BASEMAP = JSON.parse(readFileSync('public/basemap/texas.json', 'utf8')) as Record<string, unknown>;
beforeEach(() => server.use(http.get('*/basemap/texas.json', () => HttpResponse.json(BASEMAP))));

const SLOW = { timeout: 15_000 };
/** Requests that are not a page's data: the plan's usage is asked again after every answer. */
const NOT_DATA = /\/v1\/api_usage|\/proxy/;

function dartHref(): string {
  const preset = PRESETS.find((p) => p.id === 'dart');
  if (!preset) throw new Error('no DART preset');
  return compareHref(preset.state(TEST_NOW));
}

/** A query-builder link to HB_NORTH's real-time LMP, as the app writes it. */
const queryLink = (patch: Partial<QueryState>): string =>
  `/datasets/ercot_lmp_by_settlement_point/query?${writeQueryState({ ...DEFAULT_QUERY_STATE, fcol: 'location', ...patch }).toString()}`;

/** Every request the API receives, as path and query, in order. */
function logRequests(): string[] {
  const sent: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (!NOT_DATA.test(url.pathname)) sent.push(`${url.pathname.replace(/^\/demo-api/, '')}${url.search}`);
  });
  return sent;
}

afterEach(() => {
  server.events.removeAllListeners();
  vi.useRealTimers();
});

/**
 * Boot's prefetch for `url`, awaited until `settled` holds of the requests it sent and none is in
 * flight (its chain waits for the page's module between requests), then the page rendered over
 * the same cache until `shown`.
 */
async function prefetchThenRender(
  page: PageDef,
  url: string,
  settled: (sent: string[]) => boolean,
  shown: () => Promise<unknown>,
) {
  vi.useFakeTimers({ toFake: ['Date'], now: TEST_NOW });
  setConnection({ mode: 'demo', baseUrl: '', apiKey: DEMO_API_KEY, remember: false });
  const sent = logRequests();
  const queryClient: QueryClient = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  const link = new URL(url, 'http://localhost');
  await prefetchFirstScreen(queryClient, link.pathname, link.search);
  await page.code.load();
  await waitFor(() => {
    expect(settled(sent)).toBe(true);
    expect(queryClient.isFetching()).toBe(0);
  }, SLOW);
  const prefetched = [...sent];
  const asked = queryClient.getQueryCache().getAll();
  renderApp(url, { queryClient });
  await shown();
  await waitFor(() => expect(queryClient.isFetching()).toBe(0), SLOW);
  // Charts arrive in chunks of their own: the test ends once they have rendered.
  await waitFor(() => expect(screen.queryByText('Loading chart…')).toBeNull(), SLOW);
  return { prefetched, sent, asked };
}

const count = (sent: readonly string[], pattern: RegExp) => sent.filter((r) => pattern.test(r)).length;

/**
 * The page sent none of the prefetched requests again, and reads every answer the prefetch asked
 * for; but the map's basemap, which jsdom never reads (it has no layout, so no map mounts).
 */
function expectReadOnce({ prefetched, sent, asked }: Awaited<ReturnType<typeof prefetchThenRender>>): void {
  expect(sent.filter((r) => prefetched.includes(r))).toEqual(prefetched);
  expect(new Set(prefetched).size).toBe(prefetched.length);
  for (const query of asked.filter((q) => q.queryKey[0] !== 'basemap'))
    expect([query.queryKey, query.getObserversCount() > 0]).toEqual([query.queryKey, true]);
}

describe('first-screen requests made by the page’s own module', () => {
  it('Compare asks for the catalog, the registry and each data series the page draws, once', async () => {
    const result = await prefetchThenRender(
      PAGES.compare,
      dartHref(),
      (sent) => count(sent, /\/query\?/) === 2,
      () => screen.findByRole('table', { name: 'Statistics of each series over the range' }, SLOW),
    );
    expect(count(result.prefetched, /^\/v1\/datasets$/)).toBe(1);
    expect(count(result.prefetched, /^\/v1\/pricing_locations\?/)).toBe(1);
    expect(result.prefetched.filter((r) => r.includes('/query?'))).toEqual([
      expect.stringContaining('/v1/datasets/ercot_spp_day_ahead_hourly/query?'),
      expect.stringContaining('/v1/datasets/ercot_spp_real_time_15_min/query?'),
    ]);
    expectReadOnce(result);
  });

  it('the peak report asks for the report, then the day’s curve and the range of daily peaks, once', async () => {
    const result = await prefetchThenRender(
      PAGES.dailyPeak,
      '/reports/daily-peak',
      (sent) => count(sent, /ercot_load\/query\?/) === 2,
      () => screen.findByRole('table', { name: /^Daily peak load from/ }, SLOW),
    );
    expect(count(result.prefetched, /\/reports\//)).toBe(1);
    expect(count(result.prefetched, /^\/v1\/datasets\/ercot_load$/)).toBe(1);
    expectReadOnce(result);
  });

  it('a location page asks for its record and its map’s basemap, then the catalog its Compare links read, once', async () => {
    const result = await prefetchThenRender(
      PAGES.location,
      '/locations/ercot-abilene_all',
      (sent) => count(sent, /^\/v1\/datasets$/) === 1,
      () => screen.findAllByRole('link', { name: /to compare/ }, SLOW),
    );
    // The map's basemap (and code) before the page renders: its first screen draws the map.
    expect(result.prefetched).toEqual([
      '/basemap/texas.json',
      expect.stringMatching(/^\/v1\/pricing_locations\/ercot-abilene_all/),
      '/v1/datasets',
    ]);
    expectReadOnce(result);
  });

  it('the locations page asks for its map’s basemap, its list and its map’s points with the link’s filters, once', async () => {
    const result = await prefetchThenRender(
      PAGES.locations,
      '/locations?types=Trading+Hub&sort=zone&order=desc',
      (sent) => count(sent, /^\/v1\/pricing_locations\?/) === 2,
      () => screen.findByRole('link', { name: 'HB_WEST' }, SLOW),
    );
    const [basemap, list, points] = result.prefetched.map((r) => new URL(r, 'http://x'));
    expect([basemap?.pathname, list?.pathname, points?.pathname]).toEqual([
      '/basemap/texas.json',
      '/v1/pricing_locations',
      '/v1/pricing_locations',
    ]);
    // The list's page of the link's sort, and every point with coordinates for the map.
    const [listParams, pointParams] = [list?.searchParams ?? new URLSearchParams(), points?.searchParams];
    expect([
      listParams.get('location_types'),
      listParams.get('sort_column'),
      listParams.get('sort_order'),
    ]).toEqual(['Trading Hub', 'zone', 'desc']);
    expect([pointParams?.get('location_types'), pointParams?.get('has_geo')]).toEqual([
      'Trading Hub',
      'true',
    ]);
    expectReadOnce(result);
  });

  it('the locations page asks for no map points when the link lists only locations without coordinates', async () => {
    const result = await prefetchThenRender(
      PAGES.locations,
      '/locations?geo=no',
      (sent) => count(sent, /^\/v1\/pricing_locations\?/) === 1,
      () => screen.findByRole('link', { name: 'HB_WEST' }, SLOW),
    );
    expect(result.prefetched).toEqual(['/basemap/texas.json', expect.stringMatching(/has_geo=false/)]);
    expectReadOnce(result);
  });

  it('the price map asks for its map’s basemap beside the catalog and the registry, then the interval’s prices', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: TEST_NOW });
    setConnection({ mode: 'demo', baseUrl: '', apiKey: DEMO_API_KEY, remember: false });
    const sent = logRequests();
    const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false } } });
    await prefetchFirstScreen(queryClient, '/price-map', '?day=2025-07-15&i=204');
    await waitFor(() => {
      expect(count(sent, /\/query\?/)).toBe(1);
      expect(queryClient.isFetching()).toBe(0);
    }, SLOW);
    // The first three in any order (each is asked at once), then the snapshot they lead to.
    expect(sent.slice(0, 3)).toEqual(
      expect.arrayContaining([
        '/basemap/texas.json',
        '/v1/datasets',
        expect.stringMatching(/^\/v1\/pricing_locations\?/),
      ]),
    );
    expect(sent[3]).toMatch(/^\/v1\/datasets\/ercot_lmp_by_settlement_point\/query\?/);
  });

  it('Compare, the peak report and /today ask for their charts’ code with their data, not once mounted', async () => {
    const spies = [LazyMultiAxisChart, LazyPeakCurveChart, LazyDailyPeaksChart, LazyTimeSeriesChart].map(
      (chart) => vi.spyOn(chart, 'preload').mockResolvedValue(undefined),
    );
    const called = () => spies.map((spy) => spy.mock.calls.length);
    await requestsFor(PAGES.compare, dartHref());
    expect(called()).toEqual([1, 0, 0, 0]);
    await requestsFor(PAGES.dailyPeak, '/reports/daily-peak?date=2025-07-15');
    expect(called()).toEqual([1, 1, 1, 0]);
    await requestsFor(PAGES.today, '/today?date=2025-07-15');
    expect(called()).toEqual([1, 1, 1, 1]);
    // A day still to come draws no chart.
    await requestsFor(PAGES.dailyPeak, '/reports/daily-peak?date=2099-01-01');
    expect(called()).toEqual([1, 1, 1, 1]);
    for (const spy of spies) spy.mockRestore();
  });

  it('a query link asks for the metadata, then its first page of rows, once', async () => {
    const url = queryLink({
      range: 'custom',
      start: '2025-07-07',
      end: '2025-07-14',
      fval: 'HB_NORTH',
      rs: '1h',
    });
    const result = await prefetchThenRender(
      PAGES.query,
      url,
      (sent) => count(sent, /\/query\?/) === 1,
      () => screen.findByText(/rows loaded/, undefined, SLOW),
    );
    expect(count(result.prefetched, /^\/v1\/datasets\/ercot_lmp_by_settlement_point$/)).toBe(1);
    expectReadOnce(result);
  });
});

/** The requests a page's own module makes for `url`, awaited to the end of its chain. */
async function requestsFor(
  page: PageDef,
  url: string,
  param = '',
  queryClient = createQueryClient({ defaultOptions: { queries: { retry: false } } }),
): Promise<string[]> {
  vi.useFakeTimers({ toFake: ['Date'], now: TEST_NOW });
  setConnection({ mode: 'demo', baseUrl: '', apiKey: DEMO_API_KEY, remember: false });
  const sent = logRequests();
  await page.code.requests?.(queryClient, new URL(url, 'http://localhost').search, param);
  return sent;
}

describe('a link the page cannot read asks for nothing it would not', () => {
  it('Compare: no series of an unknown dataset, location or range, and nothing for an unreadable link', async () => {
    const week = { from: '2025-07-08', to: '2025-07-14' };
    const DA = 'ercot_spp_day_ahead_hourly';
    const sentFor = async (url: string) => {
      server.events.removeAllListeners();
      return requestsFor(PAGES.compare, url);
    };
    // The catalog is the page's whatever its series; no series is asked for.
    expect(await sentFor(compareHref({ ...week, A: dataSeries('A', 'no_such_dataset', 'spp') }))).toEqual([
      '/v1/datasets',
    ]);
    // A location the registry does not know, once the registry has answered (the page does not
    // wait for it either).
    const nowhere = compareHref({
      ...week,
      A: dataSeries('A', DA, 'spp', { filterColumn: 'location', filterValue: 'HB_NOWHERE' }),
    });
    const withRegistry = createQueryClient();
    await withRegistry.query(allPricingLocationsOptions());
    server.events.removeAllListeners();
    expect(await requestsFor(PAGES.compare, nowhere, '', withRegistry)).toEqual(['/v1/datasets']);
    const backwards = { from: week.to, to: week.from };
    expect(await sentFor(compareHref({ ...backwards, A: dataSeries('A', 'ercot_load', 'load') }))).toEqual([
      '/v1/datasets',
    ]);
    expect(await sentFor('/compare?A=%E0%A4%A&from=<script>')).toEqual([]);
  });

  it('the peak report: a day still to come asks for no report and no load', async () => {
    expect(await requestsFor(PAGES.dailyPeak, '/reports/daily-peak?date=2099-01-01')).toEqual([
      '/v1/datasets/ercot_load',
    ]);
  });

  it('a location: an undecodable id asks for nothing, an unknown one for its record (and the map’s basemap) alone', async () => {
    const sent = logRequests();
    const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false } } });
    await prefetchFirstScreen(queryClient, '/locations/%E0%A4%A', '');
    await PAGES.location.code.load();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual([]);
    server.events.removeAllListeners();
    expect(await requestsFor(PAGES.location, '/locations/ercot-nowhere', 'ercot-nowhere')).toEqual([
      '/basemap/texas.json',
      '/v1/pricing_locations/ercot-nowhere',
    ]);
  });

  it('the locations page: a crafted link’s unreadable settings fall back as on the page, and its text goes only into the API’s parameters', async () => {
    const crafted = `/locations?q=${'x'.repeat(300)}&page=abc&sort=evil&order=up&types=Trading+Hub`;
    const sent = await requestsFor(PAGES.locations, crafted);
    const asked = sent.filter((r) => !r.startsWith('/basemap/')).map((r) => new URL(r, 'http://x'));
    expect(asked.map((u) => Object.fromEntries(u.searchParams))).toEqual([
      {
        location_types: 'Trading Hub',
        sort_column: 'location',
        sort_order: 'asc',
        page: '1',
        page_size: '100',
      },
      { location_types: 'Trading Hub', has_geo: 'true', page_size: '5000' },
    ]);
    server.events.removeAllListeners();
    // Script in a filter is a filter value: sent as text, to the API alone.
    const script = await requestsFor(PAGES.locations, '/locations?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(
      script
        .filter((r) => r.startsWith('/v1/'))
        .map((r) => new URL(r, 'http://x').searchParams.get('search')),
    ).toEqual(['<script>alert(1)</script>', '<script>alert(1)</script>']);
  });

  it('a query link: no rows for an unknown dataset, an unreadable time or a range that moves with the clock', async () => {
    expect(await requestsFor(PAGES.query, '/datasets/no_such/query', 'no_such')).toEqual([
      '/v1/datasets/no_such',
    ]);
    server.events.removeAllListeners();
    const id = 'ercot_lmp_by_settlement_point';
    const sentFor = async (url: string) => {
      server.events.removeAllListeners();
      return requestsFor(PAGES.query, url, id);
    };
    expect(await sentFor(queryLink({ range: 'custom', start: 'not a time', end: '2025-07-14' }))).toEqual([
      `/v1/datasets/${id}`,
    ]);
    expect(await sentFor(queryLink({ range: 'last_24h' }))).toEqual([`/v1/datasets/${id}`]);
  });
});
