import { Rejection } from '../rejection';
import { PRICE_LOCATIONS, prices15, START } from '../testDatasets';
import { resolveZone } from '../time';
import { planFilter } from './filterPlan';
import { planPages } from './pages';
import { readQueryParams } from './queryParams';
import { intersect, planTimeRange } from './timeRange';

const raw = (query: string) => readQueryParams(new URLSearchParams(query));
const UTC = resolveZone(undefined);
const ALL = { lo: Number.NEGATIVE_INFINITY, hi: Number.POSITIVE_INFINITY, latest: false };

describe('planning steps', () => {
  it('intersect narrows [lo, hi) by one comparison', () => {
    expect(intersect(0, 100, '=', 10)).toEqual([10, 11]);
    expect(intersect(0, 100, '>', 10)).toEqual([11, 100]);
    expect(intersect(0, 100, '<=', 10)).toEqual([0, 11]);
    expect(intersect(20, 100, '<', 10)).toEqual([20, 10]);
  });

  it('planTimeRange reads start_time inclusive, end_time exclusive, and time=latest', () => {
    expect(planTimeRange(raw('start_time=2024-01-01&end_time=2024-01-02'), UTC)).toEqual({
      lo: Date.UTC(2024, 0, 1),
      hi: Date.UTC(2024, 0, 2),
      latest: false,
    });
    expect(planTimeRange(raw('time=latest'), UTC)).toEqual({ ...ALL, latest: true });
    expect(() => planTimeRange(raw('time=latest&start_time=2024-01-01'), UTC)).toThrow(Rejection);
  });

  it('planPages applies the defaults and refuses a page below 1', () => {
    expect(planPages(raw(''))).toMatchObject({ order: 'asc', page: 1, limit: null });
    expect(() => planPages(raw('page=0'))).toThrow(Rejection);
  });

  it('planFilter turns a filter on the location column into the locations to walk', () => {
    const name = PRICE_LOCATIONS[0]?.location ?? '';
    const plan = planFilter(prices15, raw(`filter_column=location&filter_value=${name}`), UTC, ALL);
    expect(plan.locations?.map((l) => l.name)).toEqual([name]);
    expect(plan.rowFilter).toBeNull();
  });

  it('planFilter narrows the time range for a comparison on the time index', () => {
    const at = new Date(START).toISOString();
    const plan = planFilter(
      prices15,
      raw(`filter_column=interval_start_utc&filter_operator=>=&filter_value=${at}`),
      UTC,
      ALL,
    );
    expect([plan.lo, plan.hi, plan.rowFilter]).toEqual([START, Number.POSITIVE_INFINITY, null]);
  });

  it('planFilter makes any other filter a predicate on rows', () => {
    const plan = planFilter(prices15, raw('filter_column=spp&filter_operator=>&filter_value=40'), UTC, ALL);
    expect(plan.rowFilter).not.toBeNull();
  });
});
