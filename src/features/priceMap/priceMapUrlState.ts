import { z } from 'zod';
import type { SettingNote } from '@/lib/linkSettings';
import { defineUrlState, type UrlStateOf } from '@/lib/urlState';
import { CLIP_CHOICES } from './colorScale';
import { isCalendarDate } from '@/time';
import { MEASURES } from './measures';
import { roundCoordinate } from '@/lib/coordinates';

const DEFAULT_VIEW = { lat: 31.2, lon: -99.3, zoom: 6 } as const;
export const TOP_N_CHOICES = [5, 10, 20] as const;
export const SPEED_CHOICES = [1, 2, 4, 8] as const;
export const CENTERS = ['zero', 'hub'] as const;
/** The last index any day can have: a 25-hour day of 5-minute intervals has 300. */
const LAST_POSSIBLE_INDEX = 299;
const ZOOM_RANGE = { min: 3, max: 18 } as const;

const NUMBER = /^-?\d+(\.\d+)?$/;
const oneOf = <T extends readonly number[]>(choices: T) =>
  z
    .string()
    .regex(/^\d{1,3}$/)
    .transform(Number)
    .refine((n): n is T[number] => choices.includes(n));

const latLon = z.string().transform((text, ctx) => {
  const [a = '', b = '', ...rest] = text.split(',');
  const lat = Number(a);
  const lon = Number(b);
  if (rest.length > 0 || !NUMBER.test(a) || !NUMBER.test(b) || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
    ctx.addIssue({ code: 'custom', message: 'Expected latitude,longitude' });
    return z.NEVER;
  }
  return { lat: roundCoordinate(lat), lon: roundCoordinate(lon) };
});

/**
 * The price map in the URL: dataset, measure, hub, market day, interval (its index in the day;
 * -1 = the latest available), centre and clip of the scale, the table's N, playback speed, the
 * map's view and the selected location. Empty dataset, hub and day mean "the default for the data".
 */
export const priceMapUrlState = defineUrlState(
  {
    ds: z.string().regex(/^[a-z0-9_]{1,100}$/),
    m: z.enum(MEASURES),
    hub: z.string().max(100),
    day: z.string().refine(isCalendarDate),
    i: z
      .string()
      .regex(/^-?\d{1,3}$/)
      .transform(Number)
      .pipe(z.number().int().min(-1).max(LAST_POSSIBLE_INDEX)),
    ctr: z.enum(CENTERS),
    clip: oneOf(CLIP_CHOICES),
    n: oneOf(TOP_N_CHOICES),
    speed: oneOf(SPEED_CHOICES),
    c: latLon,
    z: z
      .string()
      .regex(/^\d{1,2}$/)
      .transform(Number)
      .pipe(z.number().int().min(ZOOM_RANGE.min).max(ZOOM_RANGE.max)),
    sel: z.string().max(200),
  },
  {
    ds: '',
    m: 'value',
    hub: '',
    day: '',
    i: -1,
    ctr: 'zero',
    clip: 2,
    n: 10,
    speed: 4,
    c: { lat: DEFAULT_VIEW.lat, lon: DEFAULT_VIEW.lon },
    z: DEFAULT_VIEW.zoom,
    sel: '',
  },
  { c: (p) => `${roundCoordinate(p.lat)},${roundCoordinate(p.lon)}` },
);

export type PriceMapState = UrlStateOf<typeof priceMapUrlState.shape>;

/**
 * What the page used in place of an unread setting, in words, once it is known ('' until then):
 * the dataset's name, the hub, the market day and the interval shown.
 */
export interface PriceMapUsed {
  dataset: string;
  hub: string;
  day: string;
  when: string;
}

const DEFAULTS = priceMapUrlState.defaults;

/**
 * How the link notice names each key whose value cannot be read, and what is shown instead. A key
 * whose value was read but names nothing in the data (a dataset, hub or location the API does not
 * have) is worded the same way: see `priceMapLinkSettings`.
 */
export function priceMapLinkNotes(used: PriceMapUsed) {
  return {
    ds: {
      label: 'dataset',
      expects: 'is not a dataset of prices by location',
      instead: used.dataset ? `${used.dataset} was shown instead` : 'the first price dataset was shown',
    },
    m: {
      label: 'measure',
      expects: `is not a measure (${MEASURES.join(', ')})`,
      instead: 'the price was shown instead',
    },
    hub: {
      label: 'hub',
      expects: 'is not a trading hub',
      instead: used.hub ? `${used.hub} was used instead` : 'the default hub was used',
    },
    day: {
      label: 'market day',
      expects: 'is not a real date (YYYY-MM-DD)',
      instead: used.day
        ? `${used.day}, the latest day with data, was shown instead`
        : 'the latest day with data was shown',
    },
    i: {
      label: 'interval',
      expects: `is not an interval of a day (-1 for the latest, or 0 to ${LAST_POSSIBLE_INDEX})`,
      instead: used.when
        ? `the latest interval, ${used.when}, was shown instead`
        : 'the latest interval was shown',
    },
    ctr: {
      label: 'centre of the scale',
      expects: `is not a centre (${CENTERS.join(', ')})`,
      instead: `${DEFAULTS.ctr} was used instead`,
    },
    clip: {
      label: 'clip',
      expects: `is not a clip (${CLIP_CHOICES.join(', ')})`,
      instead: `p${DEFAULTS.clip} / p${100 - DEFAULTS.clip} was used instead`,
    },
    n: {
      label: 'rows in tables',
      expects: `is not a number of rows (${TOP_N_CHOICES.join(', ')})`,
      instead: `${DEFAULTS.n} were shown instead`,
    },
    speed: {
      label: 'speed',
      expects: `is not a speed (${SPEED_CHOICES.join(', ')} steps/s)`,
      instead: `${DEFAULTS.speed} steps/s was used instead`,
    },
    c: {
      label: 'map centre',
      expects: 'is not a place (latitude,longitude)',
      instead: 'the map was centred on Texas instead',
    },
    z: {
      label: 'map zoom',
      expects: `is not a zoom level (${ZOOM_RANGE.min} to ${ZOOM_RANGE.max})`,
      instead: `zoom ${DEFAULTS.z} was used instead`,
    },
    sel: {
      label: 'selected location',
      expects: 'is not a location of the registry',
      instead: 'no location was selected',
    },
  } satisfies Record<keyof PriceMapState, SettingNote>;
}
