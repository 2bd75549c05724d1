/**
 * Example queries written for the tables at hand: each names tables and columns the session holds,
 * so picking one gives SQL that runs. An example the tables cannot answer says what to load.
 * Pure: the page passes the session's tables in.
 */
import { DATASET_IDS } from '@/contract';
import type { SqlColumn, SqlTable } from '@/sql/types';
import { isNumericType, isTimestampType, sqlIdentifier as id } from './sqlTypes';

type SqlExampleId = 'hour-month-pivot' | 'dart-by-hour' | 'top-spikes' | 'below-zero-by-weekday';

export interface SqlExample {
  id: SqlExampleId;
  title: string;
  /** What it answers, naming the tables it reads (or would read). */
  description: string;
  /** The query, or null when the tables at hand cannot answer it. */
  sql: string | null;
  /** What to load for it to work, when `sql` is null. */
  missing: string | null;
}

type Market = 'real-time' | 'day-ahead';

const MARKET_OF_DATASET: Partial<Record<string, Market>> = {
  [DATASET_IDS.realTimeSpp]: 'real-time',
  [DATASET_IDS.realTimeLmp]: 'real-time',
  [DATASET_IDS.dayAheadSpp]: 'day-ahead',
};

/** What to open in SQL for a table of each market. */
const DATASET_TO_ADD: Record<Market, string> = {
  'real-time': 'ERCOT Real-Time Settlement Point Prices (15-minute)',
  'day-ahead': 'ERCOT Day-Ahead Settlement Point Prices (hourly)',
};

/** A table the examples can read: a time column and a value column, at least. */
interface Candidate {
  table: SqlTable;
  market: Market | null;
  /** The column hours and weekdays are read from: market time when the table has it. */
  clock: SqlColumn;
  /** The instant rows are matched on across tables (UTC when the table has it). */
  instant: SqlColumn;
  value: SqlColumn;
  location: SqlColumn | null;
}

function marketOf(table: SqlTable): Market | null {
  if (table.source.kind === 'query') return MARKET_OF_DATASET[table.source.dataset] ?? null;
  // A saved result keeps only its name to go by.
  if (/(^|_)(rt|real_?time)(_|$)/.test(table.name)) return 'real-time';
  if (/(^|_)(da|dam|day_?ahead)(_|$)/.test(table.name)) return 'day-ahead';
  return null;
}

function candidate(table: SqlTable): Candidate | null {
  if (table.status.state !== 'ready') return null;
  const times = table.columns.filter((c) => isTimestampType(c.type));
  const numbers = table.columns.filter((c) => isNumericType(c.type));
  const named = (name: string) => times.find((c) => c.name === name);
  const clock = named('interval_start_local') ?? named('interval_start_utc') ?? times[0];
  const instant = named('interval_start_utc') ?? times[0];
  const value =
    numbers.find((c) => c.unit?.startsWith('$')) ??
    numbers.find((c) => ['spp', 'lmp', 'price'].includes(c.name)) ??
    numbers[0];
  if (!clock || !instant || !value) return null;
  const location = table.columns.find((c) => c.name === 'location' && !isNumericType(c.type)) ?? null;
  return { table, market: marketOf(table), clock, instant, value, location };
}

const isLocal = (c: Candidate) => c.clock.name.endsWith('_local');

/** Said in a query whose hours come from a UTC column, so no one reads them as the market's hours. */
function clockNote(c: Candidate): string {
  return isLocal(c)
    ? `-- Hours and days are the market's wall clock (${c.clock.name}).`
    : `-- ${c.table.name} has no market-time (_local) column: hours and days here are UTC. Load it with\n-- times in market time for the market's clock.`;
}

function needBoth(rt: Candidate | undefined, da: Candidate | undefined): string {
  if (!rt && !da)
    return `Needs a real-time and a day-ahead price table: open a query of ${DATASET_TO_ADD['real-time']} and one of ${DATASET_TO_ADD['day-ahead']} in SQL.`;
  const [have, lacking]: [Candidate | undefined, Market] = rt ? [rt, 'day-ahead'] : [da, 'real-time'];
  return `Needs a ${lacking} price table beside ${have?.table.name ?? ''}: open a query of ${DATASET_TO_ADD[lacking]} in SQL, for the same locations and days.`;
}

function pivot(c: Candidate): string {
  const clock = id(c.clock.name);
  const value = id(c.value.name);
  return [
    `-- Average ${c.value.name} of ${c.table.name} by hour of day (rows) and month (columns)${c.location ? ', over every location in the table' : ''}.`,
    clockNote(c),
    'PIVOT (',
    `  SELECT hour(${clock}) AS hour_of_day, strftime(${clock}, '%Y-%m') AS month, ${value}`,
    `  FROM ${c.table.name}`,
    ')',
    'ON month',
    `USING round(avg(${value}), 2)`,
    'GROUP BY hour_of_day',
    'ORDER BY hour_of_day;',
  ].join('\n');
}

function dart(rt: Candidate, da: Candidate): string {
  const byLocation = rt.location !== null && da.location !== null;
  const location = byLocation ? 'location, ' : '';
  const hourStart = (c: Candidate) => `date_trunc('hour', ${id(c.instant.name)}) AS hour_start`;
  return [
    `-- DART by hour of day${byLocation ? ' and location' : ''}: the day-ahead price (${da.table.name}) minus the`,
    `-- real-time price (${rt.table.name}, averaged over each hour).`,
    clockNote(rt),
    'WITH rt AS (',
    `  SELECT ${location}${hourStart(rt)}, hour(${id(rt.clock.name)}) AS hour_of_day, avg(${id(rt.value.name)}) AS rt_price`,
    `  FROM ${rt.table.name}`,
    '  GROUP BY ALL',
    '), da AS (',
    `  SELECT ${location}${hourStart(da)}, avg(${id(da.value.name)}) AS da_price`,
    `  FROM ${da.table.name}`,
    '  GROUP BY ALL',
    ')',
    `SELECT ${location}hour_of_day,`,
    '  round(avg(da_price - rt_price), 2) AS avg_dart,',
    '  round(avg(da_price), 2) AS avg_day_ahead,',
    '  round(avg(rt_price), 2) AS avg_real_time,',
    '  count(*) AS hours',
    `FROM rt JOIN da USING (${location}hour_start)`,
    'GROUP BY ALL',
    `ORDER BY ${location}hour_of_day;`,
  ].join('\n');
}

function spikes(rt: Candidate, da: Candidate): string {
  const byLocation = rt.location !== null && da.location !== null;
  const shown = [
    ...(rt.location ? [`r.${id(rt.location.name)}`] : []),
    ...(rt.clock.name !== rt.instant.name ? [`r.${id(rt.clock.name)}`] : []),
    `r.${id(rt.instant.name)}`,
    `r.${id(rt.value.name)} AS rt_price`,
    `d.${id(da.value.name)} AS da_price`,
    `r.${id(rt.value.name)} - d.${id(da.value.name)} AS rt_minus_da`,
  ];
  const match = `r.${id(rt.instant.name)} >= d.${id(da.instant.name)}`;
  return [
    `-- The 20 highest real-time prices in ${rt.table.name}, each with the day-ahead price of its hour from`,
    `-- ${da.table.name}: ASOF JOIN takes the latest day-ahead interval starting at or before the real-time one${byLocation ? ',\n-- at the same location' : ''}.`,
    `SELECT ${shown.join(', ')}`,
    `FROM ${rt.table.name} AS r`,
    `ASOF LEFT JOIN ${da.table.name} AS d`,
    `  ON ${byLocation ? `r.${id(rt.location?.name ?? '')} = d.${id(da.location?.name ?? '')} AND ` : ''}${match}`,
    `ORDER BY r.${id(rt.value.name)} DESC`,
    'LIMIT 20;',
  ].join('\n');
}

function belowZero(c: Candidate): string {
  const clock = id(c.clock.name);
  const value = id(c.value.name);
  const location = c.location ? `${id(c.location.name)}, ` : '';
  return [
    `-- How often ${c.value.name} in ${c.table.name} was below zero, by day of the week${c.location ? ' and location' : ''}.`,
    clockNote(c),
    `SELECT ${location}isodow(${clock}) AS day_number, dayname(${clock}) AS weekday,`,
    '  count(*) AS intervals,',
    `  count(*) FILTER (WHERE ${value} < 0) AS below_zero,`,
    `  round(100 * count(*) FILTER (WHERE ${value} < 0) / count(*), 2) AS percent_below_zero`,
    `FROM ${c.table.name}`,
    'GROUP BY ALL',
    `ORDER BY ${location}day_number;`,
  ].join('\n');
}

const NO_TABLE =
  'Needs a table with a time column and a number column: open a query result in SQL (Open in SQL on the query page).';

/** The examples for these tables, in a fixed order; each either has SQL or says what to add. */
export function sqlExamples(tables: readonly SqlTable[]): SqlExample[] {
  const candidates = tables.map(candidate).filter((c): c is Candidate => c !== null);
  const rt = candidates.find((c) => c.market === 'real-time');
  const da = candidates.find((c) => c.market === 'day-ahead');
  // The one-table examples prefer real-time prices, then any prices, then anything with a value.
  const single = rt ?? da ?? candidates[0];
  const pair = rt && da ? { rt, da } : null;
  return [
    {
      id: 'hour-month-pivot',
      title: 'Hour of day × month',
      description: single
        ? `Average ${single.value.name} of ${single.table.name}, one row per hour of the day and one column per month.`
        : 'Average price by hour of the day and month, as a pivot table.',
      sql: single ? pivot(single) : null,
      missing: single ? null : NO_TABLE,
    },
    {
      id: 'dart-by-hour',
      title: 'DART by hour',
      description: pair
        ? `Day-ahead (${pair.da.table.name}) minus real-time (${pair.rt.table.name}) price, averaged by hour of the day.`
        : 'Day-ahead minus real-time price, averaged by hour of the day.',
      sql: pair ? dart(pair.rt, pair.da) : null,
      missing: pair ? null : needBoth(rt, da),
    },
    {
      id: 'top-spikes',
      title: 'Top 20 real-time spikes',
      description: pair
        ? `The highest prices of ${pair.rt.table.name}, each beside the day-ahead price of its hour (an ASOF join to ${pair.da.table.name}).`
        : 'The highest real-time prices, each beside the day-ahead price of its hour (an ASOF join).',
      sql: pair ? spikes(pair.rt, pair.da) : null,
      missing: pair ? null : needBoth(rt, da),
    },
    {
      id: 'below-zero-by-weekday',
      title: 'Below zero by weekday',
      description: single
        ? `The share of ${single.table.name}'s intervals with ${single.value.name} below zero, for each day of the week.`
        : 'The share of intervals priced below zero, for each day of the week.',
      sql: single ? belowZero(single) : null,
      missing: single ? null : NO_TABLE,
    },
  ];
}
