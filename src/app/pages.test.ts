import { VIEW_ROUTES } from '@/workspace/viewPath';
import { PAGES, pageAt } from './pages';

describe('the page at a path', () => {
  it('matches each route, parameters included, with or without a trailing slash', () => {
    expect(pageAt('/')).toBe(PAGES.catalog);
    expect(pageAt('/datasets/ercot_load')).toBe(PAGES.dataset);
    expect(pageAt('/datasets/ercot_load/query')).toBe(PAGES.query);
    expect(pageAt('/datasets/ercot_load/query/')).toBe(PAGES.query);
    expect(pageAt('/locations')).toBe(PAGES.locations);
    expect(pageAt('/locations/ABC123')).toBe(PAGES.location);
    expect(pageAt('/price-map')).toBe(PAGES.priceMap);
    expect(pageAt('/reports/daily-peak')).toBe(PAGES.dailyPeak);
    expect(pageAt('/library')).toBe(PAGES.library);
    expect(pageAt('/sql')).toBe(PAGES.sql);
    expect(pageAt('/today')).toBe(PAGES.today);
  });

  it('is none for a path no route has', () => {
    expect(pageAt('/datasets')).toBeUndefined();
    expect(pageAt('/datasets/a/b/c')).toBeUndefined();
    expect(pageAt('/nowhere')).toBeUndefined();
  });

  it('marks the pages whose first screen queries the engine', () => {
    const querying = Object.entries(PAGES)
      .filter(([, page]) => 'queries' in page && page.queries)
      .map(([name]) => name);
    expect(querying.sort()).toEqual(['compare', 'dailyPeak', 'priceMap', 'query', 'today']);
  });
});

describe('the routes a saved view may open', () => {
  it('are the routes of the pages of each kind', () => {
    for (const [kind, route] of Object.entries(VIEW_ROUTES)) {
      expect(PAGES[kind as keyof typeof VIEW_ROUTES].path).toBe(route);
    }
  });
});
