/**
 * The four hourly solar and wind reports (decision 0025): system wide, with the wind report's load
 * zones, and by geographical region. Each column is declared next to the quantity of the report
 * that fills it, so the columns and the cells of a row cannot fall out of step.
 */
import { DATASET_IDS } from '@/contract';
import { HOUR_MS } from '@/time';
import { DATA_START } from './climate';
import { intervalColumns, num, ts } from './columnDefs';
import {
  type RenewableArea,
  type RenewableKind,
  renewableLastTime,
  renewableReport,
  renewableVintages,
  RENEWABLE_WINDOW,
  REGIONS,
  WIND_LOAD_ZONES,
  windLoadZoneAreas,
} from './renewables';
import type { ColumnDef, DatasetDef, Millis, RawCell } from './types';

/** Names of the hourly reports' quantities, as ERCOT's report headers (lower-cased) have them. */
const RENEWABLE_TERMS = {
  solar: {
    forecast: ['stppf', 'Short-Term PhotoVoltaic Power Forecast (STPPF)'],
    exceedance: [
      'pvgrpp',
      'PhotoVoltaic Generation Resource Production Potential (PVGRPP), the 80% probability of exceedance forecast',
    ],
  },
  wind: {
    forecast: ['stwpf', 'Short-Term Wind Power Forecast (STWPF)'],
    exceedance: [
      'wgrpp',
      'Wind Generation Resource Power Potential (WGRPP), the 80% probability of exceedance forecast',
    ],
  },
} as const;

/** One quantity of an area: its column (given the kind, the column suffix and the area's name) and its cell. */
interface AreaQuantity {
  column(kind: RenewableKind, suffix: string, of: string): ColumnDef;
  cell(area: RenewableArea): RawCell;
}

/** The four quantities of one area, in the hosted column order: actual, COP HSL, forecast, 80% exceedance. */
const AREA_QUANTITIES: readonly AreaQuantity[] = [
  {
    column: (kind, suffix, of) =>
      num(
        `gen_${suffix}`,
        `Actual ${kind} generation of ${of}, hourly mean; empty for hours that had not ended when the report was published`,
        'MW',
      ),
    cell: (a) => a.gen,
  },
  {
    column: (kind, suffix, of) =>
      num(
        `cop_hsl_${suffix}`,
        `High sustained limit of the ${kind} resources' current operating plans, ${of}`,
        'MW',
      ),
    cell: (a) => a.cop,
  },
  {
    column: (kind, suffix, of) => {
      const [name, term] = RENEWABLE_TERMS[kind].forecast;
      return num(`${name}_${suffix}`, `${term}, ${of}`, 'MW');
    },
    cell: (a) => a.forecast,
  },
  {
    column: (kind, suffix, of) => {
      const [name, term] = RENEWABLE_TERMS[kind].exceedance;
      return num(`${name}_${suffix}`, `${term}, ${of}`, 'MW');
    },
    cell: (a) => a.exceedance,
  },
];

const areaColumns = (kind: RenewableKind, suffix: string, of: string): ColumnDef[] =>
  AREA_QUANTITIES.map((q) => q.column(kind, suffix, of));

const areaCells = (area: RenewableArea): RawCell[] => AREA_QUANTITIES.map((q) => q.cell(area));

/** An area of the report and the columns it fills. */
interface AreaOf {
  suffix: string;
  of: string;
}

interface ReportSpec {
  id: string;
  name: string;
  description: string;
  /** Areas after the system, and how a report yields them in that order. */
  areas: readonly AreaOf[];
  cells: (report: ReturnType<typeof renewableReport>) => readonly RenewableArea[];
}

const REPORT_TIMING =
  'A report is published every hour at ten past; each repeats the 48 hours before it with their actual generation and forecasts the 168 hours from its own, so an hour has up to 216 reports.';

function reportDataset(kind: RenewableKind, spec: ReportSpec): DatasetDef {
  return {
    id: spec.id,
    name: spec.name,
    description: spec.description,
    cadence: '1_HOUR',
    stepMs: HOUR_MS,
    timeIndexColumn: 'interval_start_utc',
    subseriesColumn: null,
    publishTimeColumn: 'publish_time_utc',
    locations: null,
    firstTime: (): Millis => DATA_START,
    lastTime: renewableLastTime,
    vintages: renewableVintages,
    vintageWindow: RENEWABLE_WINDOW,
    columns: [
      ...intervalColumns('hourly'),
      ts('publish_time_utc', 'When this report was published (UTC)'),
      ...areaColumns(kind, 'system_wide', 'the ERCOT system'),
      num(
        'hsl_system_wide',
        `Actual high sustained limit (uncurtailed ${kind} potential) of the system, hourly mean; empty for hours that had not ended`,
        'MW',
      ),
      ...spec.areas.flatMap((a) => areaColumns(kind, a.suffix, a.of)),
    ],
    row: (t, _member, publish) => {
      if (publish === null) throw new Error(`a ${kind} report row needs a publish time`);
      const r = renewableReport(kind, t, publish);
      return [t, t + HOUR_MS, publish, ...areaCells(r), r.hsl, ...spec.cells(r).flatMap(areaCells)];
    },
  };
}

function reportDatasets(kind: RenewableKind): DatasetDef[] {
  const Kind = kind === 'solar' ? 'Solar' : 'Wind';
  const ids =
    kind === 'solar'
      ? { system: DATASET_IDS.solarActualAndForecast, geo: DATASET_IDS.solarByGeoRegion }
      : { system: DATASET_IDS.windActualAndForecast, geo: DATASET_IDS.windByGeoRegion };
  const regions = REGIONS[kind];
  return [
    reportDataset(kind, {
      id: ids.system,
      name: `ERCOT ${Kind} Actual and Forecast Hourly`,
      description: `Hourly ${kind} generation of the ERCOT system, actual and forecast, in megawatts. ${REPORT_TIMING} The actual generation is the hourly mean of the fuel mix's ${kind}.`,
      // The wind report also splits the system into load zones.
      areas: kind === 'wind' ? WIND_LOAD_ZONES.map((z) => ({ suffix: z.name, of: `the ${z.label}` })) : [],
      cells: kind === 'wind' ? windLoadZoneAreas : () => [],
    }),
    reportDataset(kind, {
      id: ids.geo,
      name: `ERCOT ${Kind} Actual and Forecast by Geographical Region Hourly`,
      description: `Hourly ${kind} generation, actual and forecast, for the system and each of ERCOT's ${regions.length} geographical ${kind} regions (one set of columns per region), in megawatts. ${REPORT_TIMING}`,
      areas: regions.map((r) => ({ suffix: r.name, of: `the ${r.label} region` })),
      cells: (r) => r.regions,
    }),
  ];
}

export const RENEWABLE_DATASETS: readonly DatasetDef[] = [
  ...reportDatasets('solar'),
  ...reportDatasets('wind'),
];
