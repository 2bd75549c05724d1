import { useId } from 'react';
import type { Allowance } from '@/api/usage/normalizeUsage';
import type { Reported } from '@/api/reported';
import { formatInteger } from '@/lib/format';
import styles from './UsagePage.module.css';

export function usageSummary(used: number, limit: number | null, unit = 'requests'): string {
  if (limit === null) return `${formatInteger(used)} ${unit} (unlimited)`;
  const percent = limit === 0 ? 100 : Math.min(100, (used / limit) * 100);
  const shown = percent > 0 && percent < 0.1 ? '<0.1' : percent.toFixed(1).replace(/\.0$/, '');
  return `${formatInteger(used)} of ${formatInteger(limit)} ${unit} (${shown}%)`;
}

interface Props {
  label: string;
  /** The count against its limit, or why this server's answer has none. */
  figure: Reported<Allowance>;
  /** What is counted: `requests` (default) or `rows`. */
  unit?: string;
}

/**
 * One quota as a labelled bar; an unlimited quota has nothing to fill, so it is text only, and a
 * figure the server does not report says so and why, never a 0.
 */
export function UsageBar({ label, figure, unit = 'requests' }: Props) {
  const id = useId();
  if (!figure.reported) {
    return (
      <div className={styles.bar} data-level="absent">
        <div className={styles.barLabel}>
          <span>{label}</span>
          <span className={styles.absent}>Not reported. {figure.why}</span>
        </div>
      </div>
    );
  }
  const { used, limit } = figure.value;
  const ratio = limit === null || limit === 0 ? null : used / limit;
  const level = ratio === null ? 'ok' : ratio >= 1 ? 'over' : ratio >= 0.8 ? 'high' : 'ok';
  return (
    <div className={styles.bar} data-level={level}>
      <div className={styles.barLabel}>
        <span id={`${id}-label`}>{label}</span>
        <span id={`${id}-value`}>{usageSummary(used, limit, unit)}</span>
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
