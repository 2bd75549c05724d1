import { useQueryClient, type QueryKey } from '@tanstack/react-query';
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
  const [cancelled, setCancelled] = useState(false);
  if (cancelled) {
    return (
      <div>
        <p role="status">Request cancelled.</p>
        <button
          type="button"
          onClick={() => {
            setCancelled(false);
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
        setCancelled(true);
        void queryClient.cancelQueries({ queryKey });
      }}
    />
  );
}
