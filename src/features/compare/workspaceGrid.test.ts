import { readUrlState } from '@/lib/urlState';
import { compareUrlState, dataSeries, type CompareState } from '@/compare/compareWorkspace';
import { SPP_DATASET } from '@/test/sppDataset';
import { gridCadenceFor, MAX_GRID_BUCKETS, workspaceGrid, workspaceRange } from './workspaceGrid';

const NOW = Date.UTC(2025, 6, 15, 20);
const workspace = (patch: Partial<CompareState>): CompareState => ({
  ...readUrlState(compareUrlState, new URLSearchParams()).state,
  ...patch,
});

describe("the workspace's grid", () => {
  it('covers the last seven complete market days when no range is given', () => {
    expect(workspaceRange(workspace({}), NOW)).toEqual({ from: '2025-07-08', to: '2025-07-14' });
  });

  it('takes the coarsest cadence of its datasets on auto, hourly when it knows none', () => {
    const datasets = new Map([[SPP_DATASET.id, SPP_DATASET]]);
    const A = dataSeries('A', SPP_DATASET.id, 'spp');
    expect(gridCadenceFor(workspace({ A, grid: 'auto' }), datasets)).toBe('15min');
    expect(gridCadenceFor(workspace({ A, grid: 'auto' }), new Map())).toBe('1h');
    expect(gridCadenceFor(workspace({ A, grid: '1d' }), datasets)).toBe('1d');
  });

  it('refuses a range that ends before it starts, an unknown zone and too many intervals', () => {
    const at = (patch: Partial<CompareState>, cadence: '5min' | '1h' = '1h') =>
      workspaceGrid(workspace(patch), cadence, NOW);
    expect(at({ from: '2025-07-10', to: '2025-07-09' }).error).toBe('The range ends before it starts.');
    expect(at({ tz: 'Mars/Olympus' }).error).toBe('Unknown time zone: Mars/Olympus');
    const long = at({ from: '2024-01-01', to: '2025-07-01', tz: 'UTC' }, '5min');
    expect(long.grid).toBeNull();
    expect(long.error).toContain(`at most ${MAX_GRID_BUCKETS.toLocaleString('en-US')}`);
  });

  it('builds the grid over the range in the zone', () => {
    const { grid, error } = workspaceGrid(
      workspace({ from: '2025-07-01', to: '2025-07-02', tz: 'UTC' }),
      '1h',
      NOW,
    );
    expect(error).toBeNull();
    expect(grid?.times.length).toBe(48);
    expect(grid?.times[0]).toBe(Date.UTC(2025, 6, 1));
  });
});
