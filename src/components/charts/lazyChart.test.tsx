// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { lazyChart } from './lazyChart';

function Drawn({ title }: { title: string; height?: number }) {
  return <figure aria-label={title}>drawn</figure>;
}

/** A chart whose code arrives when the test says so, counting how often it was asked for. */
function deferredChart() {
  let arrive: (chart: ComponentType<{ title: string; height?: number }>) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  let asked = 0;
  const chart = lazyChart(
    () =>
      new Promise<ComponentType<{ title: string; height?: number }>>((resolve, reject) => {
        asked += 1;
        arrive = resolve;
        fail = reject;
      }),
    200,
  );
  return { chart, arrive: () => arrive(Drawn), fail: (e: Error) => fail(e), asked: () => asked };
}

describe('lazyChart', () => {
  it('draws a chart mounted after its code was preloaded in its first render, with no placeholder', async () => {
    const { chart: Chart, arrive, asked } = deferredChart();
    const loaded = Chart.preload();
    void Chart.preload();
    expect(asked()).toBe(1);
    arrive();
    await loaded;
    render(<Chart title="Load" />);
    // Synchronously, in the render itself: no "Loading chart…" in between.
    expect(screen.getByRole('figure', { name: 'Load' })).toHaveTextContent('drawn');
    expect(screen.queryByText('Loading chart…')).toBeNull();
  });

  it('shows the placeholder while the code is on its way, then the chart', async () => {
    const { chart: Chart, arrive } = deferredChart();
    render(<Chart title="Load" />);
    expect(screen.getByText('Loading chart…')).toBeInTheDocument();
    arrive();
    expect(await screen.findByRole('figure', { name: 'Load' })).toHaveTextContent('drawn');
  });

  it('settles a failed preload quietly and asks again when the chart is shown', async () => {
    const { chart: Chart, fail, asked } = deferredChart();
    const preloaded = Chart.preload();
    fail(new Error('chunk gone'));
    await expect(preloaded).resolves.toBeUndefined();
    render(<Chart title="Load" />);
    expect(screen.getByText('Loading chart…')).toBeInTheDocument();
    expect(asked()).toBe(2);
  });
});
