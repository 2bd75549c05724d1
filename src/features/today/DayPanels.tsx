import { memo } from 'react';
import type { MarketDay } from '@/time';
import { AncillaryPanel } from './AncillaryPanel';
import { FuelMixPanel } from './FuelMixPanel';
import { LoadForecastPanel } from './LoadForecastPanel';
import { PricesPanel } from './PricesPanel';
import { RenewablesPanel } from './RenewablesPanel';
import { ReservesPanel } from './ReservesPanel';
import styles from './TodayPage.module.css';

/**
 * Every panel of one market day; remade for another day, so no state of one day leaks into the
 * next. Memoised: the page's own state (its "last updated" line, changed by every refresh) does not
 * render the panels again; each panel renders when its own rows change.
 */
export const DayPanels = memo(function DayPanels({ date, day }: { date: string; day: MarketDay }) {
  return (
    <div className={styles.panels}>
      <FuelMixPanel date={date} day={day} />
      <LoadForecastPanel date={date} day={day} />
      <PricesPanel date={date} day={day} />
      <RenewablesPanel date={date} day={day} />
      <AncillaryPanel day={day} />
      <ReservesPanel day={day} />
    </div>
  );
});
