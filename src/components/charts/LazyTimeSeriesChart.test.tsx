// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LazyTimeSeriesChart } from '@/components/charts/LazyTimeSeriesChart';

if (typeof globalThis.ResizeObserver !== 'function') {
  globalThis.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}

const points = (offset: number) =>
  Array.from({ length: 5000 }, (_, i) => ({ x: i * 300_000, y: offset + (i % 97) }));

describe('LazyTimeSeriesChart', () => {
  it('draws one toggleable line per series', async () => {
    const user = userEvent.setup();
    render(
      <LazyTimeSeriesChart
        title="spp over time"
        series={[
          { name: 'HB_NORTH', points: points(0) },
          { name: 'HB_WEST', points: points(10) },
        ]}
        formatTime={(ms) => new Date(ms).toISOString()}
      />,
    );
    expect(await screen.findByRole('figure', { name: 'spp over time' })).toBeInTheDocument();
    const west = screen.getByRole('checkbox', { name: 'HB_WEST' });
    expect(west).toBeChecked();
    await user.click(west);
    expect(west).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'HB_NORTH' })).toBeChecked();
  });
});
