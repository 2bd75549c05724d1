/**
 * What of an SQL result the time chart can draw: its first timestamp column as time, and either
 * one line per number column, or, when the result is one text column and one number column (a
 * long table: time, location, price), one line per value of the text column.
 */
import type { TimeSeries } from '@/components/charts/LazyTimeSeriesChart';
import type { SqlColumn, SqlRows } from '@/sql/types';
import { isNumericType, isTimestampType } from './sqlTypes';

/** Lines beyond this many make a tangle; the first ones in the result are drawn. */
const MAX_CHART_LINES = 12;

export type ResultChart =
  | {
      drawable: true;
      time: SqlColumn;
      series: TimeSeries[];
      /** The unit the lines share, if they share one. */
      unit: string | null;
      /** How the lines were made, and what was left out. */
      description: string;
    }
  | { drawable: false; reason: string };

function sortedPoints(points: { x: number; y: number }[]): { x: number; y: number }[] {
  for (let i = 1; i < points.length; i++) {
    if ((points[i - 1]?.x ?? 0) > (points[i]?.x ?? 0)) return points.sort((a, b) => a.x - b.x);
  }
  return points;
}

export function resultChart(result: SqlRows): ResultChart {
  const { columns } = result;
  const timeIndex = columns.findIndex((c) => isTimestampType(c.type));
  const time = columns[timeIndex];
  if (!time) return { drawable: false, reason: 'The chart needs a TIMESTAMP column; this result has none.' };
  const numbers = columns.map((c, i) => ({ c, i })).filter(({ c }) => isNumericType(c.type));
  if (numbers.length === 0)
    return {
      drawable: false,
      reason: 'The chart needs a number column besides the time; this result has none.',
    };
  const texts = columns.map((c, i) => ({ c, i })).filter(({ c }) => c.type.toUpperCase() === 'VARCHAR');
  const at = (row: number, column: number) => result.value(row, column);

  const only = numbers[0];
  const label = texts[0];
  if (numbers.length === 1 && texts.length === 1 && only && label) {
    const byName = new Map<string, { x: number; y: number }[]>();
    let left = 0;
    for (let row = 0; row < result.rowCount; row++) {
      const x = at(row, timeIndex);
      const y = at(row, only.i);
      if (typeof x !== 'number' || typeof y !== 'number') continue;
      const name = String(at(row, label.i) ?? '(null)');
      let points = byName.get(name);
      if (!points) {
        if (byName.size >= MAX_CHART_LINES) {
          left++;
          continue;
        }
        points = [];
        byName.set(name, points);
      }
      points.push({ x, y });
    }
    const series = [...byName].map(([name, points]) => ({ name, points: sortedPoints(points) }));
    return {
      drawable: true,
      time,
      series,
      unit: only.c.unit,
      description:
        `${only.c.name} over ${time.name}, one line per ${label.c.name}` +
        (left > 0 ? `: the first ${MAX_CHART_LINES} values are drawn, ${left} rows of others are not.` : '.'),
    };
  }

  const drawn = numbers.slice(0, MAX_CHART_LINES);
  const series = drawn.map(({ c, i }) => {
    const points: { x: number; y: number }[] = [];
    for (let row = 0; row < result.rowCount; row++) {
      const x = at(row, timeIndex);
      const y = at(row, i);
      if (typeof x === 'number' && typeof y === 'number') points.push({ x, y });
    }
    return { name: c.name, points: sortedPoints(points) };
  });
  const units = new Set(drawn.map(({ c }) => c.unit));
  return {
    drawable: true,
    time,
    series,
    unit: units.size === 1 ? (drawn[0]?.c.unit ?? null) : null,
    description:
      `One line per number column over ${time.name}` +
      (numbers.length > drawn.length
        ? `: the first ${MAX_CHART_LINES} of ${numbers.length} are drawn.`
        : '.'),
  };
}
