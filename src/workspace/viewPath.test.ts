import { describe, expect, it } from 'vitest';
import { isOpenablePath, isSafeViewPath, MAX_VIEW_PATH, viewKindOf } from './viewPath';

describe('a saved view path the library will follow', () => {
  it.each([
    ['query', '/datasets/ercot_spp/query?locations=HB_NORTH&start=2026-11-18T00%3A00%3A00-06%3A00'],
    ['query', '/datasets/ercot_load/query'],
    ['compare', '/compare?s=ercot_spp%3AHB_NORTH&range=7d'],
    ['priceMap', '/price-map?date=2026-11-18&step=12'],
    ['locations', '/locations?q=hub'],
    ['location', '/locations/ercot-hb_north'],
    ['location', '/locations/ercot%20hub%3Anorth'],
    ['dailyPeak', '/reports/daily-peak?date=2026-11-18'],
    ['today', '/today'],
    ['today', '/today?date=2025-07-14'],
  ] as const)('follows the %s page at %s', (kind, path) => {
    expect(isSafeViewPath(kind, path)).toBe(true);
  });

  it.each([
    ['another origin', '//evil.com/compare'],
    ['another origin behind a backslash', '/\\evil.com'],
    ['a backslash in the query', '/compare?x=\\evil'],
    ['a scheme', 'javascript:alert(1)'],
    ['a scheme with a slash', 'javascript:/compare'],
    ['a full URL', 'https://evil.com/compare'],
    ['a relative path', 'compare'],
    ['an empty path', ''],
    ['a fragment', '/compare#x'],
    ['white space', '/compare?x= y'],
    ['a newline', '/compare\n//evil.com'],
    ['a tab in the scheme', 'java\tscript:alert(1)'],
    ['another page', '/settings'],
    ['a trailing segment', '/compare/extra'],
    ['a trailing slash', '/compare/'],
    ['a prefix of the route', '/comp'],
  ])('refuses %s', (_what, path) => {
    expect(isSafeViewPath('compare', path)).toBe(false);
  });

  it.each([
    ['an encoded slash', '/locations/%2F%2Fevil.com'],
    ['an encoded backslash', '/locations/%5Cevil.com'],
    ['a dot segment', '/locations/..'],
    ['an encoded dot segment', '/locations/%2e%2e'],
    ['a lone percent', '/locations/50%'],
    ['a broken escape', '/locations/%E0%A4%A'],
    ['an encoded control character', '/locations/a%00b'],
    ['an empty parameter', '/locations/'],
  ])('refuses a location with %s', (_what, path) => {
    expect(isSafeViewPath('location', path)).toBe(false);
  });

  it('refuses a query view whose dataset climbs out of its segment', () => {
    expect(isSafeViewPath('query', '/datasets/../settings/query')).toBe(false);
    expect(isSafeViewPath('query', '/datasets/a%2Fb/query')).toBe(false);
    expect(isSafeViewPath('query', '/datasets//query')).toBe(false);
  });

  it('holds each kind to its own route', () => {
    expect(isSafeViewPath('query', '/compare')).toBe(false);
    expect(isSafeViewPath('locations', '/locations/ercot-hb_north')).toBe(false);
    expect(isSafeViewPath('location', '/locations')).toBe(false);
  });

  it('refuses a path longer than any page writes, and anything not a string', () => {
    const long = `/compare?x=${'a'.repeat(MAX_VIEW_PATH)}`;
    expect(isSafeViewPath('compare', long)).toBe(false);
    expect(isSafeViewPath('compare', `/compare?x=${'a'.repeat(MAX_VIEW_PATH - 20)}`)).toBe(true);
    expect(isSafeViewPath('compare', null)).toBe(false);
    expect(isSafeViewPath('compare', ['/compare'])).toBe(false);
  });
});

describe('a history entry’s page', () => {
  it('is known by its route alone, and opened only when that route is safe', () => {
    expect(viewKindOf('/datasets/ercot_spp/query?v=1')).toBe('query');
    expect(viewKindOf('/locations/ercot-hb_north')).toBe('location');
    expect(viewKindOf('/price-map/')).toBe('priceMap');
    expect(viewKindOf('/datasets/ercot_spp')).toBeNull();
    expect(viewKindOf('/')).toBeNull();
    expect(isOpenablePath('/reports/daily-peak?date=2026-11-17')).toBe(true);
    expect(isOpenablePath('/datasets/%2F%2Fevil.com/query')).toBe(false);
    expect(isOpenablePath('//evil.com/compare')).toBe(false);
    expect(isOpenablePath('/datasets/ercot_spp')).toBe(false);
  });
});
