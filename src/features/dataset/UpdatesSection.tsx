import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { datasetUpdatesOptions } from '@/api/datasets/queries';
import type { DatasetUpdate } from '@/contract';
import { ApiErrorMessage } from '@/components/ApiErrorMessage';
import { DataTable, type DataTableColumn } from '@/components/DataTable';
import { Loading } from '@/components/Loading';
import { formatInteger, formatTimestamp } from '@/lib/format';
import styles from './DatasetPage.module.css';
import { Section } from './Section';

/** The API serves 100 updates by default and at most 1000. */
const UPDATE_LIMITS = [100, 250, 500, 1000] as const;
/** The page shows this many newest runs until asked for all, so the audit below stays in reach. */
const UPDATES_PREVIEW = 10;

const columns: DataTableColumn<DatasetUpdate>[] = [
  {
    id: 'time',
    header: 'Published (market time)',
    nowrap: true,
    cell: (u) => (
      <time dateTime={u.time_utc} title={formatTimestamp(u.time_utc, { timeZone: 'UTC', seconds: true })}>
        {formatTimestamp(u.time_utc, { seconds: true })}
      </time>
    ),
  },
  { id: 'inserted', header: 'Rows inserted', numeric: true, cell: (u) => formatInteger(u.num_rows_inserted) },
  { id: 'updated', header: 'Rows updated', numeric: true, cell: (u) => formatInteger(u.num_rows_updated) },
  { id: 'backfill', header: 'Backfill', cell: (u) => (u.is_backfill ? 'Yes' : 'No') },
];

export function UpdatesSection({ datasetId }: { datasetId: string }) {
  const [limitIndex, setLimitIndex] = useState(0);
  const [showAll, setShowAll] = useState(false);
  const limit = UPDATE_LIMITS[limitIndex] ?? UPDATE_LIMITS[0];
  const nextLimit = UPDATE_LIMITS[limitIndex + 1];
  const query = useQuery({
    ...datasetUpdatesOptions(datasetId, { limit }),
    placeholderData: keepPreviousData,
  });
  const updates = query.data?.data;
  // Fewer rows than asked for means the server has no more within its 7-day window.
  const exhausted = updates !== undefined && updates.length < limit;
  const shown = updates && !showAll ? updates.slice(0, UPDATES_PREVIEW) : updates;
  const hidden = (updates?.length ?? 0) - (shown?.length ?? 0);

  return (
    <Section
      title="Recent updates"
      id="updates"
      actions={
        hidden > 0 ? (
          <button type="button" onClick={() => setShowAll(true)}>
            Show all {formatInteger(updates?.length ?? 0)}
          </button>
        ) : updates && !exhausted && nextLimit !== undefined ? (
          <button type="button" onClick={() => setLimitIndex(limitIndex + 1)} disabled={query.isFetching}>
            Show {nextLimit} newest
          </button>
        ) : null
      }
    >
      {query.isPending ? (
        <div className={styles.updatesPending}>
          <Loading label="Loading updates…" />
        </div>
      ) : query.isError ? (
        <ApiErrorMessage error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <p className={styles.note} aria-live="polite">
            {query.isFetching && query.isPlaceholderData
              ? 'Loading more updates…'
              : hidden > 0
                ? `The ${formatInteger(shown?.length ?? 0)} newest of ${exhausted ? '' : 'at least '}${formatInteger(query.data.data.length)} publication runs of the last 7 days.`
                : exhausted
                  ? `All ${formatInteger(query.data.data.length)} publication runs of the last 7 days, newest first.`
                  : `The ${formatInteger(query.data.data.length)} newest publication runs of the last 7 days.`}
          </p>
          <DataTable
            caption={`Publication runs of ${datasetId}`}
            hideCaption
            columns={columns}
            rows={shown ?? query.data.data}
            rowKey={(u) => u.id}
            stickyHeader
            maxHeight="24rem"
            empty="No updates in the last 7 days."
          />
        </>
      )}
    </Section>
  );
}
