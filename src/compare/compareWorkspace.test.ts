import fc from 'fast-check';
import { readUrlState, writeUrlState } from '@/lib/urlState';
import { linkSettingsText } from '@/lib/linkSettings';
import { compareHref, compareLinkSettings, dataSeries } from './compareWorkspace';
import { compareUrlState, formatSeries, parseSeries, seriesOf } from './compareWorkspace';

describe('the compare workspace in the URL', () => {
  it('writes each series under its letter, readably', () => {
    const href = compareHref({
      A: dataSeries('A', 'ercot_spp_day_ahead_hourly', 'spp', {
        filterColumn: 'location',
        filterValue: 'HB_HOUSTON',
      }),
      B: dataSeries('B', 'ercot_load', 'load', { shift: -364, fn: 'max' }),
      C: { kind: 'expr', key: 'C', expr: 'A - B' },
    });
    const params = new URL(href, 'http://x').searchParams;
    expect(params.get('A')).toBe('ercot_spp_day_ahead_hourly:spp;location=HB_HOUSTON');
    expect(params.get('B')).toBe('ercot_load:load;fn=max;shift=-364');
    expect(params.get('C')).toBe('expr:A - B');
  });

  it('reads back exactly what it wrote, whatever the location name holds', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }).filter((s) => s.trim() !== '' && s === s.trim()),
        fc.integer({ min: -3660, max: 3660 }),
        fc.option(fc.integer({ min: 1, max: 168 }), { nil: null }),
        (location, shift, lead) => {
          const spec = dataSeries('D', 'ercot_lmp_by_settlement_point', 'lmp', {
            filterColumn: 'location',
            filterValue: location,
            shift,
            lead,
          });
          expect(parseSeries('D', formatSeries(spec))).toEqual(spec);
          const url = writeUrlState(compareUrlState, { D: spec });
          expect(readUrlState(compareUrlState, new URLSearchParams(url.toString())).state.D).toEqual(spec);
        },
      ),
    );
  });

  it('refuses a crafted series but keeps the rest of the link', () => {
    const { state, invalid } = readUrlState(
      compareUrlState,
      new URLSearchParams(
        'A=ercot_load:load&B=ercot_load:load;shift=99999&C=../../etc:x&D=ercot_load:load;fn=eval&tz=US/Central',
      ),
    );
    expect(state.A).toMatchObject({ dataset: 'ercot_load', column: 'load' });
    expect(invalid.sort()).toEqual(['B', 'C', 'D']);
    expect(seriesOf(state).map((s) => s.key)).toEqual(['A']);
  });

  it('refuses control characters in a series, also when the link encodes them twice', () => {
    const { state, invalid } = readUrlState(
      compareUrlState,
      new URLSearchParams(
        'A=ercot_load:load&B=ercot_lmp_by_settlement_point:lmp;location=HB_NORTH%250Aimport%2520os&C=expr:A%0A-B&D=ercot_lmp_by_settlement_point:lmp;location=HB%25E2%2580%25A8X',
      ),
    );
    expect(invalid).toEqual(['B', 'C', 'D']);
    expect(seriesOf(state).map((s) => s.key)).toEqual(['A']);
    expect(parseSeries('B', 'ercot_lmp_by_settlement_point:lmp;location=HB_NORTH%0Aimport%20os')).toBeNull();
  });

  it('names what a link held that it could not use, and a series of a dataset the catalog lacks once it is known', () => {
    const params = new URLSearchParams('from=2026-13-45&A=garbage&s=garbage&B=nope:x&view=table');
    const { state, invalid } = readUrlState(compareUrlState, params);
    const used = { from: '2025-07-08', to: '2025-07-14' };
    expect(linkSettingsText(compareLinkSettings(params, invalid, used, state, null))).toBe(
      'Some settings in the link could not be read and were not used: series A (“garbage” is not a series (dataset:column, or expr: and an expression); left out), from (“2026-13-45” is not a real date (YYYY-MM-DD); 2025-07-08 was used instead), view (“table” is not a view (chart, heatmap, profile, forecast, code); the chart was shown), “s” (not a setting of this page; left out).',
    );
    const catalog = new Set(['ercot_load']);
    expect(compareLinkSettings(params, invalid, used, state, catalog).at(-1)).toEqual({
      label: 'series B',
      problem: 'there is no dataset “nope”',
      instead: 'not drawn',
    });
  });

  it('keeps the stack in the link, and falls back to lines on a value it cannot read', () => {
    expect(compareHref({ stack: 'on' })).toBe('/compare?stack=on');
    expect(compareHref({ stack: 'off' })).toBe('/compare');
    const params = new URLSearchParams('stack=yes');
    const { state, invalid } = readUrlState(compareUrlState, params);
    expect(state.stack).toBe('off');
    expect(linkSettingsText(compareLinkSettings(params, invalid, { from: '', to: '' }, state, null))).toBe(
      'Some settings in the link could not be read and were not used: stack (“yes” is not on or off; the series were drawn as lines).',
    );
  });
});
