// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Annotation } from '@/lib/annotations';
import { PeakCurveChart } from './PeakCurveChart';
import { TimeSeriesChart } from './TimeSeriesChart';

const HOUR = 3_600_000;
const T0 = Date.parse('2025-07-14T00:00:00Z');
const points = Array.from({ length: 25 }, (_, i) => ({ x: T0 + i * HOUR, y: i % 7 }));
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 16);
const at = (h: number) => new Date(T0 + h * HOUR).toISOString();

const notes: Annotation[] = [
  { id: 'inside', start: at(6), end: null, text: 'Unit trip' },
  { id: 'band', start: at(20), end: at(30), text: 'Cold front' },
  { id: 'before', start: at(-30), end: null, text: 'Last week' },
  { id: 'hostile', start: at(12), end: null, text: '<img src=x onerror=alert(1)>' },
];

function drawTimeChart(annotations: readonly Annotation[] = notes) {
  return render(
    <TimeSeriesChart
      title="load"
      series={[{ name: 'load', points }]}
      formatTime={iso}
      annotations={annotations}
    />,
  );
}

describe('AnnotationLayer', () => {
  it('draws the notes in the shown time only, each named with its number, time and text', () => {
    const { container } = drawTimeChart();
    const figure = screen.getByRole('figure', { name: 'load' });
    const markers = within(figure).getAllByRole('button', { name: /^Note/ });
    // Numbered in the list's order (by time): the note of last week is 1 and is not drawn.
    expect(markers.map((m) => m.getAttribute('aria-label'))).toEqual([
      'Note 2, 2025-07-14T06:00: Unit trip',
      'Note 3, 2025-07-14T12:00: <img src=x onerror=alert(1)>',
      'Note 4, 2025-07-14T20:00 to 2025-07-15T06:00: Cold front',
    ]);
    expect(markers.map((m) => m.textContent)).toEqual(['2', '3', '4']);
    expect(container.querySelectorAll('[data-note]')).toHaveLength(3);
    expect(container.querySelector('[data-note="1"]')).toBeNull();
  });

  it('draws a range that runs past the chart as its visible part, inside the plot', () => {
    const { container } = drawTimeChart();
    const band = container.querySelector<HTMLElement>('[data-note="4"]');
    const line = container.querySelector<HTMLElement>('[data-note="2"]');
    const area = band?.parentElement;
    const width = Number.parseFloat(area?.style.width ?? '');
    const left = Number.parseFloat(band?.style.left ?? '');
    // 20:00 of a 24-hour axis, to its end.
    expect(left).toBeCloseTo((width * 20) / 24, 0);
    expect(left + Number.parseFloat(band?.style.width ?? '')).toBeCloseTo(width, 0);
    expect(Number.parseFloat(line?.style.left ?? '')).toBeCloseTo((width * 6) / 24, 0);
  });

  it('shows a note as text on focus, never as markup, and puts it away with Escape', async () => {
    const user = userEvent.setup();
    const { container } = drawTimeChart();
    const hostile = screen.getByRole('button', { name: /^Note 3/ });
    act(() => hostile.focus());
    const tip = screen.getByRole('tooltip');
    expect(tip).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(hostile).toHaveAttribute('aria-describedby', tip.id);
    expect(container.querySelector('img')).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('adds nothing to a chart without notes', () => {
    const { container } = drawTimeChart([]);
    expect(container.querySelector('[data-note]')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Note/ })).toBeNull();
  });

  it('names the notes in the title of a chart that is one image, whose markers take no focus', () => {
    render(
      <PeakCurveChart
        title="Load on 14 July."
        valueLabel="Load"
        points={points.map((p) => ({ x: p.x, value: p.y }))}
        peak={null}
        formatTime={iso}
        annotations={notes.slice(0, 1)}
      />,
    );
    const image = screen.getByRole('img', {
      name: 'Load on 14 July. 1 note: Note 1, 2025-07-14T06:00: Unit trip.',
    });
    expect(within(image).queryByRole('button')).toBeNull();
    expect(image.querySelector('[data-note="1"]')).not.toBeNull();
  });
});
