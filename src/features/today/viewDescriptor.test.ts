// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_API_KEY, setConnection } from '@/api/connection';
import { DATASET_IDS } from '@/contract';
import { todayViewDescriptor } from './viewDescriptor';

// Noon US/Central on the day shown: the reserves' day so far ends there.
const NOW = Date.parse('2025-07-14T17:00:00Z');

afterEach(() => {
  setConnection({ mode: 'demo', baseUrl: '', apiKey: DEMO_API_KEY, remember: false });
});

describe('the grid today as a saved view', () => {
  it('names the day the link names, with every panel’s request for it', () => {
    const path = '/today?date=2025-07-14';
    const view = todayViewDescriptor({
      path,
      linkDate: '2025-07-14',
      date: '2025-07-14',
      server: 'https://api.example.com',
      now: NOW,
    });
    expect(view).toMatchObject({
      kind: 'today',
      path,
      suggestedName: 'The grid today · 2025-07-14',
      timeRange: 'market day 2025-07-14',
      server: 'https://api.example.com',
    });
    expect(view.datasets).toEqual(
      expect.arrayContaining([
        DATASET_IDS.fuelMix,
        DATASET_IDS.load,
        DATASET_IDS.loadForecast,
        DATASET_IDS.realTimeSpp,
        DATASET_IDS.dayAheadSpp,
        DATASET_IDS.solarActualAndForecast,
        DATASET_IDS.windActualAndForecast,
        DATASET_IDS.ancillaryPrices,
        DATASET_IDS.realTimeAncillaryMonitor,
      ]),
    );
    expect(new Set(view.datasets).size).toBe(view.datasets.length);
    // Each request is a dataset query of the day, from the market's midnight (05:00 UTC in July).
    for (const request of view.requests) {
      const url = new URL(request.url);
      expect(url.origin).toBe('https://api.example.com');
      expect(url.pathname).toBe(`/v1/datasets/${request.dataset ?? ''}/query`);
      expect(url.searchParams.get('start_time')).toBe('2025-07-14T05:00:00+00:00');
    }
    expect(view.datasets.every((id) => view.requests.some((r) => r.dataset === id))).toBe(true);
  });

  it('saves "the current market day" when the link names none, and never carries the key', () => {
    const key = 'sk-live-SECRET-7890';
    setConnection({ mode: 'remote', baseUrl: 'https://grid.example.org', apiKey: key, remember: false });
    const view = todayViewDescriptor({ path: '/today', linkDate: '', date: '2025-07-14', now: NOW });
    expect(view.path).toBe('/today');
    expect(view.suggestedName).toBe('The grid today · current day');
    expect(view.timeRange).toBe('the current market day');
    expect(view.requests.every((r) => r.url.startsWith('https://grid.example.org/v1/'))).toBe(true);
    const text = JSON.stringify(view);
    expect(text).not.toContain(key);
    expect(text).not.toMatch(/api[_-]?key/i);
  });
});
