// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TimeSeriesChart } from './TimeSeriesChart';

if (typeof globalThis.ResizeObserver !== 'function') {
  globalThis.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}

const at = (ys: (number | null)[]) => ys.flatMap((y, i) => (y === null ? [] : [{ x: i * 1000, y }]));

/** A fuel mix of five rows: storage charges below zero at first, wind has no value at t=2000. */
const series = [
  { name: 'Gas', points: at([30, 30, 30, 30, 30]) },
  { name: 'Wind', points: at([10, 10, null, 10, 10]) },
  { name: 'Storage', points: at([-5, -5, 0, 20, 20]) },
  { name: 'Load', points: at([35, 35, 32, 60, 60]) },
];

function renderChart() {
  return render(
    <TimeSeriesChart
      title="Fuel mix"
      series={series}
      stack={{ series: ['Gas', 'Wind', 'Storage'] }}
      formatTime={(ms) => `t=${ms}`}
      formatValue={(v) => v.toFixed(0)}
    />,
  );
}

/** jsdom lays nothing out: the hover area is given the plot's box, then pointed at `x` px. */
function pointAt(container: HTMLElement, x: number) {
  const area = container.querySelector<HTMLElement>('figure > div');
  if (!area) throw new Error('no hover area');
  area.getBoundingClientRect = () => ({ left: 0, top: 0, width: 700, height: 300 }) as DOMRect;
  fireEvent.pointerMove(area, { clientX: x, clientY: 100 });
}

/** The tooltip: the element holding the stack's totals. */
const tooltip = () => screen.getByText(/^Above zero/).parentElement;

describe('TimeSeriesChart with a stack', () => {
  it('fills one area per side a series reaches, draws the other series as lines, and describes the stack', () => {
    const { container } = renderChart();
    const figure = screen.getByRole('figure', { name: 'Fuel mix' });
    expect(figure).toHaveAccessibleDescription(
      'Stacked areas, bottom to top: Gas, Wind, Storage; values below zero stack downward from zero. Lines over them: Load. From t=0 to t=4000.',
    );
    const areas = [...container.querySelectorAll('path.stack-area')].map((p) =>
      p.getAttribute('data-series'),
    );
    // Storage has an upward band (discharging) and a downward one (charging).
    expect(areas).toEqual(['Gas', 'Wind', 'Storage', 'Storage']);
    expect(container.querySelectorAll('path.series-line')).toHaveLength(1);
  });

  it('reads each value with its share of the total above zero, the totals by name, and what is missing', () => {
    const { container } = renderChart();
    pointAt(container, 0);
    expect(tooltip()).toHaveTextContent(/^t=0/);
    expect(screen.getByText('Gas: 30 (75.0 %)')).toBeInTheDocument();
    expect(screen.getByText('Wind: 10 (25.0 %)')).toBeInTheDocument();
    expect(screen.getByText('Storage: -5')).toBeInTheDocument();
    expect(screen.getByText('Load: 35')).toBeInTheDocument();
    expect(screen.getByText('Above zero: 40')).toBeInTheDocument();
    expect(screen.getByText('Below zero: -5')).toBeInTheDocument();
    expect(screen.getByText('Net: 35')).toBeInTheDocument();

    pointAt(container, 350);
    expect(tooltip()).toHaveTextContent(/^t=2000/);
    expect(screen.queryByText(/^Wind:/)).not.toBeInTheDocument();
    expect(screen.getByText('No value: Wind')).toBeInTheDocument();
    expect(screen.getByText('Above zero, of the series with a value: 30')).toBeInTheDocument();
    expect(screen.getByText('Net: not known while a stacked series has no value')).toBeInTheDocument();
  });

  it('takes a series out of the stack and its total from a legend button, and back', async () => {
    const user = userEvent.setup();
    const { container } = renderChart();
    const gas = screen.getByRole('button', { name: 'Gas', pressed: true });
    await user.click(gas);
    expect(gas).toHaveAttribute('aria-pressed', 'false');
    expect(container.querySelector('path.stack-area[data-series="Gas"]')).toBeNull();
    pointAt(container, 0);
    expect(screen.getByText('Wind: 10 (100.0 %)')).toBeInTheDocument();
    // Storage charging at t=0 still counts in the net of what is shown: 10 - 5.
    expect(screen.getByText('Above zero: 10')).toBeInTheDocument();
    expect(screen.getByText('Net: 5')).toBeInTheDocument();
    expect(screen.queryByText(/^Gas:/)).not.toBeInTheDocument();
    gas.focus();
    await user.keyboard('{Enter}');
    expect(gas).toHaveAttribute('aria-pressed', 'true');
    expect(container.querySelector('path.stack-area[data-series="Gas"]')).not.toBeNull();
  });
});
