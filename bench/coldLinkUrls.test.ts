import { compareUrlState, seriesOf } from '@/compare/compareWorkspace';
import { readUrlState } from '@/lib/urlState';
import { priceMapUrlState } from '../src/features/priceMap/priceMapUrlState';
import { readQueryState } from '../src/features/query/queryUrl';
import { dailyPeakUrlState } from '../src/features/reports/dailyPeakUrlState';
import { COLD_LINKS, LINK_DAY } from './coldLinkUrls';

/** The link's search, read back by the page's own reader: what the page will show, not what was meant. */
const searchOf = (href: string) => new URL(href, 'http://bench.invalid').searchParams;

describe('the cold links', () => {
  it('open the query builder on HB_NORTH for a fixed week, hourly, with nothing set aside', () => {
    const read = readQueryState(searchOf(COLD_LINKS.query));
    expect(read.unread).toEqual([]);
    expect(read.state).toMatchObject({
      range: 'custom',
      start: '2025-07-09',
      end: '2025-07-16',
      fcol: 'location',
      fval: 'HB_NORTH',
      rs: '1h',
    });
  });

  it('open Compare on the DART preset over the week ending on the link day', () => {
    const { state, invalid } = readUrlState(compareUrlState, searchOf(COLD_LINKS.compare));
    expect(invalid).toEqual([]);
    expect(state.to).toBe(LINK_DAY);
    expect(state.from).toBe('2025-07-09');
    expect(
      seriesOf(state).map((s) => (s.kind === 'data' ? `${s.dataset}@${s.filterValue}` : s.expr)),
    ).toEqual(['ercot_spp_day_ahead_hourly@HB_HOUSTON', 'ercot_spp_real_time_15_min@HB_HOUSTON', 'A - B']);
  });

  it('pin the price map and the peak report to the link day, not to the clock', () => {
    const map = readUrlState(priceMapUrlState, searchOf(COLD_LINKS.priceMap));
    expect(map.invalid).toEqual([]);
    expect(map.state).toMatchObject({ day: LINK_DAY, i: 204 });
    const peak = readUrlState(dailyPeakUrlState, searchOf(COLD_LINKS.peakReport));
    expect(peak.state.date).toBe(LINK_DAY);
  });
});
