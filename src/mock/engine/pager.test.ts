import { decodeCursor } from './cursor';
import { pageMeta, pagerFor } from './pager';
import { planQuery } from './plan';
import { readQueryParams } from './plan/queryParams';
import { load5 } from './testDatasets';

const planOf = (query: string) => planQuery(load5, readQueryParams(new URLSearchParams(query)));

describe('pager', () => {
  it('collects the page and one row more, which says a next page exists', () => {
    const plan = planOf('page_size=2');
    const pager = pagerFor(plan, 1);
    expect(pager.take([1], 1, 0)).toBe(true);
    expect(pager.take([2], 2, 0)).toBe(true);
    expect(pager.take([3], 3, 0)).toBe(false);
    expect(pageMeta(plan, pager)).toMatchObject({ page: 1, page_size: 2, hasNextPage: true, cursor: null });
  });

  it('never collects past limit', () => {
    const plan = planOf('page=2&page_size=3&limit=5');
    const pager = pagerFor(plan, 1);
    expect([pager.count, pager.want]).toEqual([2, 2]);
  });

  it('passes over the rows before the page by count in offset mode', () => {
    const pager = pagerFor(planOf('page=2&page_size=2'), 1);
    expect([pager.before(1, 0), pager.before(2, 0), pager.before(3, 0)]).toEqual([true, true, false]);
  });

  it("issues a cursor at the extra row's position, bound to the query", () => {
    const plan = planOf('page_size=1&cursor=');
    const pager = pagerFor(plan, 1);
    pager.take([1], 100, 0);
    pager.take([2], 200, 3);
    const cursor = pageMeta(plan, pager).cursor;
    expect(cursor).not.toBeNull();
    expect(decodeCursor(cursor ?? '', plan.fingerprint)).toEqual({ offset: 1, position: { t: 200, i: 3 } });
  });

  it('passes over the rows before a cursor by position, in walking order', () => {
    const first = planOf('page_size=1&cursor=');
    const pager = pagerFor(first, -1);
    pager.take([1], 100, 0);
    pager.take([2], 50, 1);
    const next = planOf(`page_size=1&cursor=${pageMeta(first, pager).cursor ?? ''}`);
    const resumed = pagerFor(next, -1);
    expect([
      resumed.before(60, 0),
      resumed.before(50, 0),
      resumed.before(50, 1),
      resumed.before(40, 0),
    ]).toEqual([true, true, false, false]);
  });
});
