/**
 * The links bench cold-links opens, as an analyst would have them: each written with the app's own
 * URL writer, and each on a fixed market day long past, so the page shows the same data whatever
 * the hour the bench runs at (a link to "today" would meet an empty first hour after midnight).
 */
import { DATASET_IDS } from '@/contract';
import { compareHref } from '@/compare/compareWorkspace';
import { writeUrlState } from '@/lib/urlState';
import { PRESETS } from '../src/features/compare/presets';
import { priceMapUrlState } from '../src/features/priceMap/priceMapUrlState';
import { DEFAULT_QUERY_STATE, writeQueryState } from '../src/features/query/queryUrl';
import { dailyPeakUrlState } from '../src/features/reports/dailyPeakUrlState';

/** A July weekday: a summer peak, no DST change near it. */
export const LINK_DAY = '2025-07-15';
/** Noon in Texas the day after: the presets' "last complete market day" is LINK_DAY. */
const NOW_AFTER_LINK_DAY = Date.UTC(2025, 6, 16, 17);
/** The week ending with LINK_DAY. */
const WEEK = { start: '2025-07-09', end: '2025-07-16' } as const;
/** Hourly rows in WEEK: seven 24-hour days. */
export const WEEK_HOURS = 7 * 24;
/** 17:00 market time on LINK_DAY, as the price map's index of 5-minute intervals. */
const FIVE_PM_INTERVAL = (17 * 60) / 5;
/** A resource node with coordinates, so its page shows its map (a hub has none). */
export const LOCATION_NAME = 'ABILENE_ALL';

const LMP = DATASET_IDS.realTimeLmp;

function presetHref(id: string): string {
  const preset = PRESETS.find((p) => p.id === id);
  if (!preset) throw new Error(`no Compare preset ${id}`);
  return compareHref(preset.state(NOW_AFTER_LINK_DAY));
}

export const COLD_LINKS = {
  dataset: `/datasets/${LMP}`,
  /** HB_NORTH's LMP over WEEK, resampled to hourly means: one page of rows. */
  query: `/datasets/${LMP}/query?${writeQueryState({
    ...DEFAULT_QUERY_STATE,
    range: 'custom',
    start: WEEK.start,
    end: WEEK.end,
    fcol: 'location',
    fval: 'HB_NORTH',
    rs: '1h',
  }).toString()}`,
  /** The DART preset's workspace as its button leaves the URL, the day after LINK_DAY. */
  compare: presetHref('dart'),
  priceMap: `/price-map?${writeUrlState(priceMapUrlState, { day: LINK_DAY, i: FIVE_PM_INTERVAL }).toString()}`,
  location: `/locations/ercot-${LOCATION_NAME.toLowerCase()}`,
  peakReport: `/reports/daily-peak?${writeUrlState(dailyPeakUrlState, { date: LINK_DAY }).toString()}`,
} as const;
