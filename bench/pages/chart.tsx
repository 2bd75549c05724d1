/** Our chart (TimeSeriesChart, SVG over min/max decimation) drawing 200,000 points, driven by bench/chartPoints.ts. */
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { TimeSeriesChart, type TimeSeries } from '@/components/charts/TimeSeriesChart';
import { decimateMinMax } from '@/lib/decimate';
import { benchPoints } from './benchData';
import { timeToPaint, type PageBench } from './pageBench';
import { checkSpikes } from './spikes';

const WIDTH = 800;
const HEIGHT = 360;
const points = benchPoints();
const container = document.getElementById('root');
if (!container) throw new Error('no #root');
container.style.width = `${WIDTH}px`;
let root: Root | null = null;

const formatTime = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const linePath = (): SVGPathElement | null => document.querySelector('path.series-line');

const bench: PageBench = {
  render: () =>
    timeToPaint(
      () => {
        // A new array each mount, so nothing memoized from the previous mount is reused.
        const series: TimeSeries[] = [{ name: 'lmp', points: points.slice() }];
        root = createRoot(container);
        root.render(
          <TimeSeriesChart
            series={series}
            title="Bench series"
            height={HEIGHT}
            pixelWidth={WIDTH}
            formatTime={formatTime}
          />,
        );
      },
      () => (linePath()?.getAttribute('d') ?? '') !== '',
    ),
  unmount: () => {
    flushSync(() => root?.unmount());
    root = null;
    return Promise.resolve();
  },
  spikes: () => {
    const d = linePath()?.getAttribute('d') ?? '';
    // A linear path is "M x,y L x,y …": one vertex per drawn point.
    const vertices = (d.match(/[ML]/g) ?? []).length;
    return checkSpikes(points, decimateMinMax(points, WIDTH), WIDTH, vertices);
  },
};
window.pageBench = bench;
