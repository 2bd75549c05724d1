/**
 * One-click workspaces for the questions asked every day. Ranges end on the last complete market
 * day, so the data is all there.
 */
import { DATASET_IDS } from '@/contract';
import { freshWorkspace, nodeVsHub } from '@/compare/compareLinks';
import { dataSeries, type CompareState, type DataSeries } from '@/compare/compareWorkspace';

const {
  realTimeSpp: RT_SPP,
  dayAheadSpp: DA_SPP,
  load: LOAD,
  loadForecast: FORECAST,
  fuelMix: FUEL_MIX,
} = DATASET_IDS;

const at = (location: string): Partial<DataSeries> => ({ filterColumn: 'location', filterValue: location });

export interface Preset {
  id: string;
  title: string;
  description: string;
  state: (now: number) => Partial<CompareState>;
}

export const PRESETS: readonly Preset[] = [
  {
    id: 'dart',
    title: 'Day-ahead vs real-time at a hub (DART)',
    description: 'Houston hub: day-ahead and real-time settlement prices, hourly, and their spread.',
    state: (now) => ({
      ...freshWorkspace(now, 7),
      A: dataSeries('A', DA_SPP, 'spp', at('HB_HOUSTON')),
      B: dataSeries('B', RT_SPP, 'spp', at('HB_HOUSTON')),
      C: { kind: 'expr', key: 'C', expr: 'A - B' },
      corr: 'A,B',
      when: 'B > A',
    }),
  },
  {
    id: 'basis',
    title: 'Node vs its hub',
    description: 'A resource node in the West zone against the West hub, and the basis between them.',
    state: (now) => nodeVsHub('ABILENE_ALL', 'HB_WEST', now),
  },
  {
    id: 'forecast',
    title: 'Load vs day-ahead forecast',
    description: 'System load against the forecast published at least 24 hours ahead, and the error.',
    state: (now) => ({
      ...freshWorkspace(now, 7),
      A: dataSeries('A', LOAD, 'load'),
      B: dataSeries('B', FORECAST, 'system_total', { lead: 24 }),
      C: { kind: 'expr', key: 'C', expr: 'B - A' },
      view: 'forecast',
      fc: 'B',
      act: 'A',
      lead: 24,
      corr: 'A,B',
    }),
  },
  {
    id: 'net-load',
    title: 'Net load',
    description: 'Load minus wind minus solar: what the rest of the fleet has to serve.',
    state: (now) => ({
      ...freshWorkspace(now, 7),
      A: dataSeries('A', LOAD, 'load'),
      B: dataSeries('B', FUEL_MIX, 'wind'),
      C: dataSeries('C', FUEL_MIX, 'solar'),
      D: { kind: 'expr', key: 'D', expr: 'A - B - C' },
      grid: '1h',
      corr: 'A,D',
    }),
  },
  {
    id: 'yoy',
    title: 'This week vs last year',
    description: 'System load this week against the same weekdays 52 weeks (364 days) earlier.',
    state: (now) => ({
      ...freshWorkspace(now, 7),
      A: dataSeries('A', LOAD, 'load'),
      B: dataSeries('B', LOAD, 'load', { shift: -364 }),
      C: { kind: 'expr', key: 'C', expr: 'A - B' },
      grid: '1h',
      corr: 'A,B',
    }),
  },
];
