// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_API_KEY, setConnection } from '@/api/connection';
import { toColumnar } from '@/lib/columnar';
import { SPP_DATASET } from '@/test/sppDataset';
import { readQueryLink } from './queryLink';
import { presetRange, toApiParams } from './requestParams';
import { queryViewDescriptor } from './viewDescriptor';

const NOW = Date.parse('2025-07-16T12:00:00Z');
const SEARCH = 'v=1&fcol=location&fval=HB_NORTH&range=custom&start=2025-07-14&end=2025-07-15&tz=UTC&ps=500';
const PATH = `/datasets/${SPP_DATASET.id}/query?${SEARCH}`;

function describeLink(search: string, extra: { server?: string; rows?: ReturnType<typeof toColumnar> } = {}) {
  const link = readQueryLink(new URLSearchParams(search), SPP_DATASET, NOW);
  return queryViewDescriptor({
    dataset: SPP_DATASET,
    path: PATH,
    state: link.ready,
    range: link.ready ? presetRange(link.ready, SPP_DATASET, NOW) : null,
    params: toApiParams(link.request, SPP_DATASET, NOW),
    rows: extra.rows ?? null,
    server: extra.server,
  });
}

afterEach(() => {
  setConnection({ mode: 'demo', baseUrl: '', apiKey: DEMO_API_KEY, remember: false });
});

describe('the query builder as a saved view', () => {
  it('names it by the page’s summary and writes the request the export sidecar would', () => {
    const view = describeLink(SEARCH, { server: 'https://api.example.com/' });
    expect(view).toMatchObject({
      kind: 'query',
      path: PATH,
      suggestedName: 'ERCOT SPP Real Time 15 Min · location = HB_NORTH · 2025-07-14 → 2025-07-15 (UTC)',
      datasets: [SPP_DATASET.id],
      timeRange: '2025-07-14 → 2025-07-15 (UTC)',
      server: 'https://api.example.com/',
      sparkline: null,
    });
    expect(view.requests).toHaveLength(1);
    const url = new URL(view.requests[0]?.url ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(
      `https://api.example.com/v1/datasets/${SPP_DATASET.id}/query`,
    );
    expect(url.searchParams.get('filter_value')).toBe('HB_NORTH');
    // The whole query: no paging in the URL, though the page asked for pages of 500.
    expect(url.searchParams.has('page_size')).toBe(false);
    expect(view.requests[0]?.parameters).toMatchObject({
      filter_column: 'location',
      filter_value: 'HB_NORTH',
    });
  });

  it('draws at most 64 values of the first numeric column already loaded', () => {
    const rows = toColumnar(
      ['interval_start_utc', 'location', 'spp'],
      Array.from({ length: 200 }, (_, i) => [`2025-07-14T00:00:00+00:00`, 'HB_NORTH', i]),
    );
    const line = describeLink(SEARCH, { rows }).sparkline;
    expect(line).toHaveLength(64);
    expect(line?.[0]).toBe(0);
    expect(line?.[63]).toBe(199);
  });

  it('never carries the API key, even with a server and key of the user’s own', () => {
    const key = 'sk-live-SECRET-1234';
    setConnection({ mode: 'remote', baseUrl: 'https://grid.example.org', apiKey: key, remember: false });
    const text = JSON.stringify(describeLink(SEARCH));
    expect(text).toContain('https://grid.example.org/v1/datasets/');
    expect(text).not.toContain(key);
    expect(text).not.toMatch(/api[_-]?key/i);
  });
});
