// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
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
    const west = screen.getByRole('button', { name: 'HB_WEST', pressed: true });
    await user.click(west);
    expect(west).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'HB_NORTH' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('TimeSeriesChart', () => {
  const series = [{ name: 'HB_NORTH', points: points(0) }];
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 16);

  it('zooms from the keyboard: each handle of the zoom bar moves by rows and reads out its time', async () => {
    const user = userEvent.setup();
    render(<LazyTimeSeriesChart title="lmp" series={series} formatTime={iso} />);
    const start = await screen.findByRole('slider', { name: 'Zoom start' });
    const end = screen.getByRole('slider', { name: 'Zoom end' });
    expect(start).toHaveAttribute('aria-valuetext', iso(0));
    const last = Number(end.getAttribute('aria-valuemax'));
    expect(end).toHaveAttribute('aria-valuenow', String(last));

    act(() => start.focus());
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(start).toHaveAttribute('aria-valuenow', '2');
    // The handles never cross: End takes the start to one row before the end.
    await user.keyboard('{End}');
    expect(start).toHaveAttribute('aria-valuenow', String(last - 1));
    act(() => end.focus());
    await user.keyboard('{Home}');
    expect(end).toHaveAttribute('aria-valuenow', String(last));
    await user.keyboard('{PageDown}');
    expect(Number(end.getAttribute('aria-valuenow'))).toBe(last);
  });

  it('reads the values under the pointer in a tooltip, which Escape puts away', () => {
    const { container } = render(
      <LazyTimeSeriesChart
        title="two"
        series={[
          {
            name: 'A',
            points: [
              { x: 0, y: 1 },
              { x: 1000, y: 2 },
              { x: 2000, y: 3 },
            ],
          },
          {
            name: 'B',
            points: [
              { x: 0, y: 10 },
              { x: 1000, y: 20 },
              { x: 2000, y: 30 },
            ],
          },
        ]}
        formatTime={(ms) => `t=${ms}`}
        formatValue={(v) => v.toFixed(1)}
      />,
    );
    return screen.findByRole('slider', { name: 'Zoom end' }).then(() => {
      const area = container.querySelector<HTMLElement>('figure > div');
      expect(area).not.toBeNull();
      if (!area) return;
      // jsdom lays nothing out: the hover area is given the plot's box.
      area.getBoundingClientRect = () => ({ left: 0, top: 0, width: 700, height: 300 }) as DOMRect;
      fireEvent.pointerMove(area, { clientX: 360, clientY: 100 });
      expect(screen.getByText('t=1000')).toBeInTheDocument();
      expect(screen.getByText('A: 2.0')).toBeInTheDocument();
      expect(screen.getByText('B: 20.0')).toBeInTheDocument();
      fireEvent.keyDown(document, { key: 'Escape' });
      expect(screen.queryByText('t=1000')).not.toBeInTheDocument();
    });
  });
});
