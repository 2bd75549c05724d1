import { z } from 'zod';
import { defineUrlState, type UrlStateOf } from '@/lib/urlState';
import { CLIP_CHOICES } from './colorScale';
import { isCalendarDate } from '@/lib/marketDay';
import { MEASURES } from './measures';

export const DEFAULT_VIEW = { lat: 31.2, lon: -99.3, zoom: 6 } as const;
export const TOP_N_CHOICES = [5, 10, 20] as const;
export const SPEED_CHOICES = [1, 2, 4, 8] as const;
export const CENTERS = ['zero', 'hub'] as const;

const NUMBER = /^-?\d+(\.\d+)?$/;
const round4 = (n: number): number => Math.round(n * 1e4) / 1e4;
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
  return { lat: round4(lat), lon: round4(lon) };
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
      .pipe(z.number().int().min(-1).max(399)),
    ctr: z.enum(CENTERS),
    clip: oneOf(CLIP_CHOICES),
    n: oneOf(TOP_N_CHOICES),
    speed: oneOf(SPEED_CHOICES),
    c: latLon,
    z: z
      .string()
      .regex(/^\d{1,2}$/)
      .transform(Number)
      .pipe(z.number().int().min(3).max(18)),
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
  { c: (p) => `${round4(p.lat)},${round4(p.lon)}` },
);

export type PriceMapState = UrlStateOf<typeof priceMapUrlState.shape>;
