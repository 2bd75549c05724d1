// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { TimeSeriesChart, type TimeSpan } from './TimeSeriesChart';

if (typeof globalThis.ResizeObserver !== 'function') {
  globalThis.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}

const HOUR = 3_600_000;
/** A day of 24 hours from 0: the rows fill its first hours. */
const DAY: TimeSpan = { start: 0, end: 24 * HOUR };
const hours = (ys: readonly number[]) => ys.map((y, i) => ({ x: i * HOUR, y }));

function chart(ys: readonly number[], span?: TimeSpan) {
  return (
    <TimeSeriesChart
      title="Load"
      series={[{ name: 'Load', points: hours(ys) }]}
      span={span}
      formatTime={(ms) => `${ms / HOUR}h`}
      formatValue={(v) => v.toFixed(0)}
    />
  );
}

const path = (container: HTMLElement) => container.querySelector('path.series-line')?.getAttribute('d') ?? '';
const timeLabels = (container: HTMLElement) =>
  [...container.querySelectorAll('.time-axis text')].map((t) => t.textContent);

describe('TimeSeriesChart over a span', () => {
  it('spans the whole day while the rows fill its first hours', () => {
    const { container } = render(chart([10, 20, 15, 12], DAY));
    const labels = timeLabels(container);
    expect(labels[0]).toBe('0h');
    expect(labels.at(-1)).toBe('24h');
  });

  it('draws a new interval onto the line without moving what was drawn', () => {
    const { container, rerender } = render(chart([10, 20, 15, 12], DAY));
    const before = path(container);
    rerender(chart([10, 20, 15, 12, 18], DAY));
    expect(path(container).startsWith(before)).toBe(true);
    expect(path(container)).not.toBe(before);
  });

  it('lays the zoom bar under the part of the day the rows cover', () => {
    const { container } = render(chart([10, 20, 15, 12], DAY));
    const labelX = (label: string) =>
      Number(
        [...container.querySelectorAll('.time-axis text')]
          .find((t) => t.textContent === label)
          ?.getAttribute('x'),
      );
    const handleX = (slider: HTMLElement) => Number(slider.querySelector('rect')?.getAttribute('x')) + 3;
    const [start, end] = screen.getAllByRole('slider');
    if (!start || !end) throw new Error('no zoom bar');
    const hour = (labelX('24h') - labelX('0h')) / 24;
    expect(handleX(start)).toBeCloseTo(labelX('0h'), 0);
    // Three hours of rows: the bar's end is at 3h, not at the day's end (its narrowest is 48 px).
    expect(handleX(end)).toBeCloseTo(labelX('0h') + Math.max(3 * hour, 48), 0);
  });

  it('without a span, spans the rows, so a new interval rescales them', () => {
    const { container, rerender } = render(chart([10, 20, 15, 12]));
    expect(timeLabels(container).at(-1)).not.toBe('24h');
    const before = path(container);
    rerender(chart([10, 20, 15, 12, 18]));
    expect(path(container).startsWith(before)).toBe(false);
  });
});
