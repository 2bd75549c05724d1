import { hashKey, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { Loading } from '@/components/Loading';

interface Props {
  label: string;
  /** The query being waited for: Cancel cancels exactly this one. */
  queryKey: QueryKey;
  /** Runs the query again after a cancel (the query result's `refetch`). */
  refetch: () => unknown;
}

/**
 * The wait for a query's first answer, with Cancel once it is slow. Cancelling aborts the request
 * and puts the query back where it was before it started, so the page offers to load it again
 * rather than a spinner that waits for nothing.
 */
export function QueryLoading({ label, queryKey, refetch }: Props) {
  const queryClient = useQueryClient();
  // Which query was cancelled: another one shown in the same place (a new filter) is waited for anew.
  const [cancelledKey, setCancelledKey] = useState<string | null>(null);
  const key = hashKey(queryKey);
  if (cancelledKey === key) {
    return (
      <div>
        <p role="status">Request cancelled.</p>
        <button
          type="button"
          onClick={() => {
            setCancelledKey(null);
            void refetch();
          }}
        >
          Load again
        </button>
      </div>
    );
  }
  return (
    <Loading
      label={label}
      onCancel={() => {
        setCancelledKey(key);
        // Exactly this query: a key is also the prefix of its sub-resources' keys.
        void queryClient.cancelQueries({ queryKey, exact: true });
      }}
    />
  );
}
