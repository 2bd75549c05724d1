import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { apiErrorText, isApiError } from '@/api/ApiError';
import type { DailyPeak } from '@/api/reports/normalizeDailyPeak';
import { ApiErrorMessage } from '@/components/ApiErrorMessage';
import { Loading } from '@/components/Loading';
import { formatTimestamp } from '@/lib/format';
import styles from './DailyPeakPage.module.css';
import { formatMw } from './formatLoad';

function PaidPlanMessage({ error }: { error: unknown }) {
  return (
    <div role="alert" className={styles.planMessage}>
      <p className={styles.planTitle}>{apiErrorText(error)}</p>
      <p>
        Your API key is on the free plan. The load curve and the daily peaks below come from the query API and
        stay available. To see the report, use a key with a paid plan in <Link to="/settings">Settings</Link>.
      </p>
    </div>
  );
}

/**
 * The report's answer: the peak, and when it happened in UTC and in market time. A report of the
 * current market day (a server in the hosted shapes answers for it by default) is the day so far;
 * a report without the peak (a server whose report carries other figures) says so and why.
 */
export function PeakPanel({
  query,
  date,
  inProgress,
}: {
  query: UseQueryResult<DailyPeak>;
  date: string | undefined;
  /** The report's day has not ended: its peak is the peak so far. */
  inProgress: boolean;
}) {
  if (query.isPending) return <Loading label="Loading the daily peak report…" />;
  if (query.isError) {
    const status = isApiError(query.error) ? query.error.status : null;
    if (status === 403) return <PaidPlanMessage error={query.error} />;
    // The server's sentence sits beside the date picker, where the date can be changed.
    if (status === 404) return <p className={styles.note}>No report for {date ?? 'this day'}.</p>;
    return <ApiErrorMessage error={query.error} onRetry={() => void query.refetch()} />;
  }
  const report = query.data;
  const { peak } = report;
  return (
    <dl className={styles.facts}>
      <div>
        <dt>Market date</dt>
        <dd>
          {report.date}
          {inProgress && ' (the day so far)'}
        </dd>
      </div>
      <div>
        <dt>{inProgress ? 'Peak load so far' : 'Peak load'}</dt>
        {peak.reported ? (
          <dd className={styles.big}>{formatMw(peak.value.loadMw)}</dd>
        ) : (
          <dd>Not reported. {peak.why}</dd>
        )}
      </div>
      {peak.reported && (
        <>
          <div>
            <dt>Peak time (market)</dt>
            <dd>
              <time dateTime={peak.value.timeUtc}>
                {formatTimestamp(peak.value.timeUtc, { timeZone: 'market' })}
              </time>
            </dd>
          </div>
          <div>
            <dt>Peak time (UTC)</dt>
            <dd>
              <time dateTime={peak.value.timeUtc}>
                {formatTimestamp(peak.value.timeUtc, { timeZone: 'UTC' })}
              </time>
            </dd>
          </div>
        </>
      )}
    </dl>
  );
}
