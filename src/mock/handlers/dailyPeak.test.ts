import type { DailyPeakReport, ErrorBody } from '@/contract';
import { createMockApi } from '../createMockApi';
import { getDataset } from '../data/catalog';
import { parseCalendarDate } from './dailyPeak';

/** 2024-07-15 12:30 CDT: the latest complete market day is 2024-07-14. */
const NOW = Date.UTC(2024, 6, 15, 17, 30);
let clock = NOW;
// The real API with every route; unexpected errors surface in the test.
const api = createMockApi({ now: () => clock, rateLimits: false, onError: (error) => console.error(error) });
afterEach(() => {
  clock = NOW;
});

function get(path: string, key = 'test-key'): Promise<Response> {
  const url = new URL(`http://mock.test${path}`);
  return api.handle(new Request(url, { headers: { 'x-api-key': key } }));
}

async function report(path: string, key = 'test-key'): Promise<DailyPeakReport> {
  const response = await get(path, key);
  expect(response.status, path).toBe(200);
  return (await response.json()) as DailyPeakReport;
}

async function problem(
  path: string,
  key = 'test-key',
): Promise<{ status: number; detail: ErrorBody['detail'] }> {
  const response = await get(path, key);
  return { status: response.status, detail: ((await response.json()) as ErrorBody).detail };
}

const chicagoDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Chicago',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The peak by brute force, independent of the mock's own zone arithmetic: every 5-minute row of
 * `ercot_load` in a generous UTC window, kept when Intl puts its start on `date` in Chicago.
 */
function bruteForcePeak(date: string): { peak: number; at: string; rows: number } {
  const def = getDataset('ercot_load');
  if (def === undefined) throw new Error('ercot_load exists');
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  let peak = -Infinity;
  let at = '';
  let rows = 0;
  for (let t = Date.UTC(y, m - 1, d, 0); t < Date.UTC(y, m - 1, d + 1, 12); t += 5 * 60_000) {
    if (chicagoDate.format(t) !== date) continue;
    rows++;
    const [start, , load] = def.row(t, null, null);
    if (typeof load === 'number' && typeof start === 'number' && load > peak) {
      peak = load;
      at = new Date(start).toISOString().replace('.000Z', '+00:00');
    }
  }
  return { peak, at, rows };
}

describe('GET /v1/reports/daily_peak/{iso}', () => {
  it('answers the maximum load of the market day and the start of its first interval', async () => {
    for (const date of ['2023-01-01', '2023-08-10', '2024-01-16', '2024-07-14']) {
      const expected = bruteForcePeak(date);
      expect(expected.rows).toBe(288);
      expect(await report(`/v1/reports/daily_peak/ercot?date=${date}`)).toEqual({
        iso: 'ercot',
        date,
        peak_load_mw: expected.peak,
        peak_time_utc: expected.at,
      });
    }
  });

  it('covers 23 hours on the spring DST day and 25 on the autumn one', async () => {
    for (const [date, rows] of [
      ['2024-03-10', 276],
      ['2024-11-03', 300],
      ['2023-03-12', 276],
      ['2023-11-05', 300],
    ] as const) {
      clock = Date.UTC(2025, 0, 10);
      const expected = bruteForcePeak(date);
      expect(expected.rows, date).toBe(rows);
      const body = await report(`/v1/reports/daily_peak/ercot?date=${date}`);
      expect(body.peak_load_mw, date).toBe(expected.peak);
      expect(body.peak_time_utc, date).toBe(expected.at);
    }
  });

  it('gives realistic figures: a summer afternoon peak in the 35–85 GW range', async () => {
    const body = await report('/v1/reports/daily_peak/ercot?date=2024-07-14');
    expect(body.peak_load_mw).toBeGreaterThan(35_000);
    expect(body.peak_load_mw).toBeLessThan(85_000);
    expect(body.peak_time_utc).toMatch(/^2024-07-1[45]T\d\d:\d\d:00\+00:00$/);
  });

  it('defaults to the latest complete market day, which turns over at market midnight', async () => {
    expect((await report('/v1/reports/daily_peak/ercot')).date).toBe('2024-07-14');
    clock = Date.UTC(2024, 6, 16, 4, 59, 59); // 23:59:59 CDT on the 15th
    expect((await report('/v1/reports/daily_peak/ercot')).date).toBe('2024-07-14');
    clock = Date.UTC(2024, 6, 16, 5); // midnight CDT
    const body = await report('/v1/reports/daily_peak/ercot');
    expect(body.date).toBe('2024-07-15');
    expect(body).toEqual(await report('/v1/reports/daily_peak/ercot?date=2024-07-15'));
  });

  it('accepts the market in any case and a trailing slash', async () => {
    expect((await report('/v1/reports/daily_peak/ERCOT/?date=2024-02-29')).iso).toBe('ercot');
  });

  it('answers 404 for another market, echoing it', async () => {
    expect(await problem('/v1/reports/daily_peak/CAISO')).toEqual({
      status: 404,
      detail: "No daily peak report for market 'CAISO'. Supported: ercot.",
    });
  });

  it('answers 404 naming the date and the range for a day without a complete report', async () => {
    for (const date of ['2022-12-31', '2024-07-15', '2030-01-01']) {
      const answer = await problem(`/v1/reports/daily_peak/ercot?date=${date}`);
      expect(answer.status, date).toBe(404);
      expect(answer.detail).toBe(
        `No daily peak report for ${date}: reports cover the complete market days from 2023-01-01 to 2024-07-14.`,
      );
    }
  });

  it('answers 422 for a date that is not a real YYYY-MM-DD calendar date', async () => {
    for (const input of [
      '2024-02-30',
      '2023-02-29',
      '2024-13-01',
      '2024-00-10',
      '2024-1-5',
      '20240105',
      'yesterday',
      '2024-07-14T00:00',
    ]) {
      const answer = await problem(`/v1/reports/daily_peak/ercot?date=${encodeURIComponent(input)}`);
      expect(answer, input).toEqual({
        status: 422,
        detail: [
          {
            loc: ['query', 'date'],
            msg: 'Input should be a valid date',
            type: 'date_from_datetime_parsing',
            input,
          },
        ],
      });
    }
    // The type check comes before the market's 404.
    expect((await problem('/v1/reports/daily_peak/caiso?date=bad')).status).toBe(422);
    expect(parseCalendarDate('2000-02-29')).toBe('2000-02-29');
    expect(parseCalendarDate('1900-02-29')).toBeUndefined();
  });

  it('refuses the free plan with 403, but only after the type and resource checks', async () => {
    expect(await problem('/v1/reports/daily_peak/ercot', 'free-key')).toEqual({
      status: 403,
      detail: 'The daily peak report requires a paid plan.',
    });
    expect((await problem('/v1/reports/daily_peak/ercot?date=soon', 'free-key')).status).toBe(422);
    expect((await problem('/v1/reports/daily_peak/pjm', 'free-key')).status).toBe(404);
    expect((await problem('/v1/reports/daily_peak/ercot?date=2020-01-01', 'free-key')).status).toBe(404);
    expect((await report('/v1/reports/daily_peak/ercot', 'demo-key')).date).toBe('2024-07-14');
  });

  it('refuses the free plan before computing the report: not one row of load is generated for it', async () => {
    const load = getDataset('ercot_load');
    if (load === undefined) throw new Error('ercot_load exists');
    const row = vi.spyOn(load, 'row');
    try {
      expect((await problem('/v1/reports/daily_peak/ercot?date=2024-07-10', 'free-key')).status).toBe(403);
      expect(row).not.toHaveBeenCalled();
      await report('/v1/reports/daily_peak/ercot?date=2024-07-10');
      expect(row).toHaveBeenCalled();
    } finally {
      row.mockRestore();
    }
  });
});
