import styles from './LibraryPage.module.css';

const WIDTH = 80;
const HEIGHT = 20;

// One formatter for every row: building one costs more than drawing the line.
const format = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** "from 24.1 to 28.6, low 21.5, high 142.7": what the line shows, for those who cannot see it. */
function describe(values: readonly number[]): string {
  const first = values[0] ?? 0;
  const last = values[values.length - 1] ?? 0;
  return `Trend from ${format.format(first)} to ${format.format(last)}, low ${format.format(Math.min(...values))}, high ${format.format(Math.max(...values))}`;
}

/** A view's few values as a small line, drawn as SVG (no chart library on the library's screen). */
export function Sparkline({ values }: { values: readonly number[] }) {
  const finite = values.filter(Number.isFinite);
  if (finite.length < 2) return null;
  const low = Math.min(...finite);
  const span = Math.max(...finite) - low || 1;
  const points = finite
    .map(
      (v, i) =>
        `${((i / (finite.length - 1)) * WIDTH).toFixed(1)},${(HEIGHT - 1 - ((v - low) / span) * (HEIGHT - 2)).toFixed(1)}`,
    )
    .join(' ');
  return (
    <span className={styles.sparkline}>
      <svg
        viewBox={`0 0 ${String(WIDTH)} ${String(HEIGHT)}`}
        width={WIDTH}
        height={HEIGHT}
        aria-hidden="true"
        focusable="false"
      >
        <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" />
      </svg>
      <span className="visually-hidden">{describe(finite)}</span>
    </span>
  );
}
