import { SPP_DATASET } from '@/test/sppDataset';
import { addToCompareHref, hubOfZone, lastDays, marketRange, nodeVsHub } from './compareLinks';

const NOW = Date.UTC(2025, 6, 15, 20);

describe('links into the Compare workspace', () => {
  it('counts the last complete market days before now', () => {
    expect(lastDays(7, NOW)).toEqual({ from: '2025-07-08', to: '2025-07-14' });
    expect(lastDays(1, NOW)).toEqual({ from: '2025-07-14', to: '2025-07-14' });
  });

  it("reads a query's bounds as the market dates they cover, at most a year", () => {
    expect(marketRange('2025-07-01T05:00:00Z', '2025-07-03T05:00:00Z')).toEqual({
      from: '2025-07-01',
      to: '2025-07-02',
    });
    // Without an offset, in the query's zone: market midnight to market midnight.
    expect(marketRange('2025-07-01', '2025-07-03', 'US/Central')).toEqual({
      from: '2025-07-01',
      to: '2025-07-02',
    });
    expect(marketRange('2023-01-01', '2025-07-01', 'US/Central')).toEqual({
      from: '2024-06-30',
      to: '2025-06-30',
    });
    expect(marketRange('2025-07-03', '2025-07-01')).toBeNull();
    expect(marketRange(undefined, '2025-07-01')).toBeNull();
  });

  it("settles a node against its load zone's hub, else the hub average", () => {
    expect(hubOfZone('LZ_WEST')).toBe('HB_WEST');
    expect(hubOfZone('DC_E')).toBe('HB_HUBAVG');
    expect(hubOfZone(null)).toBe('HB_HUBAVG');
  });

  it('opens a new workspace over the range when none is remembered', () => {
    const href = addToCompareHref(
      {
        dataset: SPP_DATASET.id,
        column: 'spp',
        filterColumn: '',
        filterValue: '',
        fn: 'mean',
        shift: 0,
        lead: null,
      },
      { from: '2025-07-01', to: '2025-07-02' },
    );
    const params = new URL(href, 'http://x').searchParams;
    expect(params.get('A')).toBe(`${SPP_DATASET.id}:spp`);
    expect(params.get('from')).toBe('2025-07-01');
  });

  it('puts a node beside its hub with the basis between them', () => {
    const state = nodeVsHub('NODE_1', 'HB_WEST', NOW);
    expect(state.A).toMatchObject({ filterValue: 'NODE_1', column: 'lmp' });
    expect(state.B).toMatchObject({ filterValue: 'HB_WEST', column: 'lmp' });
    expect(state.C).toEqual({ kind: 'expr', key: 'C', expr: 'A - B' });
  });
});
