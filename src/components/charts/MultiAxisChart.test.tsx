// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
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

describe('MultiAxisChart, stacked', () => {
  const hours = Float64Array.from({ length: 4 }, (_, i) => i * HOUR);
  const mw = (key: string, values: number[], color: number): AxisSeries => ({
    key,
    label: key,
    unit: 'MW',
    values: Float64Array.from(values),
    color,
    axis: 'left',
  });
  // C is storage: it charges below zero in the first two hours.
  const mix = [mw('A', [30, 30, 30, 30], 0), mw('B', [10, 10, 10, 10], 1), mw('C', [-5, -5, 20, 20], 2)];

  it('leaves the series its caller hides out of the stack and its totals, and reads the net beside the total above zero', async () => {
    const user = userEvent.setup();
    const toggled: string[] = [];
    const { container } = render(
      <MultiAxisChart
        times={hours}
        timeZone="UTC"
        series={mix}
        window={null}
        onWindow={() => undefined}
        formatTime={(ms) => `h${ms / HOUR}`}
        stacked
        hidden={new Set(['B'])}
        onToggle={(key) => toggled.push(key)}
      />,
    );
    expect(screen.getByRole('figure', { name: 'Stacked chart of A; C from h0 to h3' })).toBeInTheDocument();
    expect(container.querySelector('path.stack-area[data-series="B"]')).toBeNull();
    const b = screen.getByRole('button', { name: 'B', pressed: false });
    await user.click(b);
    expect(toggled).toEqual(['B']);

    const area = container.querySelector<HTMLElement>('figure > div');
    if (!area) throw new Error('no hover area');
    area.getBoundingClientRect = () => ({ left: 0, top: 0, width: 700, height: 300 }) as DOMRect;
    fireEvent.pointerMove(area, { clientX: 0, clientY: 100 });
    expect(screen.getByText(/^Above zero: 30\b/)).toBeInTheDocument();
    expect(screen.getByText(/^Below zero: -5\b/)).toBeInTheDocument();
    // The net of what is shown, the figure Compare's statistics add up (stackTotal of A and C).
    expect(screen.getByText(/^Net: 25\b/)).toBeInTheDocument();
    expect(screen.queryByText(/^B:/)).not.toBeInTheDocument();
  });
});
