import { pathXs, type ChartRow } from './scales';
import type { StackBand } from './stackLayout';

/**
 * The closed outline of a band over rows [from, to]: along its top left to right, back along its
 * bottom. A gap (NaN) ends one piece and the next value starts another, so nothing is drawn where
 * the band has no value. `xs` is `pathXs` of the same rows and range (computed here when absent).
 * Built by concatenation: a refresh of `/today` outlines a dozen bands of a day's rows.
 */
export function bandPath(
  rows: readonly ChartRow[],
  band: StackBand,
  x: (v: number) => number,
  y: (v: number) => number,
  from = 0,
  to = rows.length - 1,
  xs: readonly string[] = pathXs(rows, x, from, to),
): string {
  const { upper, lower } = band;
  let d = '';
  // The piece [start, end): rows with a top and an x; one row alone draws nothing.
  const piece = (start: number, end: number) => {
    if (end - start < 2) return;
    d += `M${xs[start - from]},${y(upper[start] ?? 0).toFixed(1)}`;
    for (let r = start + 1; r < end; r++) d += `L${xs[r - from]},${y(upper[r] ?? 0).toFixed(1)}`;
    for (let r = end - 1; r >= start; r--) d += `L${xs[r - from]},${y(lower[r] ?? 0).toFixed(1)}`;
    d += 'Z';
  };
  let start = from;
  for (let r = from; r <= to; r++) {
    if (Number.isNaN(upper[r] ?? Number.NaN) || xs[r - from] === '') {
      piece(start, r);
      start = r + 1;
    }
  }
  piece(start, to + 1);
  return d;
}

export interface DrawnBand {
  key: string;
  /** The series' name, for the browser journeys (`[data-series="Gas"]`). */
  name: string;
  d: string;
  color: string;
}

/** The stack's bands, filled in their series' colours, under any lines drawn over them. */
export function StackedAreas({ bands }: { bands: readonly DrawnBand[] }) {
  return (
    <g aria-hidden="true">
      {bands.map(({ key, name, d, color }) =>
        d === '' ? null : (
          <path
            key={key}
            className="stack-area"
            data-series={name}
            d={d}
            fill={color}
            fillOpacity={0.75}
            stroke={color}
            strokeWidth={0.5}
          />
        ),
      )}
    </g>
  );
}
