/** The fuel mix read for the overview: the stack's order, net load and the renewable share. */
import type { Row } from '@/api/query/liveRows';
import type { Point } from '@/lib/decimate';
import { pointsByRow, startOf } from './dayRows';

/** The fuel mix's columns in stack order (baseload at the bottom), with the legend's names. */
export const FUELS = [
  { column: 'nuclear', label: 'Nuclear' },
  { column: 'coal_and_lignite', label: 'Coal and lignite' },
  { column: 'natural_gas', label: 'Natural gas' },
  { column: 'hydro', label: 'Hydro' },
  { column: 'wind', label: 'Wind' },
  { column: 'solar', label: 'Solar' },
  { column: 'power_storage', label: 'Power storage' },
  { column: 'other', label: 'Other' },
] as const;

/** What counts as renewable here: wind, solar and hydro. */
const RENEWABLE = ['wind', 'solar', 'hydro'] as const;

const num = (cell: unknown): number | null => (typeof cell === 'number' ? cell : null);

/**
 * The renewable share of one interval's generation: wind + solar + hydro over the sum of what every
 * fuel generates (storage counted only while it discharges: charging is load, not generation).
 */
export function renewableShare(row: Row): number | null {
  let total = 0;
  let renewable = 0;
  for (const { column } of FUELS) {
    const v = num(row[column]);
    if (v === null) return null;
    if (v > 0) total += v;
  }
  for (const column of RENEWABLE) renewable += Math.max(0, num(row[column]) ?? 0);
  return total > 0 ? renewable / total : null;
}

/** The share at each interval (read only from the rows a refresh appended: `pointsByRow`). */
export function renewableShares(rows: readonly Row[]): readonly Point[] {
  return pointsByRow(rows, 'renewable share', (row) => {
    const y = renewableShare(row);
    return y === null ? null : { x: startOf(row), y };
  });
}

/** Load − wind − solar at each interval where the load and both fuels are known. */
export function netLoad(load: readonly Point[], fuelRows: readonly Row[]): Point[] {
  const variable = new Map<number, number>();
  for (const row of fuelRows) {
    const wind = num(row.wind);
    const solar = num(row.solar);
    if (wind !== null && solar !== null) variable.set(startOf(row), wind + solar);
  }
  const out: Point[] = [];
  for (const p of load) {
    const v = variable.get(p.x);
    if (v !== undefined) out.push({ x: p.x, y: Math.round((p.y - v) * 100) / 100 });
  }
  return out;
}
