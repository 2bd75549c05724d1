import { CADENCE_MS, type Cadence, type Dataset, type DatasetColumn } from '@/contract';

/** A dataset the map can colour: one row per location per interval, with a price column. */
export interface PriceDataset {
  id: string;
  name: string;
  cadence: Cadence;
  stepMs: number;
  priceColumn: string;
  unit: string;
  dayAhead: boolean;
  earliest: number;
  latest: number;
}

/** The interval of a regular cadence; none for IRREGULAR rows, which the map cannot step through. */
const stepOf = (cadence: Cadence): number | undefined =>
  cadence === 'IRREGULAR' ? undefined : CADENCE_MS[cadence];

const PRICE_UNIT = '$/MWh';

function priceColumnOf(dataset: Dataset): DatasetColumn | undefined {
  const numeric = dataset.all_columns.filter((c) => c.is_numeric && !c.is_datetime);
  return numeric.find((c) => c.unit === PRICE_UNIT) ?? undefined;
}

/**
 * The price datasets, read from the catalog's metadata: a location subseries, a numeric column in
 * $/MWh and a regular cadence, and priced at the registry's locations (`priced`: the union of their
 * `pricing_datasets`), since the map places a row by its location's coordinates. LMP by bus has
 * every other mark of a price dataset, but its buses are not in the registry: on the map it would
 * be an empty day. Day-ahead is told by the dataset's own words, since the metadata has no field for
 * the market run. Finest cadence first (the default is real-time 5-minute LMP).
 */
export function pickPriceDatasets(datasets: readonly Dataset[], priced: ReadonlySet<string>): PriceDataset[] {
  const out: PriceDataset[] = [];
  for (const d of datasets) {
    const stepMs = stepOf(d.cadence);
    const column = priceColumnOf(d);
    if (d.subseries_index_column !== 'location' || stepMs === undefined || !column) continue;
    if (!priced.has(d.id)) continue;
    out.push({
      id: d.id,
      name: d.name,
      cadence: d.cadence,
      stepMs,
      priceColumn: column.name,
      unit: column.unit ?? PRICE_UNIT,
      dayAhead: /day[- ]ahead/i.test(`${d.name} ${d.description}`),
      earliest: Date.parse(d.earliestData),
      latest: Date.parse(d.latestData),
    });
  }
  return out.sort(
    (a, b) => Number(a.dayAhead) - Number(b.dayAhead) || a.stepMs - b.stepMs || (a.id < b.id ? -1 : 1),
  );
}

/** The day-ahead partner of a real-time dataset, for DART; none for a day-ahead dataset itself. */
export function dayAheadPartner(
  chosen: PriceDataset,
  all: readonly PriceDataset[],
): PriceDataset | undefined {
  if (chosen.dayAhead) return undefined;
  return all.find((d) => d.dayAhead);
}
