/**
 * Display formatting shared by every page: numbers, cadences, instants in a chosen zone and ages.
 * Pure; instants are shown through `@/time`'s `zonedParts`; the locale is fixed to en-US so that the same data reads the same on every
 * machine (and in tests), whatever the browser's language.
 */
import { type Cadence, MARKET_TIME_ZONE } from '@/contract';
import { zonedParts } from '@/time';

/** ERCOT's market zone; the API writes it as `data_timezone`. */
export { MARKET_TIME_ZONE };

const LOCALE = 'en-US';
const MISSING = '—';

/** Anything that names an instant: an ISO string with an offset, epoch milliseconds or a Date. */
export type Instant = string | number | Date;

export interface NumberFormatOptions {
  /** Exact number of fraction digits; by default up to 2, none when the value is whole. */
  decimals?: number;
  /** Unit appended after a thin space, for example `MW` or `$/MWh`. */
  unit?: string | null;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(decimals: number | undefined): Intl.NumberFormat {
  const key = String(decimals);
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(
      LOCALE,
      decimals === undefined
        ? { maximumFractionDigits: 2 }
        : { minimumFractionDigits: decimals, maximumFractionDigits: decimals },
    );
    numberFormats.set(key, format);
  }
  return format;
}

/** `12345.678` → `12,345.68`; with a unit `12,345.68 MW`; null, undefined and NaN → `—`. */
export function formatNumber(value: number | null | undefined, options: NumberFormatOptions = {}): string {
  if (value === null || value === undefined || Number.isNaN(value)) return MISSING;
  const text = Number.isFinite(value) ? numberFormat(options.decimals).format(value) : value > 0 ? '∞' : '−∞';
  return options.unit ? `${text} ${options.unit}` : text;
}

/**
 * The fraction digits a value in `unit` means something to: money to the cent, power and energy
 * to a tenth. Undefined for other units (and none), whose values keep their own digits.
 */
export function unitDecimals(unit: string | null | undefined): number | undefined {
  if (!unit) return undefined;
  if (unit.startsWith('$')) return 2;
  if (/^[kMG]?Wh?$/.test(unit)) return 1;
  return undefined;
}

/** Digits beyond these in a value of no known unit are floating-point noise (`0.30000000000000004`). */
const NOISE_DECIMALS = 6;

/**
 * A number as a table cell shows it: fixed to its unit's precision (`28.577499999999997` $/MWh →
 * `28.58`), or with floating-point noise trimmed where the unit says nothing; no separators, so a
 * copied cell pastes as a number. The full value stays in the tooltip and in exports.
 */
export function formatCellNumber(value: number, unit?: string | null): string {
  if (!Number.isFinite(value)) return String(value);
  const decimals = unitDecimals(unit);
  if (decimals !== undefined) return value.toFixed(decimals);
  return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(NOISE_DECIMALS)));
}

/** Whole counts (rows, requests): thousands separators, no fraction. */
export function formatInteger(value: number | null | undefined): string {
  return formatNumber(value === null || value === undefined ? value : Math.round(value), { decimals: 0 });
}

/** `1 view`, `1,000 views`: a count with its noun, plural when it is not one. */
export function formatCount(n: number, one: string, many = `${one}s`): string {
  return `${formatInteger(n)} ${n === 1 ? one : many}`;
}

/** `1234567` → `1.2M`, for approximate sizes where precision would be noise. */
export function formatCompact(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING;
  return new Intl.NumberFormat(LOCALE, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

const CADENCE_LABELS: Record<Cadence, string> = {
  '5_MINUTES': '5 minutes',
  '15_MINUTES': '15 minutes',
  '1_HOUR': '1 hour',
  IRREGULAR: 'Irregular',
};

/** A span of time in the unit a reader counts it in: "5 min", "12.5 min", "1.25 h", "3.5 d". */
export function formatDuration(ms: number): string {
  const minutes = ms / 60_000;
  if (minutes < 60) return `${+minutes.toFixed(1)} min`;
  const hours = minutes / 60;
  if (hours < 48) return `${+hours.toFixed(2)} h`;
  return `${(hours / 24).toFixed(1)} d`;
}

/** `5_MINUTES` → `5 minutes`. Unknown cadences (a newer server) are humanised rather than hidden. */
export function formatCadence(cadence: string): string {
  if (cadence in CADENCE_LABELS) return CADENCE_LABELS[cadence as Cadence];
  const words = cadence.toLowerCase().split('_').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Milliseconds since the epoch, or NaN when the value names no instant. */
export function toMillis(value: Instant): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  return Date.parse(value);
}

/** `market` (as the API spells it) and `local` (the viewer's zone) are accepted besides IANA names. */
export function resolveTimeZone(zone: string | undefined): string | undefined {
  if (zone === undefined || zone === 'market') return MARKET_TIME_ZONE;
  if (zone === 'local') return undefined;
  return zone;
}

export interface TimestampFormatOptions {
  /** IANA zone, `market` or `local`; default the market zone. */
  timeZone?: string;
  /** Show seconds (off by default: market intervals start on whole minutes). */
  seconds?: boolean;
  /** Append the zone's abbreviation (`CDT`, `UTC`); on by default so a time is never ambiguous. */
  zoneName?: boolean;
}

/**
 * `2025-07-15T20:00:00+00:00` → `2025-07-15 15:00 CDT` (market zone). Year-first and 24-hour so
 * that columns of times sort and scan like the data. Unparseable input → `—`.
 */
export function formatTimestamp(
  value: Instant | null | undefined,
  options: TimestampFormatOptions = {},
): string {
  if (value === null || value === undefined) return MISSING;
  const millis = toMillis(value);
  if (Number.isNaN(millis)) return MISSING;
  const { date, time, zoneName } = zonedParts(
    millis,
    resolveTimeZone(options.timeZone),
    options.seconds ?? false,
  );
  return options.zoneName === false ? `${date} ${time}` : `${date} ${time} ${zoneName}`;
}

/** The calendar date of an instant in a zone (default the market zone): `2025-07-15`. */
export function formatDate(value: Instant | null | undefined, timeZone?: string): string {
  if (value === null || value === undefined) return MISSING;
  const millis = toMillis(value);
  if (Number.isNaN(millis)) return MISSING;
  return zonedParts(millis, resolveTimeZone(timeZone), false).date;
}

/** The abbreviation of a zone at an instant (`CST` or `CDT` for the market zone). */
export function zoneAbbreviation(value: Instant, timeZone?: string): string {
  return zonedParts(toMillis(value), resolveTimeZone(timeZone), false).zoneName;
}

const RELATIVE_STEPS: readonly [limitMs: number, unitMs: number, unit: string][] = [
  [60_000, 1_000, 's'],
  [3_600_000, 60_000, 'min'],
  [86_400_000, 3_600_000, 'h'],
  [30 * 86_400_000, 86_400_000, 'd'],
  [365 * 86_400_000, 30 * 86_400_000, 'mo'],
  [Infinity, 365 * 86_400_000, 'y'],
];
/** The same, counting whole days past a day. */
const DAY_STEPS: typeof RELATIVE_STEPS = [...RELATIVE_STEPS.slice(0, 3), [Infinity, 86_400_000, 'd']];

/**
 * How long ago (or how far ahead: forecasts and day-ahead prices lie in the future) an instant is,
 * relative to `now`: `just now`, `45 s ago`, `3 h ago`, `in 2 d`. Rounded down, so "1 h ago"
 * never means 59 minutes. `inDays` counts whole days past a day instead of months and years
 * ("59 d ago", not "1 mo ago", where a day either way counts).
 */
export function formatRelative(value: Instant, now: Instant, { inDays = false } = {}): string {
  const diff = toMillis(now) - toMillis(value);
  if (Number.isNaN(diff)) return MISSING;
  const abs = Math.abs(diff);
  if (abs < 5_000) return 'just now';
  const steps = inDays ? DAY_STEPS : RELATIVE_STEPS;
  const step = steps.find(([limit]) => abs < limit) ?? steps[steps.length - 1];
  if (!step) return MISSING;
  const amount = Math.floor(abs / step[1]);
  const text = `${amount} ${step[2]}`;
  return diff >= 0 ? `${text} ago` : `in ${text}`;
}
