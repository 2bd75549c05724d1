import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { apiErrorText } from '@/api/ApiError';
import type { LiveRows, Row } from '@/api/query/liveRows';
import { ApiErrorMessage } from '@/components/ApiErrorMessage';
import { EmptyState } from '@/components/EmptyState';
import { Loading } from '@/components/Loading';
import styles from './TodayPage.module.css';

/**
 * A dataset's part of a panel in each of its states: loading, failed (the server's words and a
 * retry), empty (said in the panel's terms), or drawn; a failed refresh keeps the rows shown and
 * says why they stopped growing.
 */
export function RowsState({
  query,
  refreshError = null,
  what,
  empty,
  children,
}: {
  query: UseQueryResult<LiveRows>;
  refreshError?: unknown;
  /** What is loading, for its label: `the fuel mix`. */
  what: string;
  /** Why there may be no rows, shown under the empty state's title. */
  empty?: ReactNode;
  children: (rows: readonly Row[]) => ReactNode;
}) {
  if (query.isPending) return <Loading label={`Loading ${what}…`} />;
  if (query.isError) return <ApiErrorMessage error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.rows.length === 0)
    return <EmptyState title={`No rows of ${what} for this day.`}>{empty}</EmptyState>;
  return (
    <>
      {refreshError !== null && (
        <p role="alert" className={styles.warning}>
          New rows of {what} could not be fetched: {apiErrorText(refreshError)} The rows shown stay; the page
          asks again shortly.
        </p>
      )}
      {children(query.data.rows)}
    </>
  );
}
