import type { UsageCounts } from './route';
import { civilDate, DAY_MS, utcMonthStart } from '@/time';

interface Ledger {
  day: number;
  month: number;
  today: number;
  thisMonth: number;
}

/** UTC day number and UTC month number (year·12 + month) of an instant. */
function periods(now: number): { day: number; month: number } {
  const day = Math.floor(now / DAY_MS);
  const [year, month] = civilDate(day);
  return { day, month: year * 12 + month - 1 };
}

/** Whole seconds from `now` until the next UTC midnight (at least 1). */
export function secondsToNextUtcDay(now: number): number {
  const next = (Math.floor(now / DAY_MS) + 1) * DAY_MS;
  return Math.max(1, Math.ceil((next - now) / 1000));
}

/** Whole seconds from `now` until the first instant of the next UTC month (at least 1). */
export function secondsToNextUtcMonth(now: number): number {
  const next = utcMonthStart(now, 1);
  return Math.max(1, Math.ceil((next - now) / 1000));
}

/**
 * Requests per key per UTC day and UTC month (contract §2). Counts roll over lazily: a ledger
 * from an earlier day or month reads as zero for that period.
 */
export class UsageTracker {
  readonly #ledgers = new Map<string, Ledger>();

  #ledger(key: string, now: number): Ledger {
    const { day, month } = periods(now);
    let ledger = this.#ledgers.get(key);
    if (ledger === undefined) {
      ledger = { day, month, today: 0, thisMonth: 0 };
      this.#ledgers.set(key, ledger);
    }
    if (ledger.month !== month) {
      ledger.month = month;
      ledger.thisMonth = 0;
    }
    if (ledger.day !== day) {
      ledger.day = day;
      ledger.today = 0;
    }
    return ledger;
  }

  get(key: string, now: number): UsageCounts {
    const ledger = this.#ledger(key, now);
    return { requests_today: ledger.today, requests_this_month: ledger.thisMonth };
  }

  count(key: string, now: number): void {
    const ledger = this.#ledger(key, now);
    ledger.today += 1;
    ledger.thisMonth += 1;
  }

  /** Sets the counts of the period containing `now` (tests and demos start near a quota this way). */
  set(key: string, now: number, counts: Partial<UsageCounts>): void {
    const ledger = this.#ledger(key, now);
    if (counts.requests_today !== undefined) ledger.today = counts.requests_today;
    if (counts.requests_this_month !== undefined) ledger.thisMonth = counts.requests_this_month;
  }

  reset(): void {
    this.#ledgers.clear();
  }
}
