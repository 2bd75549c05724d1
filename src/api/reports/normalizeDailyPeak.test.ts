import { normalizeDailyPeak } from './normalizeDailyPeak';

describe('normalizeDailyPeak', () => {
  const peak = { peak_load_mw: 71234.5, peak_time_utc: '2024-07-14T21:35:00+00:00' };

  it("reads the seed's shape and the hosted one into the same report", () => {
    const fromSeed = normalizeDailyPeak({ iso: 'ercot', date: '2024-07-14', ...peak });
    const fromHosted = normalizeDailyPeak({ ISO: 'ERCOT', market_date: '2024-07-14', ...peak });
    const value = { loadMw: 71234.5, timeUtc: '2024-07-14T21:35:00+00:00' };
    expect(fromSeed).toEqual({ iso: 'ercot', date: '2024-07-14', peak: { reported: true, value } });
    expect(fromHosted).toEqual({ iso: 'ERCOT', date: '2024-07-14', peak: { reported: true, value } });
  });

  it('says the peak is not in a hosted report that lacks it', () => {
    expect(normalizeDailyPeak({ ISO: 'ERCOT', market_date: '2024-07-14' }).peak).toEqual({
      reported: false,
      why: "This server's report does not include the peak load.",
    });
  });
});
