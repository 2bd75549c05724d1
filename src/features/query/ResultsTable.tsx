import { useMemo } from 'react';
import type { DatasetColumn, Row } from '@/api/types';
import { VirtualTable, type VirtualTableColumn } from '@/components/VirtualTable';
import { formatInteger } from '@/lib/format';

interface Props {
  caption: string;
  columns: readonly DatasetColumn[];
  rows: readonly Row[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
}

/** The loaded rows; scrolling near the end asks for the next cursor page. */
export function ResultsTable({
  caption,
  columns,
  rows,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: Props) {
  const tableColumns = useMemo<VirtualTableColumn[]>(
    () => columns.map((c) => ({ id: c.name, header: c.name, unit: c.unit, numeric: c.is_numeric })),
    [columns],
  );
  const onEndReached = useMemo(
    () => (hasNextPage && !isFetchingNextPage ? fetchNextPage : undefined),
    [hasNextPage, isFetchingNextPage, fetchNextPage],
  );
  const more = isFetchingNextPage ? 'loading more…' : hasNextPage ? 'more available' : 'all rows loaded';
  return (
    <VirtualTable
      caption={caption}
      columns={tableColumns}
      rows={rows}
      onEndReached={onEndReached}
      status={`${formatInteger(rows.length)} rows loaded · ${more}`}
    />
  );
}
