import { useId } from 'react';
import styles from './UsagePage.module.css';

const integer = new Intl.NumberFormat('en-US');

export function usageSummary(used: number, limit: number | null): string {
  if (limit === null) return `${integer.format(used)} requests (unlimited)`;
  const percent = limit === 0 ? 100 : Math.min(100, (used / limit) * 100);
  const shown = percent > 0 && percent < 0.1 ? '<0.1' : percent.toFixed(1).replace(/\.0$/, '');
  return `${integer.format(used)} of ${integer.format(limit)} requests (${shown}%)`;
}

interface Props {
  label: string;
  used: number;
  limit: number | null;
}

/** One quota as a labelled bar; an unlimited quota has nothing to fill, so it is text only. */
export function UsageBar({ label, used, limit }: Props) {
  const id = useId();
  const ratio = limit === null || limit === 0 ? null : used / limit;
  const level = ratio === null ? 'ok' : ratio >= 1 ? 'over' : ratio >= 0.8 ? 'high' : 'ok';
  return (
    <div className={styles.bar} data-level={level}>
      <div className={styles.barLabel}>
        <span id={`${id}-label`}>{label}</span>
        <span id={`${id}-value`}>{usageSummary(used, limit)}</span>
      </div>
      {limit !== null && (
        <progress
          value={Math.min(used, limit)}
          max={limit}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-value`}
        />
      )}
    </div>
  );
}
