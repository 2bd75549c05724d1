import { useCallback, useMemo } from 'react';
import { slotIndexOf, type PagedRows, type PagedRowsState } from '@/api/query/pagedRows';
import type { CellValue, DatasetColumn } from '@/contract';
import { apiErrorText } from '@/api/ApiError';
import type { TableView } from '@/components/TableColumnsMenu';
import { cellText, type TableRows } from '@/components/tableRows';
import { VirtualTable, type VirtualTableColumn } from '@/components/VirtualTable';
import { cellValue } from '@/lib/columnar';
import { formatCellNumber, formatInteger } from '@/lib/format';
import type { PartialBucket } from './DataQualityLine';

interface Props {
  caption: string;
  columns: readonly DatasetColumn[];
  store: PagedRows;
  state: PagedRowsState;
  /** Buckets of a resampled result that stand for part of themselves, by start: `1 of 4` intervals. */
  partial?: ReadonlyMap<number, PartialBucket>;
  /** Which columns show, pinned and in what order (see tableView.ts); all, as sent, without it. */
  view?: TableView;
  onViewChange?: (view: TableView) => void;
}

/** The result's rows as the table reads them: by position, straight from the held pages' columns. */
const NO_PARTIAL: ReadonlyMap<number, PartialBucket> = new Map();

/** A bucket's start column, whose cell says when its bucket is partial. */
const BUCKET_START = /^interval_start_(utc|local)$/;

function pagedTableRows(
  state: PagedRowsState,
  columns: readonly DatasetColumn[],
  store: PagedRows,
  partial: ReadonlyMap<number, PartialBucket>,
): TableRows {
  const index = columns.map((c) => state.names.indexOf(c.name));
  const marked = columns.map((c) => partial.size > 0 && BUCKET_START.test(c.name));
  /** The cell's value, undefined while its row is not held (its page dropped or being fetched again). */
  const valueAt = (row: number, column: number): CellValue | undefined => {
    const slot = state.slots[slotIndexOf(state.slots, row)];
    const at = row - (slot?.start ?? 0);
    if (!slot?.rows || at >= slot.rows.rowCount) return undefined;
    const c = index[column] ?? -1;
    return c < 0 ? null : cellValue(slot.rows, c, at);
  };
  return {
    count: state.rowCount,
    text: (row, column) => {
      const value = valueAt(row, column);
      if (value === undefined) return null;
      // Numbers to their column's meaningful precision: prices to the cent, MW to a tenth.
      if (typeof value === 'number') return formatCellNumber(value, columns[column]?.unit);
      const text = cellText(value);
      const cut = marked[column] && typeof value === 'string' ? partial.get(Date.parse(value)) : undefined;
      return cut === undefined ? text : `${text} · partial (${cut.text} intervals)`;
    },
    fullText: (row, column) => {
      const value = valueAt(row, column);
      return typeof value === 'number' ? String(value) : undefined;
    },
    result: store,
  };
}

/** The rows of a result; scrolling near the end asks for the next cursor page, far pages are dropped. */
export function ResultsTable({
  caption,
  columns,
  store,
  state,
  partial = NO_PARTIAL,
  view,
  onViewChange,
}: Props) {
  const tableColumns = useMemo<VirtualTableColumn[]>(
    () => columns.map((c) => ({ id: c.name, header: c.name, unit: c.unit, numeric: c.is_numeric })),
    [columns],
  );
  const rows = useMemo(
    () => pagedTableRows(state, columns, store, partial),
    [state, columns, store, partial],
  );
  const hasNext = state.nextCursor !== null;
  const onEndReached = useMemo(
    () => (hasNext && !state.fetchingNext && state.nextError === null ? () => store.fetchNext() : undefined),
    [hasNext, state.fetchingNext, state.nextError, store],
  );
  const onRangeChange = useCallback((first: number, last: number) => store.setView(first, last), [store]);
  const failed = state.nextError ?? state.slots.find((s) => s.error !== null)?.error ?? null;
  const more = state.fetchingNext ? 'loading more…' : hasNext ? 'more available' : 'all rows loaded';
  const status = `${formatInteger(state.rowCount)} rows loaded · ${more}`;
  return (
    <VirtualTable
      caption={caption}
      columns={tableColumns}
      rows={rows}
      onEndReached={onEndReached}
      onRangeChange={onRangeChange}
      view={view}
      onViewChange={onViewChange}
      status={
        failed === null ? (
          status
        ) : (
          <>
            {status} · rows could not be loaded: {apiErrorText(failed)}{' '}
            <button type="button" onClick={() => store.retry()}>
              Try again
            </button>
          </>
        )
      }
    />
  );
}
