import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DATASET_IDS } from '@/contract';
import { apiErrorText, isApiError } from '@/api/ApiError';
import { datasetOptions } from '@/api/datasets/queries';
import { dailyPeakOptions } from '@/api/reports/queries';
import { ApiErrorMessage } from '@/components/ApiErrorMessage';
import { LinkSettingsNotice } from '@/components/LinkSettingsNotice';
import { Loading } from '@/components/Loading';
import { AnnotationsPanel } from '@/components/workspace/AnnotationsPanel';
import { unreadUrlSettings } from '@/lib/linkSettings';
import { useUrlState, writeUrlState } from '@/lib/urlState';
import { DailyPeaksPanel } from './DailyPeaksPanel';
import { DAILY_PEAK_ISO as ISO, DAILY_PEAK_LINK_NOTES, dailyPeakUrlState } from './dailyPeakUrlState';
import { DayField } from '@/components/DayField';
import { LoadCurvePanel } from './LoadCurvePanel';
import { Panel } from './Panel';
import { PeakPanel } from './PeakPanel';
import { reportSpan } from './reportSpan';
import { resolveRange, type DayRange } from './resolveRange';
import { useLoadBounds } from './useLoadBounds';
import styles from './DailyPeakPage.module.css';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useMarketToday } from '@/lib/useMarketToday';
import { dailyPeakViewDescriptor } from './viewDescriptor';
import { SaveViewBar } from '@/components/workspace/SaveViewBar';

// Boot's first-screen prefetch (app/firstScreenData) takes it from the page's own chunk.
export { prefetchDailyPeak } from './firstScreen';

/**
 * `/reports/daily-peak?date=&from=&to=`: the peak load of one market day from the report API, the
 * day's curve and a range of daily peaks from the query API. Without `date` the report answers for
 * the latest complete market day (the current day so far from a server in the hosted shapes,
 * decision 0027) and that answer sets the day the other panels show.
 */
export function DailyPeakPage() {
  const [state, setState, invalid] = useUrlState(dailyPeakUrlState);
  const [params] = useSearchParams();
  const today = useMarketToday();
  // A day after today's market day has no data anywhere: it is named, not asked for.
  const notBegun = state.date !== '' && state.date > today ? state.date : null;
  const report = useQuery({ ...dailyPeakOptions(ISO, state.date || undefined), enabled: notBegun === null });
  const bounds = useLoadBounds();
  // The same request useLoadBounds makes (one cache entry): read here for whether it failed.
  const loadMetadata = useQuery(datasetOptions(DATASET_IDS.load));

  useDocumentTitle('Daily peak report');

  // Without a report (the free plan, an outage) the last complete day of the load data stands in.
  const date = state.date || report.data?.date || (report.isError ? bounds?.to : undefined);
  // The daily peaks of a day to come would be an empty range: they end at today instead.
  const { range, notice: rangeNotice } = resolveRange(notBegun ? today : date, state.from, state.to);
  // Neither source of a default day answered: say so rather than wait for a day that will not come.
  const noDay = date === undefined && report.isError && loadMetadata.isError;
  const retryDay = () => {
    void report.refetch();
    void loadMetadata.refetch();
  };
  const noDayMessage = <ApiErrorMessage error={loadMetadata.error ?? report.error} onRetry={retryDay} />;
  const notBegunText = notBegun && `${notBegun} has not begun: today's market day is ${today} (US/Central).`;
  const dateError =
    notBegunText ||
    (report.isError && isApiError(report.error) && report.error.status === 404
      ? apiErrorText(report.error)
      : null);

  const goTo = useCallback((next: string) => setState({ date: next }), [setState]);
  // A day picked from the range keeps that range in place rather than re-centring it on the new day.
  const pinned = useCallback(
    (next: string): Partial<{ date: string; from: string; to: string }> =>
      range ? { date: next, from: range.from, to: range.to } : { date: next },
    [range],
  );
  const hrefFor = useCallback(
    (next: string) =>
      `?${writeUrlState(dailyPeakUrlState, { ...state, ...pinned(next) }, params).toString()}`,
    [state, pinned, params],
  );
  const selectFromRange = useCallback((next: string) => setState(pinned(next)), [setState, pinned]);
  const changeRange = useCallback((next: DayRange) => setState({ from: next.from, to: next.to }), [setState]);

  // Today's market day has not ended, whatever the data covers: its report (a server in the hosted
  // shapes gives one) is the day so far. Every other day's is final.
  const inProgress = date === today;
  // The last day Next steps to: today when its report is shown, else the load's last complete day,
  // never after today (a server whose clock runs ahead of this one's). The picker itself allows
  // today, whose report the server gives (hosted shapes) or refuses with a sentence beside it.
  const last = inProgress || bounds === undefined || bounds.to > today ? today : bounds.to;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>Daily peak report</h1>
        <p className={styles.note}>ERCOT system load. Market days run midnight to midnight, US/Central.</p>
        <SaveViewBar
          kind="dailyPeak"
          describe={(path) =>
            dailyPeakViewDescriptor({ path, iso: ISO, linkDate: state.date, date, range: range ?? null })
          }
        />
      </header>

      <LinkSettingsNotice unread={unreadUrlSettings(params, invalid, DAILY_PEAK_LINK_NOTES)} />

      <div className={styles.controls} role="group" aria-label="Report day">
        <DayField
          label="Market date"
          date={date ?? ''}
          min={bounds?.from}
          max={today}
          last={last}
          onChange={goTo}
          message={dateError}
          messageRole="alert"
          after={
            state.date && (
              <button type="button" onClick={() => setState({ date: '' })}>
                Latest day
              </button>
            )
          }
        />
      </div>

      <Panel title="Peak" id="peak" bodyClassName={styles.peakBody}>
        {notBegunText ? (
          <p className={styles.note}>No report: {notBegunText}</p>
        ) : (
          <PeakPanel query={report} date={date} inProgress={inProgress} />
        )}
      </Panel>

      <Panel title="Load curve" id="curve" bodyClassName={styles.curveBody}>
        {notBegunText ? (
          <p className={styles.note}>No load data: {notBegunText}</p>
        ) : date ? (
          <LoadCurvePanel date={date} />
        ) : noDay ? (
          noDayMessage
        ) : (
          <Loading label="Finding the latest complete market day…" />
        )}
      </Panel>

      <AnnotationsPanel kind="dailyPeak" timeZone="market" range={reportSpan(date, range)} />

      <Panel title="Daily peaks" id="peaks">
        {noDay ? (
          noDayMessage
        ) : (
          <DailyPeaksPanel
            range={range}
            notice={rangeNotice}
            selectedDate={date}
            min={bounds?.from}
            max={today}
            today={today}
            onRangeChange={changeRange}
            onSelectDate={selectFromRange}
            hrefFor={hrefFor}
          />
        )}
      </Panel>
    </div>
  );
}
