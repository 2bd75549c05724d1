/**
 * The series of the query chart, read from the walked rows: one per value of the group column (or
 * one for the value column). A report with forecast vintages has several rows per interval, one per
 * publish time; drawn as one line they zigzag, drawn one line per publish time they are hundreds.
 * So each series becomes the latest forecast of each interval (drawn by default), plus one series
 * per publish time to pick and compare. Only rows that carry a publish time are vintages: several
 * rows of one series at one time without it (a constraint under several contingencies) are told
 * apart by columns the chart does not split on, and its line draws their highest value there.
 * What the lines leave out (rows without a value, series with none) is counted, for the chart to say.
 */
import type { ChartRows } from '@/api/query/chartRows';
import { cellValue, numberAt, timeMs } from '@/lib/columnar';

export interface ChartGroup {
  name: string;
  points: { x: number; y: number }[];
  /** A trading hub: drawn first by default. */
  hub: boolean;
  peak: number;
  /** Drawn by default before any other: the latest forecast of each interval of a report with vintages. */
  latest: boolean;
  /** The publish time (epoch ms) of a series of one vintage. */
  publishedMs?: number;
}

export interface ChartGroups {
  groups: ChartGroup[];
  /** Distinct publish times among the rows (with a value or not) when some interval has several (0: no vintages to pick from). */
  vintages: number;
  /** Rows with a time but no value in the value column: on no line. */
  rowsWithoutValue: number;
  /** Series (group values) whose rows in range all lack a value: no line at all. */
  seriesWithoutValue: number;
  /** Without vintages: (series, time) pairs with several rows, each drawn at its highest value. */
  repeatedTimes: number;
}

const HUB_TYPE = 'Trading Hub';
export const TYPE_COLUMN = 'location_type';

/** What the series of the latest forecasts of `base` is called in the legend. */
const latestName = (base: string) => `${base} · latest forecast per interval`;

interface Reading {
  x: number;
  y: number;
  published: number | null;
}

/** Every series of the walked rows, read straight from their columns (times are already epoch ms). */
export function buildChartGroups(
  data: ChartRows,
  columns: {
    time: string;
    value: string;
    group: string | null;
    /** The publish-time column of a report with vintages, when the rows carry it. */
    publish: string | null;
  },
  formatPublished: (ms: number) => string,
): ChartGroups {
  const readings = new Map<
    string,
    { hub: boolean; rows: Reading[]; times: Set<number>; repeated: boolean }
  >();
  const published = new Set<number>();
  let rowsWithoutValue = 0;
  let left = data.rows;
  for (const page of data.pages) {
    const t = page.columns[page.names.indexOf(columns.time)];
    const v = page.columns[page.names.indexOf(columns.value)];
    const g = columns.group === null ? -1 : page.names.indexOf(columns.group);
    const p = columns.publish === null ? undefined : page.columns[page.names.indexOf(columns.publish)];
    const type = page.names.indexOf(TYPE_COLUMN);
    const count = Math.min(page.rowCount, left);
    left -= count;
    if (!t || !v) continue;
    for (let i = 0; i < count; i++) {
      const x = timeMs(t, i);
      if (x === null) continue;
      const name = columns.group ? String(cellValue(page, g, i) ?? '—') : columns.value;
      let entry = readings.get(name);
      if (!entry) {
        entry = {
          hub: type >= 0 && cellValue(page, type, i) === HUB_TYPE,
          rows: [],
          times: new Set(),
          repeated: false,
        };
        readings.set(name, entry);
      }
      // Vintages and repeats are the rows', whether or not they hold a value.
      if (entry.times.has(x)) entry.repeated = true;
      else entry.times.add(x);
      const ms = p ? timeMs(p, i) : null;
      if (ms !== null) published.add(ms);
      const y = numberAt(v, i);
      if (y === null) rowsWithoutValue += 1;
      else entry.rows.push({ x, y, published: ms });
    }
  }
  const repeats = [...readings.values()].some((e) => e.repeated);
  const vintaged = repeats && published.size > 0;
  const groups: ChartGroup[] = [];
  let seriesWithoutValue = 0;
  let repeatedTimes = 0;
  for (const [name, entry] of readings) {
    if (entry.rows.length === 0) {
      seriesWithoutValue += 1;
      continue;
    }
    if (!vintaged) {
      const highest = new Map<number, Reading>();
      for (const r of entry.rows) {
        const before = highest.get(r.x);
        if (before === undefined) highest.set(r.x, r);
        else if (r.y > before.y) highest.set(r.x, r);
      }
      repeatedTimes += entry.rows.length === highest.size ? 0 : countRepeated(entry.rows);
      groups.push(groupOf(name, [...highest.values()], entry.hub, false));
      continue;
    }
    // The newest reading of each interval; a reading without a publish time counts as the oldest.
    const newest = new Map<number, Reading>();
    const byVintage = new Map<number, Reading[]>();
    for (const r of entry.rows) {
      const before = newest.get(r.x);
      if (!before || (r.published ?? -Infinity) > (before.published ?? -Infinity)) newest.set(r.x, r);
      if (r.published === null) continue;
      const list = byVintage.get(r.published) ?? [];
      list.push(r);
      byVintage.set(r.published, list);
    }
    groups.push(groupOf(latestName(name), [...newest.values()], entry.hub, true));
    for (const [ms, rows] of byVintage) {
      groups.push({
        ...groupOf(`${name} · published ${formatPublished(ms)}`, rows, entry.hub, false),
        publishedMs: ms,
      });
    }
  }
  // The latest forecasts first, then each vintage newest first, then by name.
  groups.sort(
    (a, b) =>
      Number(b.latest) - Number(a.latest) ||
      (b.publishedMs ?? 0) - (a.publishedMs ?? 0) ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
  return {
    groups,
    vintages: vintaged ? published.size : 0,
    rowsWithoutValue,
    seriesWithoutValue,
    repeatedTimes,
  };
}

/** How many distinct times occur more than once among `rows`. */
function countRepeated(rows: readonly Reading[]): number {
  const seen = new Map<number, number>();
  for (const r of rows) seen.set(r.x, (seen.get(r.x) ?? 0) + 1);
  let n = 0;
  for (const c of seen.values()) if (c > 1) n += 1;
  return n;
}

function groupOf(name: string, readings: readonly Reading[], hub: boolean, latest: boolean): ChartGroup {
  const points = readings.map((r) => ({ x: r.x, y: r.y })).sort((a, b) => a.x - b.x);
  const peak = points.reduce((max, p) => Math.max(max, p.y), Number.NEGATIVE_INFINITY);
  return { name, points, hub, peak, latest };
}

/** How many of the rows hold a number in `column`. */
export function valuedRows(data: ChartRows, column: string): number {
  let n = 0;
  let left = data.rows;
  for (const page of data.pages) {
    const count = Math.min(page.rowCount, left);
    left -= count;
    const col = page.columns[page.names.indexOf(column)];
    if (col) for (let i = 0; i < count; i++) if (numberAt(col, i) !== null) n += 1;
  }
  return n;
}

/**
 * `column`, unless it holds a value in fewer than half the rows and another of `candidates` holds
 * more: then the one with the most values (the first of equals). The others are counted only then.
 */
export function fullerColumn(data: ChartRows, column: string, candidates: readonly string[]): string {
  const own = valuedRows(data, column);
  if (own * 2 >= data.rows) return column;
  let best = { name: column, valued: own };
  for (const name of candidates) {
    if (name === column) continue;
    const valued = valuedRows(data, name);
    if (valued > best.valued) best = { name, valued };
  }
  return best.name;
}

/** The most common time between consecutive points of one series, ms (the data's cadence); null with none. */
export function typicalStep(groups: readonly Pick<ChartGroup, 'points'>[]): number | null {
  const counts = new Map<number, number>();
  for (const g of groups)
    for (let i = 1; i < g.points.length; i++) {
      const step = (g.points[i]?.x ?? 0) - (g.points[i - 1]?.x ?? 0);
      if (step > 0) counts.set(step, (counts.get(step) ?? 0) + 1);
    }
  let best: number | null = null;
  let most = 0;
  for (const [step, n] of counts)
    if (n > most || (n === most && best !== null && step < best)) {
      best = step;
      most = n;
    }
  return best;
}

/** How many times the lines of `groups` break: consecutive points of one series more than `maxGap` ms apart. */
export function gapsOver(groups: readonly Pick<ChartGroup, 'points'>[], maxGap: number): number {
  let n = 0;
  for (const g of groups)
    for (let i = 1; i < g.points.length; i++)
      if ((g.points[i]?.x ?? 0) - (g.points[i - 1]?.x ?? 0) > maxGap) n += 1;
  return n;
}
