import { useCallback, useMemo } from 'react';
import { slotIndexOf, type PagedRows, type PagedRowsState } from '@/api/query/pagedRows';
import type { DatasetColumn } from '@/api/types';
import { apiErrorText } from '@/api/ApiError';
import { cellText } from '@/components/columnWidths';
import type { TableRows } from '@/components/tableRows';
import { VirtualTable, type VirtualTableColumn } from '@/components/VirtualTable';
import { cellValue } from '@/lib/columnar';
import { formatInteger } from '@/lib/format';

interface Props {
  caption: string;
  columns: readonly DatasetColumn[];
  store: PagedRows;
  state: PagedRowsState;
}

/** The result's rows as the table reads them: by position, straight from the held pages' columns. */
function pagedTableRows(
  state: PagedRowsState,
  columns: readonly DatasetColumn[],
  store: PagedRows,
): TableRows {
  const index = columns.map((c) => state.names.indexOf(c.name));
  return {
    count: state.rowCount,
    text: (row, column) => {
      const slot = state.slots[slotIndexOf(state.slots, row)];
      const at = row - (slot?.start ?? 0);
      // A row whose page is not held (dropped, being fetched again) is not loaded.
      if (!slot?.rows || at >= slot.rows.rowCount) return null;
      const c = index[column] ?? -1;
      return c < 0 ? '' : cellText(cellValue(slot.rows, c, at));
    },
    result: store,
  };
}

/** The rows of a result; scrolling near the end asks for the next cursor page, far pages are dropped. */
export function ResultsTable({ caption, columns, store, state }: Props) {
  const tableColumns = useMemo<VirtualTableColumn[]>(
    () => columns.map((c) => ({ id: c.name, header: c.name, unit: c.unit, numeric: c.is_numeric })),
    [columns],
  );
  const rows = useMemo(() => pagedTableRows(state, columns, store), [state, columns, store]);
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
