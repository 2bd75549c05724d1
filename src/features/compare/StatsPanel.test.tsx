// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { dataSeries } from '@/compare/compareWorkspace';
import { buildGrid } from './grid';
import type { SeriesResult } from './seriesResult';
import { StatsPanel } from './StatsPanel';

const grid = buildGrid('2025-07-08', '2025-07-08', '1h', 'US/Central');

/** A series as the page holds it once its request has settled one way or another. */
function series(key: 'A' | 'B' | 'C' | 'D' | 'E', over: Partial<SeriesResult>): SeriesResult {
  return {
    spec: dataSeries(key, 'ercot_fuel_mix', 'wind'),
    label: `${key}: Fuel Mix · wind`,
    unit: 'MW',
    values: null,
    loading: false,
    error: null,
    progress: null,
    capped: false,
    cancelled: false,
    unknownLocation: null,
    emptied: null,
    editing: null,
    ...over,
  };
}

describe('the statistics table', () => {
  it('marks a capped series’ row, and names each series without a row with why', () => {
    const values = Float64Array.from(grid.times, (_, i) => 100 + i);
    render(
      <StatsPanel
        grid={grid}
        now={grid.end}
        pair="A,B"
        onPair={() => undefined}
        series={[
          series('A', { values, capped: true }),
          series('B', { loading: true }),
          series('C', { error: new Error('down') }),
          series('D', { cancelled: true }),
          // No grid yet (the catalog is on its way): neither loading nor failed.
          series('E', {}),
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Statistics of each series over the range' });
    // Its statistics are of the rows that came, not the range: the row says so.
    expect(
      within(table).getByRole('row', { name: /^A: Fuel Mix · wind \(capped: its first rows only\)/ }),
    ).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByTestId('stats-waiting')).toHaveTextContent(
      'Not in the table: B (loading); C (failed, as its panel says); D (stopped); E (on its way).',
    );
    // A range wholly begun: nothing is yet to come.
    expect(screen.queryByTestId('stats-to-come')).toBeNull();
  });
});
