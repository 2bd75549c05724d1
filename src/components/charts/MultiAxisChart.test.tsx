// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MultiAxisChart, type AxisSeries } from './MultiAxisChart';

const HOUR = 3_600_000;
const times = Float64Array.from({ length: 48 }, (_, i) => i * HOUR);
const series: AxisSeries[] = [
  { key: 'A', label: 'A', unit: '$/MWh', values: times.map((_, i) => 20 + (i % 5)), color: 0, axis: 'left' },
  { key: 'B', label: 'B', unit: 'MW', values: times.map((_, i) => 50_000 + i * 10), color: 1, axis: 'right' },
];

describe('MultiAxisChart', () => {
  it('draws one line per series against two unit axes, and its zoom bar zooms the grid by keyboard', async () => {
    const user = userEvent.setup();
    const windows: ([number, number] | null)[] = [];
    const { container } = render(
      <MultiAxisChart
        times={times}
        timeZone="UTC"
        series={series}
        window={null}
        onWindow={(w) => windows.push(w)}
        formatTime={(ms) => `h${ms / HOUR}`}
      />,
    );
    const figure = screen.getByRole('figure', { name: 'Chart of A; B from h0 to h47' });
    expect(figure).toHaveAttribute('data-drawn', '2:48');
    expect(container.querySelectorAll('path.series-line')).toHaveLength(2);
    expect(screen.getByText('$/MWh')).toBeInTheDocument();
    expect(screen.getByText('MW')).toBeInTheDocument();

    const end = screen.getByRole('slider', { name: 'Zoom end' });
    expect(end).toHaveAttribute('aria-valuetext', 'h47');
    act(() => end.focus());
    await user.keyboard('{ArrowLeft}');
    expect(windows).toEqual([[0, 46]]);
  });
});
