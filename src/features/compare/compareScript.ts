/**
 * The workspace as a Python script (gridstatusio and pandas) that builds the same aligned frame:
 * each series fetched with the same parameters as the page asks for, shifted by calendar days of
 * the zone (pandas' DateOffset keeps the wall-clock time, as the page does), put on the grid and
 * joined, then the derived columns computed from their expressions. The key stays in the
 * environment; it is never written into the script.
 */
import { API_KEY_ENV } from '@/api/connection';
import type { Dataset } from '@/contract';
import { intLiteral, pyComment, pyString as py } from '@/lib/codeLiterals';
import { addDays } from '@/time';
import type { DataSeries, SeriesSpec } from '@/compare/compareWorkspace';
import { ExpressionError, parseExpression, references, type Expr } from './expression';
import type { GridCadence } from './grid';

const PANDAS_FREQ: Record<GridCadence, string> = { '5min': '5min', '15min': '15min', '1h': 'h', '1d': 'D' };

const SERIES_DEF =
  'def series(dataset, column, shift_days=0, lead_hours=None, resample=None, resample_function="mean", filters=None):';

/** Binding strength in Python (and in the expression grammar, which has the same rules). */
const STRENGTH = { '+': 1, '-': 1, '*': 2, '/': 2 } as const;
const strengthOf = (e: Expr): number => (e.kind === 'bin' ? STRENGTH[e.op] : e.kind === 'neg' ? 3 : 4);

/**
 * A parsed expression as Python, built from its tree alone: frame columns, numbers, the four
 * operators and brackets, so nothing of the typed text reaches the script.
 */
function pythonOfExpression(e: Expr): string {
  const wrap = (inner: Expr, atLeast: number): string =>
    strengthOf(inner) < atLeast ? `(${pythonOfExpression(inner)})` : pythonOfExpression(inner);
  switch (e.kind) {
    case 'num':
      // `1e999` reads as infinity; Python has no literal for it.
      return Number.isFinite(e.value) ? String(e.value) : 'float("inf")';
    case 'ref':
      return `frame[${py(e.name)}]`;
    case 'neg':
      return `-${wrap(e.arg, 3)}`;
    case 'bin':
      // Left-associative: the right operand of the same strength keeps its brackets (A - (B - C)).
      return `${wrap(e.left, STRENGTH[e.op])} ${e.op} ${wrap(e.right, STRENGTH[e.op] + 1)}`;
  }
}

/** The call that fetches one data series onto the grid. */
function seriesCall(s: DataSeries, cadence: GridCadence): string {
  const args = [py(s.dataset), py(s.column)];
  if (s.shift !== 0) args.push(`shift_days=${intLiteral(s.shift)}`);
  if (s.lead !== null) args.push(`lead_hours=${intLiteral(s.lead)}`);
  if (s.lead === null) args.push(`resample=${py(cadence)}`);
  if (s.lead === null && s.fn !== 'mean') args.push(`resample_function=${py(s.fn)}`);
  // A dict rather than keyword arguments: a column's name is data, whatever it is called.
  if (s.filterColumn !== '') args.push(`filters={${py(s.filterColumn)}: ${py(s.filterValue)}}`);
  return `series(${args.join(', ')})`;
}

/**
 * The derived columns in an order that computes each after the columns it reads (they may read
 * each other), as the page does; one the page cannot compute is left out with a note saying why.
 */
function derivedLines(series: readonly SeriesSpec[]): string[] {
  const lines: string[] = [];
  const done = new Set<string>(series.filter((s) => s.kind === 'data').map((s) => s.key));
  const pending = new Map<string, Expr>();
  const leftOut = new Set<string>();
  const note = (key: string, why: string) => {
    lines.push(pyComment(`${key} is left out: ${why}.`));
    leftOut.add(key);
  };
  for (const s of series) {
    if (s.kind !== 'expr') continue;
    try {
      pending.set(s.key, parseExpression(s.expr));
    } catch (e) {
      // The message only: the typed text is not code and has no place in the script.
      note(
        s.key,
        `its expression does not parse (${e instanceof ExpressionError ? e.message : 'unreadable'})`,
      );
    }
  }
  let progress = true;
  while (progress) {
    progress = false;
    for (const [key, expr] of pending) {
      const refs = [...references(expr)];
      const missing = refs.find((r) => r === key || !(done.has(r) || pending.has(r) || leftOut.has(r)));
      const failed = refs.find((r) => leftOut.has(r));
      if (missing === undefined && failed === undefined && !refs.every((r) => done.has(r))) continue;
      pending.delete(key);
      progress = true;
      if (missing !== undefined)
        note(key, missing === key ? 'it refers to itself' : `there is no series ${missing}`);
      else if (failed !== undefined) note(key, `series ${failed} is left out`);
      else {
        lines.push(`frame[${py(key)}] = ${pythonOfExpression(expr)}`);
        done.add(key);
      }
    }
  }
  for (const key of pending.keys()) note(key, 'its expressions refer to each other in a circle');
  return lines;
}

export interface ScriptInput {
  baseUrl: string;
  from: string;
  to: string;
  zone: string;
  cadence: GridCadence;
  series: readonly SeriesSpec[];
  datasets: ReadonlyMap<string, Dataset>;
}

export function compareScript({ baseUrl, from, to, zone, cadence, series, datasets }: ScriptInput): string {
  const lines = [
    'import pandas as pd',
    'from gridstatusio import GridStatusClient',
    '',
    `# Reads the key from the ${API_KEY_ENV} environment variable.`,
    `client = GridStatusClient(host=${py(`${baseUrl.replace(/\/+$/, '')}/v1`)})`,
    `TZ = ${py(zone)}`,
    `START = pd.Timestamp(${py(from)}, tz=TZ)`,
    `END = pd.Timestamp(${py(addDays(to, 1))}, tz=TZ)  # the day after the last day: exclusive`,
    `GRID = pd.date_range(START, END, freq=${py(PANDAS_FREQ[cadence])}, inclusive="left")`,
    '',
    '',
    SERIES_DEF,
    '    """One column on the grid; shift_days=-364 draws the values of 364 calendar days earlier (same weekday)."""',
    '    start = START + pd.DateOffset(days=shift_days)',
    '    end = END + pd.DateOffset(days=shift_days)',
    '    kwargs = dict(dataset=dataset, start=start.isoformat(), end=end.isoformat(), columns=[column], tz=TZ)',
    '    for name, value in (filters or {}).items():',
    '        kwargs.update(filter_column=name, filter_value=value, filter_operator="=")',
    '    if lead_hours is None and dataset in VINTAGED:',
    '        kwargs["publish_time"] = "latest"',
    '    if lead_hours is not None:',
    '        kwargs["columns"] = ["publish_time_utc", column]',
    '        kwargs["publish_time_start"] = (start - pd.Timedelta(hours=lead_hours + 2)).isoformat()',
    '        kwargs["publish_time_end"] = (end - pd.Timedelta(hours=lead_hours - 1)).isoformat()',
    '    elif resample is not None:',
    '        kwargs.update(resample=resample, resample_function=resample_function)',
    '    df = client.get_dataset(**kwargs)',
    '    # The time index, however the client named it (tz= turns *_utc into *_local).',
    '    name = next(c for c in ("interval_start_utc", "interval_start_local", "time_utc", "time_local") if c in df)',
    '    time = pd.to_datetime(df[name], utc=True)',
    '    if lead_hours is not None:',
    '        # The newest vintage published at least lead_hours before each interval.',
    '        published = pd.to_datetime(df["publish_time_utc" if "publish_time_utc" in df else "publish_time_local"], utc=True)',
    '        df = df[published <= time - pd.Timedelta(hours=lead_hours)].assign(_t=time, _p=published)',
    '        df = df.sort_values(["_t", "_p"]).groupby("_t").tail(1)',
    '        time = df["_t"]',
    '    values = pd.Series(df[column].to_numpy(), index=time.dt.tz_convert(TZ))',
    '    if shift_days:',
    '        # The same wall-clock time days later; a time that day lacks (spring forward) is dropped,',
    '        # one it has twice (autumn) is the first.',
    '        wall = values.index.tz_localize(None) + pd.Timedelta(days=-shift_days)',
    '        values.index = wall.tz_localize(TZ, nonexistent="NaT", ambiguous=[True] * len(wall))',
    '        values = values[values.index.notna()]',
    '    # Buckets of the grid: days start at midnight of TZ, so DST days are 23 or 25 hours.',
    '    return values.resample(GRID.freq).mean().reindex(GRID)',
    '',
    '',
  ];
  const vintaged = [...datasets.values()].filter((d) => d.publish_time_column !== null).map((d) => py(d.id));
  // The datasets with forecast vintages, whose plain series take the newest vintage.
  lines.splice(lines.indexOf(SERIES_DEF), 0, `VINTAGED = {${vintaged.join(', ')}}`, '');
  lines.push('frame = pd.DataFrame(index=GRID)');
  for (const s of series)
    if (s.kind === 'data') lines.push(`frame[${py(s.key)}] = ${seriesCall(s, cadence)}`);
  lines.push(...derivedLines(series));
  lines.push(
    'frame.index.name = "interval_start_local"',
    'frame.insert(0, "interval_start_utc", frame.index.tz_convert("UTC"))',
    'print(frame.describe())',
  );
  return lines.join('\n');
}
