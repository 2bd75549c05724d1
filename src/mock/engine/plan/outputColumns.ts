/**
 * Planning the output (contract §6.3, §6.5): which columns come back, and how resampling reshapes
 * them. A resampled row is [bucket start, bucket end, ...group values, ...aggregates]; each
 * `X_utc` timestamp gets its `X_local` twin when the query's zone is not UTC.
 */
import type { ResampleFunction } from '@/contract';
import type { DatasetDef } from '@/mock/data/types';
import { invalid } from '../rejection';
import { parseFrequency } from '../resample/frequency';
import { resolveResampleFunction } from '../resample/functions';
import type { Zone } from '@/time';
import { columnIndex, columnNotFound, outputColumn, splitList } from './columns';
import type { RawQueryParams } from './queryParams';
import type { OutputColumn, PublishMode, QueryPlan, ResamplePlan } from './queryPlan';

type OutputPlan = Pick<QueryPlan, 'resample' | 'columns'>;

function timeIndexColumns(def: DatasetDef): string[] {
  return def.timeIndexColumn === 'interval_start_utc'
    ? def.columns
        .filter((c) => c.name === 'interval_start_utc' || c.name === 'interval_end_utc')
        .map((c) => c.name)
    : [def.timeIndexColumn];
}

/** Inserts `X_local` immediately before each datetime column `X_utc` when the zone is not UTC. */
function withLocalTwins(columns: OutputColumn[], zone: Zone): OutputColumn[] {
  if (zone.isUtc) return columns;
  return columns.flatMap((c) =>
    c.type === 'TIMESTAMP' && c.name.endsWith('_utc')
      ? [
          {
            ...c,
            name: `${c.name.slice(0, -4)}_local`,
            description: `${c.description} (in ${zone.name})`,
            local: true,
          },
          c,
        ]
      : [c],
  );
}

/** The resampling asked for, and the columns of its rows; 400 for a bad frequency, function or group. */
function planResampled(
  def: DatasetDef,
  raw: RawQueryParams,
  requested: readonly string[] | null,
  publish: PublishMode,
): OutputPlan {
  const frequency = parseFrequency(raw.resampleFrequency ?? '');
  const fn: ResampleFunction = resolveResampleFunction(raw.resampleFunction);
  const byText = raw.resampleBy?.trim() ?? '';
  let groupNames: string[];
  if (byText !== '') {
    groupNames = [...new Set(splitList(byText))];
    for (const name of groupNames) columnIndex(def, name);
    // Resampled rows carry their bucket under these names; a group column of the same name would clash.
    const clash = groupNames.find((n) => n === 'interval_start_utc' || n === 'interval_end_utc');
    if (clash !== undefined) {
      throw invalid(
        `resample_by cannot include ${clash}: resampled rows already carry their bucket as interval_start_utc and interval_end_utc.`,
      );
    }
  } else {
    groupNames = [];
    if (def.subseriesColumn) groupNames.push(def.subseriesColumn);
    if (def.publishTimeColumn && publish.kind !== 'latest' && publish.kind !== 'latest_report') {
      groupNames.push(def.publishTimeColumn);
    }
  }
  const groupBy = groupNames.map((n) => columnIndex(def, n));
  const values = def.columns
    .map((c, i) => ({ c, i }))
    .filter(({ c, i }) => c.type === 'DOUBLE PRECISION' && !groupBy.includes(i))
    .filter(({ c }) => requested === null || requested.includes(c.name));
  if (requested) {
    values.sort((a, b) => requested.indexOf(a.c.name) - requested.indexOf(b.c.name));
  }
  const resample: ResamplePlan = { frequency, fn, groupBy, values: values.map((v) => v.i) };
  const start = def.columns.find((c) => c.name === 'interval_start_utc');
  const end = def.columns.find((c) => c.name === 'interval_end_utc');
  const columns: OutputColumn[] = [
    {
      name: 'interval_start_utc',
      type: 'TIMESTAMP',
      unit: null,
      description: start?.description ?? 'Start of the resampled interval',
      source: 0,
      local: false,
    },
    {
      name: 'interval_end_utc',
      type: 'TIMESTAMP',
      unit: null,
      description: end?.description ?? 'End of the resampled interval',
      source: 1,
      local: false,
    },
    ...groupBy.map((i, k) => outputColumn(def.columns[i] ?? columnNotFound(def, String(i)), 2 + k)),
    ...values.map(({ c }, k) => outputColumn(c, 2 + groupBy.length + k)),
  ];
  return { resample, columns };
}

/** The dataset's own columns (those asked for, with the time index); resampling's parameters are still checked. */
function planRows(def: DatasetDef, raw: RawQueryParams, requested: readonly string[] | null): OutputPlan {
  if (raw.resampleBy !== undefined && raw.resampleBy.trim() !== '') {
    for (const name of splitList(raw.resampleBy)) columnIndex(def, name);
  }
  if (raw.resampleFunction !== undefined) resolveResampleFunction(raw.resampleFunction);
  const names =
    requested === null
      ? def.columns.map((c) => c.name)
      : [...new Set([...timeIndexColumns(def), ...requested])];
  const columns = names.map((n) => {
    const i = columnIndex(def, n);
    return outputColumn(def.columns[i] ?? columnNotFound(def, n), i);
  });
  return { resample: null, columns };
}

export function planOutput(
  def: DatasetDef,
  raw: RawQueryParams,
  zone: Zone,
  requested: readonly string[] | null,
  publish: PublishMode,
): OutputPlan {
  const resampleAsked = raw.resampleFrequency !== undefined && raw.resampleFrequency.trim() !== '';
  const output = resampleAsked ? planResampled(def, raw, requested, publish) : planRows(def, raw, requested);
  return { resample: output.resample, columns: withLocalTwins(output.columns, zone) };
}
