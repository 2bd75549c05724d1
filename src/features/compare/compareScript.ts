/**
 * The workspace as a Python script (gridstatusio and pandas) that builds the same aligned frame:
 * each series fetched with the same parameters as the page asks for, shifted by calendar days of
 * the zone (pandas' DateOffset keeps the wall-clock time, as the page does), put on the grid and
 * joined, then the derived columns computed from their expressions. The key stays in the
 * environment; it is never written into the script.
 */
import { API_KEY_ENV } from '@/api/connection';
import type { Dataset } from '@/api/types';
import { nextDate } from '@/lib/marketDay';
import type { GridCadence } from './grid';
import type { SeriesSpec } from '@/lib/compareWorkspace';

const py = (text: string): string => JSON.stringify(text);
const PANDAS_FREQ: Record<GridCadence, string> = { '5min': '5min', '15min': '15min', '1h': 'h', '1d': 'D' };

const SERIES_DEF =
  'def series(dataset, column, shift_days=0, lead_hours=None, resample=None, resample_function="mean", **filters):';

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
    `END = pd.Timestamp(${py(nextDate(to))}, tz=TZ)  # the day after the last day: exclusive`,
    `GRID = pd.date_range(START, END, freq=${py(PANDAS_FREQ[cadence])}, inclusive="left")`,
    '',
    '',
    SERIES_DEF,
    '    """One column on the grid; shift_days=-364 draws the values of 364 calendar days earlier (same weekday)."""',
    '    start = START + pd.DateOffset(days=shift_days)',
    '    end = END + pd.DateOffset(days=shift_days)',
    '    kwargs = dict(dataset=dataset, start=start.isoformat(), end=end.isoformat(), columns=[column], tz=TZ)',
    '    for name, value in filters.items():',
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
  for (const s of series) {
    if (s.kind !== 'data') continue;
    const args = [py(s.dataset), py(s.column)];
    if (s.shift !== 0) args.push(`shift_days=${s.shift}`);
    if (s.lead !== null) args.push(`lead_hours=${s.lead}`);
    if (s.lead === null) args.push(`resample=${py(cadence)}`);
    if (s.lead === null && s.fn !== 'mean') args.push(`resample_function=${py(s.fn)}`);
    if (s.filterColumn !== '') args.push(`${s.filterColumn}=${py(s.filterValue)}`);
    lines.push(`frame[${py(s.key)}] = series(${args.join(', ')})`);
  }
  for (const s of series) {
    if (s.kind !== 'expr') continue;
    // Letters become frame columns; the grammar is arithmetic only, so the text is valid Python.
    const expr = s.expr.replace(/\b([A-Ha-h])\b/g, (_, k: string) => `frame[${py(k.toUpperCase())}]`);
    lines.push(`frame[${py(s.key)}] = ${expr}`);
  }
  lines.push(
    'frame.index.name = "interval_start_local"',
    'frame.insert(0, "interval_start_utc", frame.index.tz_convert("UTC"))',
    'print(frame.describe())',
  );
  return lines.join('\n');
}
