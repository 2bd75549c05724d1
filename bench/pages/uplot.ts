/** uPlot 1.6 drawing the same 200,000 points (every point; uPlot thins per pixel while drawing), driven by bench/chartPoints.ts. */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { benchPoints } from './benchData';
import { timeToPaint, type PageBench } from './pageBench';
import { checkSpikes } from './spikes';

const WIDTH = 800;
const HEIGHT = 360;
const points = benchPoints();
const container = document.getElementById('root');
if (!container) throw new Error('no #root');
let plot: uPlot | null = null;
let drawn = false;

const bench: PageBench = {
  render: () =>
    timeToPaint(
      () => {
        drawn = false;
        // uPlot takes columns; building them is part of handing it the data, as decimation is for ours.
        const xs = new Float64Array(points.length);
        const ys = new Float64Array(points.length);
        points.forEach((p, i) => {
          xs[i] = p.x / 1000;
          ys[i] = p.y;
        });
        plot = new uPlot(
          {
            width: WIDTH,
            height: HEIGHT,
            scales: { x: { time: true } },
            series: [{}, { label: 'lmp', stroke: '#0969da' }],
            hooks: { draw: [() => (drawn = true)] },
          },
          [xs, ys],
          container,
        );
      },
      () => drawn,
    ),
  unmount: () => {
    plot?.destroy();
    plot = null;
    return Promise.resolve();
  },
  // uPlot draws every point, so each spike reaches the canvas.
  spikes: () => checkSpikes(points, points, WIDTH, null),
};
window.pageBench = bench;
