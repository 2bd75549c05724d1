/**
 * The series of the query chart, read from the walked rows: one per value of the group column (or
 * one for the value column). A report with forecast vintages has several rows per interval, one per
 * publish time; drawn as one line they zigzag, drawn one line per publish time they are hundreds.
 * So each series becomes the latest forecast of each interval (drawn by default), plus one series
 * per publish time to pick and compare.
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
  /** Distinct publish times among the rows when some interval has several (0: no vintages to pick from). */
  vintages: number;
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
  const readings = new Map<string, { hub: boolean; rows: Reading[] }>();
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
      const y = numberAt(v, i);
      if (x === null || y === null) continue;
      const name = columns.group ? String(cellValue(page, g, i) ?? '—') : columns.value;
      let entry = readings.get(name);
      if (!entry) {
        entry = { hub: type >= 0 && cellValue(page, type, i) === HUB_TYPE, rows: [] };
        readings.set(name, entry);
      }
      entry.rows.push({ x, y, published: p ? timeMs(p, i) : null });
    }
  }
  const vintaged = [...readings.values()].some((e) => new Set(e.rows.map((r) => r.x)).size < e.rows.length);
  const groups: ChartGroup[] = [];
  const published = new Set<number>();
  for (const [name, entry] of readings) {
    if (!vintaged) {
      groups.push(groupOf(name, entry.rows, entry.hub, false));
      continue;
    }
    // The newest reading of each interval; a reading without a publish time counts as the oldest.
    const newest = new Map<number, Reading>();
    const byVintage = new Map<number, Reading[]>();
    for (const r of entry.rows) {
      const before = newest.get(r.x);
      if (!before || (r.published ?? -Infinity) > (before.published ?? -Infinity)) newest.set(r.x, r);
      if (r.published === null) continue;
      published.add(r.published);
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
  return { groups, vintages: vintaged ? published.size : 0 };
}

function groupOf(name: string, readings: readonly Reading[], hub: boolean, latest: boolean): ChartGroup {
  const points = readings.map((r) => ({ x: r.x, y: r.y })).sort((a, b) => a.x - b.x);
  const peak = points.reduce((max, p) => Math.max(max, p.y), Number.NEGATIVE_INFINITY);
  return { name, points, hub, peak, latest };
}
