import type { MarketDay } from '@/time';
import { LoadForecastPanel } from './LoadForecastPanel';
import styles from './TodayPage.module.css';

/** Every panel of one market day; remade for another day, so no state of one day leaks into the next. */
export function DayPanels({ date, day }: { date: string; day: MarketDay }) {
  return (
    <div className={styles.panels}>
      <LoadForecastPanel date={date} day={day} />
    </div>
  );
}
