/** Fitting a state read from a link to the dataset it is for. */
import { type Dataset, type DatasetColumn, operatorSuits } from '@/contract';
import { quoteLinkValue, type UnreadSetting } from '@/lib/linkSettings';
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

const names = (list: readonly string[]): string => list.map(quoteLinkValue).join(', ');

/**
 * Drops what the dataset cannot answer (columns it lacks, a vintage on a dataset without
 * publish times, an operator that does not suit the column), naming each in `unread`.
 */
export function fitToDataset(
  state: QueryState,
  dataset: Dataset,
): { state: QueryState; unread: UnreadSetting[] } {
  const known = new Set(dataset.all_columns.map((c) => c.name));
  const unread: UnreadSetting[] = [];
  const next: QueryState = { ...state };
  if (next.fcol !== '') {
    const column = dataset.all_columns.find((c) => c.name === next.fcol);
    if (!column) {
      unread.push({
        label: QUERY_KEY_LABELS.fcol,
        problem: `${quoteLinkValue(next.fcol)} is not a column of this dataset`,
        instead: 'no filter was used',
      });
      next.fcol = DEFAULT_QUERY_STATE.fcol;
      next.fop = DEFAULT_QUERY_STATE.fop;
      next.fval = DEFAULT_QUERY_STATE.fval;
    } else if (!operatorSuits(next.fop, columnKind(column))) {
      unread.push({
        label: QUERY_KEY_LABELS.fop,
        problem: `${quoteLinkValue(next.fop)} does not suit the ${columnKind(column)} column ${next.fcol}`,
        instead: '= was used instead',
      });
      next.fop = '=';
    }
  }
  const unknownCols = next.cols.filter((c) => !known.has(c));
  if (unknownCols.length > 0) {
    unread.push({
      label: QUERY_KEY_LABELS.cols,
      problem: `${names(unknownCols)} ${unknownCols.length === 1 ? 'is not a column' : 'are not columns'} of this dataset`,
      instead: 'left out',
    });
    next.cols = next.cols.filter((c) => known.has(c));
  }
  const unknownBy = next.rsby.filter((c) => !known.has(c));
  if (unknownBy.length > 0) {
    unread.push({
      label: QUERY_KEY_LABELS.rsby,
      problem: `${names(unknownBy)} ${unknownBy.length === 1 ? 'is not a column' : 'are not columns'} of this dataset`,
      instead: 'left out',
    });
    next.rsby = next.rsby.filter((c) => known.has(c));
  }
  if (
    dataset.publish_time_column === null &&
    (next.pt !== 'all' || next.ptat !== '' || next.pts !== '' || next.pte !== '')
  ) {
    unread.push({
      label: QUERY_KEY_LABELS.pt,
      problem: 'this dataset has no publish times',
      instead: 'all rows were used',
    });
    next.pt = 'all';
    next.ptat = '';
    next.pts = '';
    next.pte = '';
  }
  return { state: next, unread };
}
