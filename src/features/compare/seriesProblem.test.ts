import { dataSeries } from '@/compare/compareWorkspace';
import { SPP_DATASET } from '@/test/sppDataset';
import { seriesLabel, shownLabel } from './seriesLabel';
import { seriesProblem } from './seriesProblem';

describe('what a data series cannot ask for', () => {
  const spp = (extra: Parameters<typeof dataSeries>[3] = {}, column = 'spp') =>
    dataSeries('A', SPP_DATASET.id, column, extra);

  it('names the missing dataset, column or filter column, and a column that is not a number', () => {
    expect(seriesProblem(spp(), undefined, null)).toBe(`There is no dataset ${SPP_DATASET.id}.`);
    expect(seriesProblem(spp({}, 'lmp'), SPP_DATASET, null)).toBe(
      'ERCOT SPP Real Time 15 Min has no column lmp.',
    );
    expect(seriesProblem(spp({}, 'market'), SPP_DATASET, null)).toBe('market is not a number column.');
    expect(seriesProblem(spp({ filterColumn: 'node', filterValue: 'X' }), SPP_DATASET, null)).toBe(
      'ERCOT SPP Real Time 15 Min has no column node to filter on.',
    );
  });

  it('names a location the registry does not know, after the definition itself', () => {
    const unknown = { value: 'HB_NOPE', suggestions: ['HB_NORTH'] };
    expect(seriesProblem(spp(), SPP_DATASET, unknown)).toBe('No location named “HB_NOPE”.');
    expect(seriesProblem(spp(), SPP_DATASET, null)).toBeNull();
  });
});

describe("a series' label", () => {
  it('reads the dataset without its market, then the filter, lead and shift', () => {
    const spec = dataSeries('B', SPP_DATASET.id, 'spp', { filterValue: 'HB_NORTH', shift: -7 });
    expect(seriesLabel(spec, SPP_DATASET)).toBe('B: SPP Real Time 15 Min · spp · HB_NORTH · shifted -7 d');
    expect(seriesLabel({ kind: 'expr', key: 'C', expr: 'A - B' }, undefined)).toBe('C = A - B');
  });

  it('says when the field holds text not applied yet', () => {
    expect(shownLabel({ label: 'C = A - B', editing: null })).toBe('C = A - B');
    expect(shownLabel({ label: 'C = A - B', editing: { text: ' A + ', problem: 'x' } })).toBe(
      'C = A - B (editing “A +”: not applied yet)',
    );
  });
});
