import { useQuery } from '@tanstack/react-query';
import { describeBackend, useConnection } from '@/api/connection';
import { usageOptions } from '@/api/usage/queries';
import { ApiErrorMessage } from '@/components/ApiErrorMessage';
import { QueryLoading } from '@/components/QueryLoading';
import { UsageBar } from '@/features/usage/UsageBar';
import styles from './UsagePage.module.css';
import { useDocumentTitle } from '@/lib/useDocumentTitle';

export function UsagePage() {
  const connection = useConnection();
  const options = usageOptions();
  const usage = useQuery(options);
  useDocumentTitle('Usage');

  return (
    <div className="page">
      <div className={styles.heading}>
        <h1>Usage</h1>
        <button type="button" onClick={() => void usage.refetch()} disabled={usage.isFetching}>
          {usage.isFetching ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      <p className={styles.intro}>
        Requests made with your API key on {describeBackend(connection)}. Every data request counts; checking
        usage does not.
      </p>
      {usage.isPending && (
        <QueryLoading label="Loading usage…" queryKey={options.queryKey} refetch={usage.refetch} />
      )}
      {usage.isError && <ApiErrorMessage error={usage.error} onRetry={() => void usage.refetch()} />}
      {usage.data && (
        <section aria-labelledby="usage-plan" className={styles.card}>
          <h2 id="usage-plan" className={styles.plan}>
            Plan: {usage.data.plan}
          </h2>
          <UsageBar
            label="Requests today"
            used={usage.data.requests_today}
            limit={usage.data.limit_per_day}
          />
          <UsageBar
            label="Requests this month"
            used={usage.data.requests_this_month}
            limit={usage.data.limit_per_month}
          />
          <p className={styles.note}>Days and months are counted in UTC.</p>
        </section>
      )}
    </div>
  );
}
