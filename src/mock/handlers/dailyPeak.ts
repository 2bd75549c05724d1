import type { ApiShapes, DailyPeakReport, HostedDailyPeakReport } from '@/contract';
import { getDataset } from '../data/catalog';
import { addDays, formatUtc, isCalendarDate, marketDateOf, marketMidnight } from '@/time';
import { DATA_START } from '../data/climate';
import type { Millis } from '../data/types';
import { jsonResponse } from './responders';
import { ApiProblem, notFound } from './problem';
import { defineRoute, pathParam, type RouteContext } from './route';

const PAID_PLAN_REQUIRED = 'The daily peak report requires a paid plan.';

/** 403 when the caller's plan lacks the daily peak report (the last check of contract §3). */
function requireDailyPeakReport(ctx: RouteContext): void {
  if (ctx.caller !== null && !ctx.caller.plan.dailyPeakReport) throw new ApiProblem(403, PAID_PLAN_REQUIRED);
}

const SUPPORTED_ISO = 'ercot';
const LOAD_DATASET = 'ercot_load';
const DATE_ISSUE = { msg: 'Input should be a valid date', type: 'date_from_datetime_parsing' } as const;
/** A real calendar date written `YYYY-MM-DD`, or `undefined` (`2024-02-30` is not one). */
export function parseCalendarDate(raw: string): string | undefined {
  return isCalendarDate(raw) ? raw : undefined;
}

/**
 * Market days with a report as of `now`: from the first day of data to the latest complete day
 * (seed shapes, contract §9), or to the current day so far (hosted shapes, which default to it).
 */
function dailyPeakRange(now: Millis, shapes: ApiShapes): { first: string; last: string } {
  const today = marketDateOf(now);
  return { first: marketDateOf(DATA_START), last: shapes === 'hosted' ? today : addDays(today, -1) };
}

function loadDataset() {
  const def = getDataset(LOAD_DATASET);
  if (def === undefined) throw new Error(`The catalog has no ${LOAD_DATASET}`);
  return def;
}

/** The end of market day `date`'s load as of `now`: its next midnight, or the newest interval's end. */
function dayEnd(date: string, now: Millis): Millis {
  const def = loadDataset();
  return Math.min(marketMidnight(addDays(date, 1)), def.lastTime(now) + def.stepMs);
}

/** Whether market day `date` has an interval of load as of `now`: whether a report exists. */
function hasLoad(date: string, now: Millis): boolean {
  return marketMidnight(date) < dayEnd(date, now);
}

/**
 * The peak of `ercot_load.load` over market day `date` (market midnight to market midnight, so
 * 23 or 25 hours on DST days, cut at the newest interval as of `now` for the current day) and the
 * interval start of its first occurrence. The day must have load (`hasLoad`).
 */
function peakOf(date: string, now: Millis): { peak: number; time: Millis } {
  const def = loadDataset();
  const loadColumn = def.columns.findIndex((c) => c.name === 'load');
  const start = marketMidnight(date);
  let peak = -Infinity;
  let peakTime: Millis = start;
  for (let t = start, end = dayEnd(date, now); t < end; t += def.stepMs) {
    const load = def.row(t, null, null)[loadColumn];
    if (typeof load === 'number' && load > peak) {
      peak = load;
      peakTime = t;
    }
  }
  return { peak, time: peakTime };
}

/** The seed's report (contract §9) or the hosted API's (`ISO` upper case, `market_date`). */
function reportBody(shapes: ApiShapes, date: string, found: { peak: number; time: Millis }) {
  const peak = { peak_load_mw: found.peak, peak_time_utc: formatUtc(found.time) };
  if (shapes === 'hosted') {
    const body: HostedDailyPeakReport = { ISO: SUPPORTED_ISO.toUpperCase(), market_date: date, ...peak };
    return body;
  }
  const body: DailyPeakReport = { iso: SUPPORTED_ISO, date, ...peak };
  return body;
}

/** Contract §9 (hosted shapes: decision 0027). Checks follow contract §3: the date's type (422), market and day (404), plan (403). */
export const dailyPeakRoute = defineRoute('dailyPeak', (ctx) => {
  const requested = ctx.query.typed('date', parseCalendarDate, DATE_ISSUE);
  ctx.query.assertValid();
  const iso = pathParam(ctx, 'iso');
  if (iso.toLowerCase() !== SUPPORTED_ISO) {
    throw notFound(`No daily peak report for market '${iso}'. Supported: ${SUPPORTED_ISO}.`);
  }
  const { first, last } = dailyPeakRange(ctx.now, ctx.shapes);
  const date = requested ?? last;
  // YYYY-MM-DD strings of four-digit years order like the dates they name.
  if (date < first || date > last) {
    const covered = ctx.shapes === 'hosted' ? 'the market days' : 'the complete market days';
    throw notFound(`No daily peak report for ${date}: reports cover ${covered} from ${first} to ${last}.`);
  }
  if (!hasLoad(date, ctx.now))
    throw notFound(`No daily peak report for ${date} yet: ${LOAD_DATASET} has no interval of it.`);
  // The plan is the last check, but it comes before the report is computed: a refused caller costs
  // no scan of a day of load.
  requireDailyPeakReport(ctx);
  return jsonResponse(reportBody(ctx.shapes, date, peakOf(date, ctx.now)));
});
