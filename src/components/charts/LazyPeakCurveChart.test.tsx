// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import { LazyPeakCurveChart } from './LazyPeakCurveChart';

const points = [0, 1, 2, 3, 4].map((i) => ({
  x: Date.UTC(2025, 6, 14, 5, i * 5),
  value: [50, 60, 72, 65, 55][i] ?? 0,
}));

describe('LazyPeakCurveChart', () => {
  it('draws the curve with its peak marked by a dot, a line and a label', async () => {
    const { container } = render(
      <LazyPeakCurveChart
        title="Load on 2025-07-14"
        valueLabel="Load"
        points={points}
        peak={points[2] ?? null}
        peakLabel="Peak 72 MW at 00:10"
        formatTime={(ms) => new Date(ms).toISOString().slice(11, 16)}
      />,
    );
    const chart = await screen.findByRole('img', { name: 'Load on 2025-07-14' });
    await waitFor(() => expect(container.querySelector('path.series-line')).not.toBeNull());
    expect(chart.querySelector('[data-mark="peak"] circle')).not.toBeNull();
    expect(chart.querySelector('[data-mark="peak"] line')).not.toBeNull();
    expect(screen.getByText('Peak 72 MW at 00:10')).toBeInTheDocument();
  });
});
