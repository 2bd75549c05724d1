import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { datasetOptions } from '@/api/datasets/queries';
import { DATASET_IDS } from '@/contract';
import { LinkSettingsNotice } from '@/components/LinkSettingsNotice';
import { LazyTimeSeriesChart } from '@/components/charts/LazyTimeSeriesChart';
import { usePreloadChart } from '@/components/charts/lazyChart';
import { SaveViewBar } from '@/components/workspace/SaveViewBar';
import { unreadUrlSettings } from '@/lib/linkSettings';
import { createValueStore, type ExternalStore } from '@/lib/store';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useUrlState } from '@/lib/urlState';
import { marketDateOf } from '@/time';
import { DayField } from '@/components/DayField';
import { DayPanels } from './DayPanels';
import { LivePageContext, usePageVisible, type LivePage } from './livePage';
import { marketClock } from '@/lib/marketClock';
import { dayOf, hoursOf } from './marketDayParams';
import { TODAY_LINK_NOTES, todayUrlState } from './todayUrlState';
import { useMarketToday } from '@/lib/useMarketToday';
import { todayViewDescriptor } from './viewDescriptor';
import styles from './TodayPage.module.css';

// Boot's first-screen prefetch (app/firstScreenData) takes it from the page's own chunk.
export { prefetchToday } from './firstScreen';

interface LastUpdate {
  date: string;
  at: number;
}

/** When the day shown last got new rows: the one part of the status line a refresh changes. */
function LastUpdated({ updates, date }: { updates: ExternalStore<LastUpdate | null>; date: string }) {
  const last = updates.useValue();
  return last?.date === date ? ` Last updated ${marketClock(last.at)}.` : null;
}

function statusText(date: string, today: string, paused: boolean, visible: boolean): string {
  if (date < today) return 'A past day: shown as it was, nothing to refresh.';
  if (date > today)
    return 'A day still to come: only what is already published for it (day-ahead prices, forecasts) is shown.';
  if (paused) return 'Paused: new intervals are not fetched until you resume.';
  if (!visible) return 'Paused while the tab is hidden.';
  return 'Live: each dataset asks for its next interval when it is due.';
}

/**
 * `/today?date=`: ERCOT's market day at a glance (fuel mix, load and forecast, prices, ancillary
 * services and reserves, renewables), each panel on its own data. Today's day keeps up as new
 * intervals arrive; any earlier day is shown the same way, as it was.
 */
export function TodayPage() {
  const [state, setState, invalid] = useUrlState(todayUrlState);
  // Every panel draws one: its code comes while their data is on the way.
  usePreloadChart(LazyTimeSeriesChart);
  const [params] = useSearchParams();
  const today = useMarketToday();
  const date = state.date || today;
  const isToday = date === today;
  const day = useMemo(() => dayOf(date), [date]);
  const [paused, setPaused] = useState(false);
  const visible = usePageVisible();
  // Per day: a refresh of today says nothing of a day picked after it. A store, not the page's
  // state: each refresh moves it, and only the status line reads it (not the header, the day
  // picker and the save bar around it).
  const [updates] = useState(() => createValueStore<LastUpdate | null>(null));
  const fuelMix = useQuery(datasetOptions(DATASET_IDS.fuelMix));
  const firstDate = fuelMix.data ? marketDateOf(Date.parse(fuelMix.data.earliestData)) : undefined;

  useDocumentTitle(isToday ? 'The grid today' : `The grid on ${date}`);

  const updated = useCallback(
    (at: number) => {
      const prev = updates.read();
      if (prev === null || prev.date !== date || at > prev.at) updates.set({ date, at });
    },
    [date, updates],
  );
  const live = isToday && !paused && visible;
  const livePage = useMemo<LivePage>(() => ({ live, ongoing: isToday, updated }), [live, isToday, updated]);
  // The plain link follows the current day; a picked day is written into the URL.
  const goTo = useCallback(
    (next: string) => setState({ date: next === today ? '' : next }),
    [setState, today],
  );
  const hours = hoursOf(day);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>{isToday ? 'The grid today' : `The grid on ${date}`}</h1>
        <p className={styles.note}>
          ERCOT, market day {date} ({hours} hours{hours === 24 ? '' : ': a daylight-saving change'}), midnight
          to midnight US/Central.
        </p>
        <SaveViewBar
          kind="today"
          describe={(path) => todayViewDescriptor({ path, linkDate: state.date, date })}
        />
      </header>

      <LinkSettingsNotice unread={unreadUrlSettings(params, invalid, TODAY_LINK_NOTES)} />

      <div className={styles.controls} role="group" aria-label="Day and refresh">
        <DayField
          label="Market day"
          date={date}
          min={firstDate}
          max={today > date ? today : date}
          onChange={goTo}
          arrowKeys
        />
        {isToday && (
          <button type="button" onClick={() => setPaused((p) => !p)}>
            {paused ? 'Resume updates' : 'Pause updates'}
          </button>
        )}
        {!isToday && (
          <button type="button" onClick={() => setState({ date: '' })}>
            Back to today
          </button>
        )}
      </div>
      <p role="status" className={styles.status} data-testid="live-status">
        {statusText(date, today, paused, visible)}
        <LastUpdated updates={updates} date={date} />
      </p>

      <LivePageContext.Provider value={livePage}>
        <DayPanels key={date} date={date} day={day} />
      </LivePageContext.Provider>
    </div>
  );
}
