/** Fitting a state read from a link to the dataset it is for. */
import type { Dataset, DatasetColumn } from '@/api/types';
import { operatorSuits } from '@/contract/vocabulary';
import type { ColumnKind } from '@/lib/queryDescription';
import { DEFAULT_QUERY_STATE, QUERY_KEY_LABELS, type QueryState } from './queryUrl';

export function columnKind(column: DatasetColumn): ColumnKind {
  if (column.is_datetime) return 'timestamp';
  if (column.is_numeric) return 'number';
  return 'string';
}

/** The time-index columns, which the API always returns first whatever `columns` says. */
export function timeIndexColumns(dataset: Dataset): string[] {
  return dataset.time_index_column === 'interval_start_utc'
    ? ['interval_start_utc', 'interval_end_utc']
    : ['time_utc'];
}

/**
 * Drops what the dataset cannot answer (columns it lacks, a vintage on a dataset without
 * publish times, an operator that does not suit the column), naming each in `ignored`.
 */
export function fitToDataset(state: QueryState, dataset: Dataset): { state: QueryState; ignored: string[] } {
  const names = new Set(dataset.all_columns.map((c) => c.name));
  const ignored: string[] = [];
  const next: QueryState = { ...state };
  if (next.fcol !== '') {
    const column = dataset.all_columns.find((c) => c.name === next.fcol);
    if (!column) {
      ignored.push(`filter column ${next.fcol}`);
      next.fcol = DEFAULT_QUERY_STATE.fcol;
      next.fop = DEFAULT_QUERY_STATE.fop;
      next.fval = DEFAULT_QUERY_STATE.fval;
    } else if (!operatorSuits(next.fop, columnKind(column))) {
      ignored.push(QUERY_KEY_LABELS.fop);
      next.fop = '=';
    }
  }
  const unknownCols = next.cols.filter((c) => !names.has(c));
  if (unknownCols.length > 0) {
    ignored.push(`columns ${unknownCols.join(', ')}`);
    next.cols = next.cols.filter((c) => names.has(c));
  }
  const unknownBy = next.rsby.filter((c) => !names.has(c));
  if (unknownBy.length > 0) {
    ignored.push(`group-by ${unknownBy.join(', ')}`);
    next.rsby = next.rsby.filter((c) => names.has(c));
  }
  if (
    dataset.publish_time_column === null &&
    (next.pt !== 'all' || next.ptat !== '' || next.pts !== '' || next.pte !== '')
  ) {
    ignored.push(QUERY_KEY_LABELS.pt);
    next.pt = 'all';
    next.ptat = '';
    next.pts = '';
    next.pte = '';
  }
  return { state: next, ignored };
}
