/** Why a data series cannot be asked for: its definition checked against the catalog and the registry. */
import type { Dataset } from '@/contract';
import type { DataSeries } from '@/compare/compareWorkspace';
import type { UnknownName } from '@/lib/nearestNames';

/** A data series' definition checked against the catalog; a message when it cannot be asked for. */
function specProblem(spec: DataSeries, dataset: Dataset | undefined): string | null {
  if (!dataset) return `There is no dataset ${spec.dataset}.`;
  const column = dataset.all_columns.find((c) => c.name === spec.column);
  if (!column) return `${dataset.name} has no column ${spec.column}.`;
  if (!column.is_numeric) return `${spec.column} is not a number column.`;
  if (spec.filterColumn !== '' && !dataset.all_columns.some((c) => c.name === spec.filterColumn))
    return `${dataset.name} has no column ${spec.filterColumn} to filter on.`;
  return null;
}

/** The definition's problem, else the unknown location's; null when the series can be asked for. */
export const seriesProblem = (
  spec: DataSeries,
  dataset: Dataset | undefined,
  unknown: UnknownName | null | undefined,
): string | null => specProblem(spec, dataset) ?? (unknown ? `No location named “${unknown.value}”.` : null);
