import { singlePoint } from './scales';

export interface DrawnLine {
  key: string;
  /** An SVG path (`M… L…`); empty or null draws nothing. */
  d: string | null;
  color: string;
}

/**
 * One path per series; a series with one point in view has no line to draw, so a dot shows it is
 * there. The classes name what a reader sees, for the browser journeys.
 */
export function SeriesLines({ lines, width = 1.5 }: { lines: readonly DrawnLine[]; width?: number }) {
  return (
    <g aria-hidden="true">
      {lines.map(({ key, d, color }) => {
        if (d === null || d === '') return null;
        const single = singlePoint(d);
        if (single)
          return <circle key={key} className="series-dot" cx={single[0]} cy={single[1]} r={3} fill={color} />;
        return (
          <path
            key={key}
            className="series-line"
            d={d}
            fill="none"
            stroke={color}
            strokeWidth={width}
            strokeLinejoin="round"
            // A lone value between gaps is a zero-length piece: the round cap draws it as a dot.
            strokeLinecap="round"
          />
        );
      })}
    </g>
  );
}
