import type { PlotBox } from './chartLayout';
import styles from './chart.module.css';

export interface ChartBand {
  start: number;
  end: number;
  /** Read on hover (an SVG title). */
  label: string;
}

/** A band narrower than this is widened to it, so a bucket at the window's edge stays visible. */
const MIN_BAND_PX = 4;

/** Time spans drawn hatched behind the lines: a resampled bucket standing for part of itself. */
export function HatchedBands({
  bands,
  xOf,
  plot,
}: {
  bands: readonly ChartBand[];
  xOf: (x: number) => number;
  plot: PlotBox;
}) {
  const right = plot.left + plot.width;
  return (
    <g className="partial-bands">
      <defs>
        <pattern id="chart-hatch" patternUnits="userSpaceOnUse" width={6} height={6}>
          <path d="M0,6 L6,0" className={styles.hatch} />
        </pattern>
      </defs>
      {bands.map((band) => {
        const x0 = Math.max(plot.left, xOf(band.start));
        const x1 = Math.min(right, xOf(band.end));
        if (!(x1 >= plot.left && x0 <= right)) return null;
        const w = Math.max(MIN_BAND_PX, x1 - x0);
        return (
          <rect
            key={band.start}
            x={Math.min(x0, right - w)}
            y={plot.top}
            width={w}
            height={plot.height}
            fill="url(#chart-hatch)"
          >
            <title>{band.label}</title>
          </rect>
        );
      })}
    </g>
  );
}
