import type { ChartRow } from './scales';
import { valueAt, type StackBand } from './stackLayout';

/**
 * The closed outline of a band over rows [from, to]: along its top left to right, back along its
 * bottom. A gap (NaN) ends one piece and the next value starts another, so nothing is drawn where
 * the band has no value.
 */
export function bandPath(
  rows: readonly ChartRow[],
  band: StackBand,
  x: (v: number) => number,
  y: (v: number) => number,
  from = 0,
  to = rows.length - 1,
): string {
  const pieces: string[] = [];
  let run: number[] = [];
  const close = () => {
    if (run.length > 1) {
      const top = run.map(
        (r, i) =>
          `${i === 0 ? 'M' : 'L'}${x(valueAt(rows[r], 'x')).toFixed(1)},${y(band.upper[r] ?? 0).toFixed(1)}`,
      );
      const bottom = [...run]
        .reverse()
        .map((r) => `L${x(valueAt(rows[r], 'x')).toFixed(1)},${y(band.lower[r] ?? 0).toFixed(1)}`);
      pieces.push(`${top.join('')}${bottom.join('')}Z`);
    }
    run = [];
  };
  for (let r = from; r <= to; r++) {
    if (Number.isNaN(band.upper[r] ?? Number.NaN) || Number.isNaN(valueAt(rows[r], 'x'))) close();
    else run.push(r);
  }
  close();
  return pieces.join('');
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
