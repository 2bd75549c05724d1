import { useQuery } from '@tanstack/react-query';
import { describeBackend, useConnection } from '@/api/connection';
import type { Reported } from '@/api/reported';
import type { Usage } from '@/api/usage/normalizeUsage';
import { usageOptions } from '@/api/usage/queries';
import { ApiErrorMessage } from '@/components/ApiErrorMessage';
import { QueryLoading } from '@/components/QueryLoading';
import { UsageBar } from '@/features/usage/UsageBar';
import { formatInteger, formatTimestamp } from '@/lib/format';
import styles from './UsagePage.module.css';
import { useDocumentTitle } from '@/lib/useDocumentTitle';

/** A limit as text: a number, "none" for `null`, or "not reported" with why. */
function LimitValue({ figure, unit }: { figure: Reported<number | null>; unit: string }) {
  if (!figure.reported) return <span className={styles.absent}>Not reported. {figure.why}</span>;
  return <>{figure.value === null ? 'No limit' : `${formatInteger(figure.value)} ${unit}`}</>;
}

/** Which period "this period" is: the UTC month, or the server's own usage period. */
function periodWords(period: Usage['period']): { label: string; note: string } {
  if (period.kind === 'utc-month') {
    return { label: 'Requests this month', note: 'Days and months are counted in UTC.' };
  }
  const from = formatTimestamp(period.start, { timeZone: 'UTC' });
  const to = formatTimestamp(period.end, { timeZone: 'UTC' });
  return { label: 'Requests this usage period', note: `The usage period runs from ${from} to ${to}.` };
}

function UsageCard({ usage }: { usage: Usage }) {
  const period = periodWords(usage.period);
  return (
    <section aria-labelledby="usage-plan" className={styles.card}>
      <h2 id="usage-plan" className={styles.plan}>
        Plan: {usage.plan}
      </h2>
      <UsageBar label="Requests today" figure={usage.requestsToday} />
      <UsageBar label={period.label} figure={{ reported: true, value: usage.requestsThisPeriod }} />
      <UsageBar label="Rows returned this period" figure={usage.rowsThisPeriod} unit="rows" />
      <dl className={styles.limits} aria-label="Rate limits">
        <dt>Requests per second</dt>
        <dd>
          <LimitValue figure={usage.requestsPerSecond} unit="requests" />
        </dd>
        <dt>Rows per response</dt>
        <dd>
          <LimitValue figure={usage.rowsPerResponse} unit="rows" />
        </dd>
        {/* The plan's limit is shown even where the server does not count rows against it. */}
        {usage.rowsLimit.reported && (
          <>
            <dt>Rows returned per period</dt>
            <dd>
              <LimitValue figure={usage.rowsLimit} unit="rows" />
            </dd>
          </>
        )}
      </dl>
      <p className={styles.note}>{period.note}</p>
    </section>
  );
}

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
      {usage.data && <UsageCard usage={usage.data} />}
    </div>
  );
}
