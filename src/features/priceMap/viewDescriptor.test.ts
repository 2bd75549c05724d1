// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_API_KEY, setConnection } from '@/api/connection';
import { priceMapViewDescriptor } from './viewDescriptor';

const RT = { dataset: 'ercot_lmp_real_time_5_min', column: 'lmp', time: '2025-07-15T19:00:00Z' };
const DA = { dataset: 'ercot_lmp_day_ahead_hourly', column: 'lmp', time: '2025-07-15T19:00:00Z' };
const INPUT = {
  path: '/price-map?ds=ercot_lmp_real_time_5_min&m=dart&day=2025-07-15&i=168',
  dataset: { id: RT.dataset, name: 'ERCOT LMP Real Time 5 Min' },
  measure: 'dart' as const,
  hub: 'HB_NORTH',
  day: '2025-07-15',
  when: '2025-07-15 14:00 CDT',
  snapshots: [RT, DA],
};

afterEach(() => {
  setConnection({ mode: 'demo', baseUrl: '', apiKey: DEMO_API_KEY, remember: false });
});

describe('the price map as a saved view', () => {
  it('names the measure, market and interval shown, with the snapshot requests behind it', () => {
    const view = priceMapViewDescriptor({ ...INPUT, server: 'https://api.example.com' });
    expect(view).toMatchObject({
      kind: 'priceMap',
      path: INPUT.path,
      suggestedName:
        'Price map · DART (real-time − day-ahead) · ERCOT LMP Real Time 5 Min · 2025-07-15 14:00 CDT',
      datasets: [RT.dataset, DA.dataset],
      timeRange: '2025-07-15 14:00 CDT',
      sparkline: null,
    });
    const url = new URL(view.requests[0]?.url ?? '');
    expect(url.pathname).toBe(`/v1/datasets/${RT.dataset}/query`);
    expect(url.searchParams.get('time')).toBe(RT.time);
    expect(url.searchParams.get('columns')).toBe('location,lmp');
  });

  it('says the day before an interval is known, and never carries the key', () => {
    const key = 'sk-live-SECRET-9012';
    setConnection({ mode: 'remote', baseUrl: 'https://grid.example.org', apiKey: key, remember: false });
    const view = priceMapViewDescriptor({ ...INPUT, measure: 'basis', when: '', snapshots: [RT, null] });
    expect(view.timeRange).toBe('market day 2025-07-15');
    expect(view.suggestedName).toContain('Basis to HB_NORTH');
    const text = JSON.stringify(view);
    expect(text).toContain('https://grid.example.org/v1/datasets/');
    expect(text).not.toContain(key);
    expect(text).not.toMatch(/api[_-]?key/i);
  });
});
