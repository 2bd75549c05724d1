// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_API_KEY, setConnection } from '@/api/connection';
import { DATASET_IDS } from '@/contract';
import { dailyPeakViewDescriptor } from './viewDescriptor';

const INPUT = {
  path: '/reports/daily-peak?date=2025-07-10&from=2025-07-01&to=2025-07-14',
  iso: 'ercot',
  linkDate: '2025-07-10',
  date: '2025-07-10',
  range: { from: '2025-07-01', to: '2025-07-14' },
};

afterEach(() => {
  setConnection({ mode: 'demo', baseUrl: '', apiKey: DEMO_API_KEY, remember: false });
});

describe('the peak report as a saved view', () => {
  it('names the day and range, with the report and both load queries', () => {
    const view = dailyPeakViewDescriptor({ ...INPUT, server: 'https://api.example.com' });
    expect(view).toMatchObject({
      kind: 'dailyPeak',
      path: INPUT.path,
      suggestedName: 'Daily peak report · 2025-07-10',
      datasets: [DATASET_IDS.load],
      timeRange: 'market day 2025-07-10; daily peaks 2025-07-01 → 2025-07-14 (US/Central)',
    });
    const urls = view.requests.map((r) => new URL(r.url));
    expect(urls[0]?.pathname).toMatch(/ercot/);
    expect(urls[0]?.searchParams.get('date')).toBe('2025-07-10');
    expect(urls[1]?.searchParams.get('start_time')).toBe('2025-07-10');
    expect(urls[2]?.searchParams.get('resample_function')).toBe('max');
  });

  it('saves "the latest day" when the link names none, and never carries the key', () => {
    const key = 'sk-live-SECRET-7890';
    setConnection({ mode: 'remote', baseUrl: 'https://grid.example.org', apiKey: key, remember: false });
    const view = dailyPeakViewDescriptor({ ...INPUT, linkDate: '', range: null });
    expect(view.suggestedName).toBe('Daily peak report · latest day');
    expect(view.timeRange).toBe('the latest complete market day');
    expect(new URL(view.requests[0]?.url ?? '').searchParams.has('date')).toBe(false);
    const text = JSON.stringify(view);
    expect(text).not.toContain(key);
    expect(text).not.toMatch(/api[_-]?key/i);
  });
});
