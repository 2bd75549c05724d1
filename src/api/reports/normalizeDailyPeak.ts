import { absent, reported, type Reported } from '@/api/reported';
import type { AnyDailyPeakReport, HostedDailyPeakReport } from '@/contract';

/** The daily peak report as the app reads it, from either server's shape (docs/decisions/0027). */
export interface DailyPeak {
  /** The market as the server names it (`ercot`, or `ERCOT` in the hosted shape). */
  iso: string;
  /** The market date the report is for. */
  date: string;
  /** The peak and the interval start of its first occurrence. */
  peak: Reported<{ loadMw: number; timeUtc: string }>;
}

const NO_PEAK_IN_REPORT = "This server's report does not include the peak load.";

const isHosted = (report: AnyDailyPeakReport): report is HostedDailyPeakReport => 'market_date' in report;

/** Whether an answer names its market and date in either shape (the schema check runs in development only). */
export function isKnownDailyPeakShape(body: unknown): body is AnyDailyPeakReport {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  return 'market_date' in b
    ? typeof b.ISO === 'string' && typeof b.market_date === 'string'
    : typeof b.iso === 'string' && typeof b.date === 'string';
}

/** One internal shape from either answer (told apart by `market_date`, which only the hosted has). */
export function normalizeDailyPeak(report: AnyDailyPeakReport): DailyPeak {
  const [iso, date] = isHosted(report) ? [report.ISO, report.market_date] : [report.iso, report.date];
  const { peak_load_mw: loadMw, peak_time_utc: timeUtc } = report;
  return {
    iso,
    date,
    peak:
      loadMw === undefined || timeUtc === undefined
        ? absent(NO_PEAK_IN_REPORT)
        : reported({ loadMw, timeUtc }),
  };
}
