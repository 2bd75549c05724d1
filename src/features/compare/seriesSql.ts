/**
 * The workspace's series as tables of the SQL page (issue 29 §2): each data series is its API
 * request (`seriesParams`, as the workspace sends it), and the aligned frame is those tables plus
 * a `sql` table, `compare_aligned`, that puts them on the workspace's grid the way
 * `seriesAlignment.ts` and `alignedCsv.ts` do: one row per grid interval, missing values as NULL.
 *
 * Where SQL cannot do what the workspace does, the frame differs, and says so here:
 * - Columns are named by the series' letters (`a`, `b`, …), not by their labels: the labels carry
 *   typed text and units, and a column someone types in SQL should not need quoting.
 * - DuckDB in the page has no time-zone data (no ICU, decision 0024), so the grid is built from what
 *   the tables carry: a sub-daily grid is every step from the first bucket (epoch multiples, as the
 *   workspace's), and its `interval_start_local` is the bucket's start as a series gave it (NULL in
 *   an interval no unshifted series has). A daily grid is the zone's calendar dates, matched on each
 *   table's `_local` twin (the API gives it in the workspace's zone); its `interval_start_utc` is
 *   NULL on a day no unshifted series has.
 * - A day shift on a sub-daily grid moves the UTC instant by whole 24-hour days; the workspace
 *   keeps the wall-clock time instead, so across a DST change the shifted hours differ by one.
 * - Derived series divide with NULLIF (a division by zero is NULL, as the workspace leaves it
 *   empty); a result too large for a double is not emptied.
 */
import type { Dataset } from '@/contract';
import type { DataSeries, SeriesSpec } from '@/compare/compareWorkspace';
import { openInSqlHrefFor, suggestTableName } from '@/sql/sqlLink';
import type { SqlTableSpec } from '@/sql/types';
import { parseExpression, references, type Expr } from './expression';
import { wallClock, type Grid } from './grid';
import { seriesParams } from './seriesRequest';

export const ALIGNED_TABLE = 'compare_aligned';

const STEP_SQL: Record<Exclude<Grid['cadence'], '1d'>, string> = {
  '5min': "INTERVAL '5 minutes'",
  '15min': "INTERVAL '15 minutes'",
  '1h': "INTERVAL '1 hour'",
};

/** A series' table: its request as the workspace sends it. */
export function seriesTable(spec: DataSeries, dataset: Dataset, grid: Grid, name?: string): SqlTableSpec {
  const params = seriesParams(spec, dataset, grid);
  return {
    name: name ?? suggestTableName(dataset.id, params),
    source: { kind: 'query', dataset: dataset.id, params },
  };
}

const timestampLiteral = (ms: number): string =>
  `TIMESTAMP '${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')}'`;
const dateLiteral = (ms: number): string => `DATE '${new Date(ms).toISOString().slice(0, 10)}'`;
const letter = (key: string): string => key.toLowerCase();
const localTwin = (column: string): string => column.replace(/_utc$/, '_local');

/** Each table's time column: resampled rows carry their bucket as interval_start_utc. */
function timeColumn(dataset: Dataset, resampled: boolean): string {
  return resampled ? 'interval_start_utc' : dataset.time_index_column;
}

function exprSql(expr: Expr): string {
  switch (expr.kind) {
    case 'num':
      return String(expr.value);
    case 'ref':
      return `${letter(expr.name)}.v`;
    case 'neg':
      return `(-${exprSql(expr.arg)})`;
    case 'bin':
      return expr.op === '/'
        ? `(${exprSql(expr.left)} / NULLIF(${exprSql(expr.right)}, 0))`
        : `(${exprSql(expr.left)} ${expr.op} ${exprSql(expr.right)})`;
  }
}

function parsed(text: string): Expr | null {
  try {
    return parseExpression(text);
  } catch {
    return null;
  }
}

interface Input {
  spec: DataSeries;
  dataset: Dataset;
  table: string;
}

/** One series on the grid: `(k, v, utc, local)` with k the grid's key (instant, or date when daily). */
function seriesCte({ spec, dataset, table }: Input, grid: Grid): string {
  const params = seriesParams(spec, dataset, grid);
  const time = timeColumn(dataset, params.resample_frequency !== undefined);
  const utcZone = grid.zone === 'UTC';
  const local = utcZone ? time : localTwin(time);
  const value = spec.column;
  // A forecast at a lead: per interval, the newest vintage published at least `lead` hours before it.
  const publish = dataset.publish_time_column;
  const twin = local === time ? '' : `, any_value(${local}) AS ${local}`;
  const rows =
    spec.lead !== null && publish !== null
      ? `(SELECT ${time}${twin}, arg_max(${value}, ${publish}) AS ${value} FROM ${table} ` +
        `WHERE ${publish} <= ${time} - INTERVAL ${spec.lead} HOUR GROUP BY ${time})`
      : table;
  const days = -spec.shift;
  const key =
    grid.cadence === '1d'
      ? `CAST(${local} AS DATE)${days === 0 ? '' : ` + ${days}`}`
      : `time_bucket(${STEP_SQL[grid.cadence]}, ${time}${days === 0 ? '' : ` + INTERVAL ${days} DAY`})`;
  return (
    `${letter(spec.key)} AS (SELECT ${key} AS k, avg(${value}) AS v, min(${time}) AS utc, min(${local}) AS local ` +
    `FROM ${rows} GROUP BY 1)`
  );
}

function gridCte(grid: Grid): string {
  const first = grid.times[0] ?? grid.end;
  if (grid.cadence === '1d') {
    // The zone's calendar dates the grid's midnights fall on.
    const wall = wallClock(grid.zone);
    const last = grid.times[grid.times.length - 1] ?? first;
    return (
      `grid AS (SELECT CAST(range AS DATE) AS k FROM range(${dateLiteral(wall(first))}, ` +
      `${dateLiteral(wall(last))} + INTERVAL 1 DAY, INTERVAL 1 DAY))`
    );
  }
  return `grid AS (SELECT range AS k FROM range(${timestampLiteral(first)}, ${timestampLiteral(grid.end)}, ${STEP_SQL[grid.cadence]}))`;
}

/**
 * The aligned frame's SQL over the series' tables (`tables` maps a series' key to its table).
 * Derived series that do not parse, or read a series that is not in the frame, are left out.
 */
export function alignedSql(
  specs: readonly SeriesSpec[],
  datasets: ReadonlyMap<string, Dataset>,
  grid: Grid,
  tables: ReadonlyMap<string, string>,
): string {
  const inputs: Input[] = [];
  for (const spec of specs) {
    const dataset = spec.kind === 'data' ? datasets.get(spec.dataset) : undefined;
    const table = tables.get(spec.key);
    if (spec.kind === 'data' && dataset && table !== undefined) inputs.push({ spec, dataset, table });
  }
  const present = new Set<string>(inputs.map((i) => i.spec.key));
  const unshifted = inputs.filter((i) => i.spec.shift === 0).map((i) => `${letter(i.spec.key)}.utc`);
  const unshiftedLocal = inputs.filter((i) => i.spec.shift === 0).map((i) => `${letter(i.spec.key)}.local`);
  const coalesce = (parts: readonly string[]): string =>
    parts.length === 0 ? 'NULL' : parts.length === 1 ? parts.join('') : `coalesce(${parts.join(', ')})`;
  const columns: string[] = [];
  for (const spec of specs) {
    if (spec.kind === 'data') {
      if (present.has(spec.key)) columns.push(`${letter(spec.key)}.v AS ${letter(spec.key)}`);
      continue;
    }
    const expr = parsed(spec.expr);
    const refs = expr ? [...references(expr)] : [];
    if (expr && refs.every((r) => present.has(r))) columns.push(`${exprSql(expr)} AS ${letter(spec.key)}`);
  }
  const times =
    grid.cadence === '1d'
      ? [`${coalesce(unshifted)} AS interval_start_utc`, 'CAST(grid.k AS TIMESTAMP) AS interval_start_local']
      : [
          'grid.k AS interval_start_utc',
          `${grid.zone === 'UTC' ? 'grid.k' : coalesce(unshiftedLocal)} AS interval_start_local`,
        ];
  const ctes = [gridCte(grid), ...inputs.map((i) => seriesCte(i, grid))];
  const joins = inputs.map((i) => `LEFT JOIN ${letter(i.spec.key)} ON ${letter(i.spec.key)}.k = grid.k`);
  return [
    `WITH ${ctes.join(',\n')}`,
    `SELECT ${[...times, ...columns].join(', ')}`,
    'FROM grid',
    ...joins,
    'ORDER BY grid.k',
  ].join('\n');
}

/** The aligned frame's tables: every data series as `compare_<letter>`, then `compare_aligned`. */
export function alignedFrameSpecs(
  specs: readonly SeriesSpec[],
  datasets: ReadonlyMap<string, Dataset>,
  grid: Grid,
): SqlTableSpec[] {
  const tables = new Map<string, string>();
  const out: SqlTableSpec[] = [];
  for (const spec of specs) {
    const dataset = spec.kind === 'data' ? datasets.get(spec.dataset) : undefined;
    if (spec.kind !== 'data' || !dataset) continue;
    const name = `compare_${letter(spec.key)}`;
    tables.set(spec.key, name);
    out.push(seriesTable(spec, dataset, grid, name));
  }
  out.push({ name: ALIGNED_TABLE, source: { kind: 'sql', sql: alignedSql(specs, datasets, grid, tables) } });
  return out;
}

export const alignedFrameHref = (
  specs: readonly SeriesSpec[],
  datasets: ReadonlyMap<string, Dataset>,
  grid: Grid,
): string => openInSqlHrefFor(alignedFrameSpecs(specs, datasets, grid));
