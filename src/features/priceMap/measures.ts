/** What the map colours at an interval: the price, its basis to a hub, or its real-time minus day-ahead spread. */
export const MEASURES = ['value', 'basis', 'dart'] as const;
export type Measure = (typeof MEASURES)[number];

export const MEASURE_LABELS: Record<Measure, string> = {
  value: 'Price',
  basis: 'Basis to hub (price − hub price)',
  dart: 'DART (real-time − day-ahead)',
};

export interface MeasureInputs {
  /** Price per location name at the interval. */
  prices: ReadonlyMap<string, number | null>;
  /** The hub's price at the same interval (basis). */
  hubPrice?: number | null;
  /** Day-ahead price per location for the hour holding the interval (DART). */
  dayAhead?: ReadonlyMap<string, number | null>;
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

/**
 * The measure per location. A location lacking either side of a difference gets null (drawn as
 * "no value"), never a made-up zero. Differences are rounded to cents, as the prices are.
 */
export function measureValues(measure: Measure, inputs: MeasureInputs): Map<string, number | null> {
  const out = new Map<string, number | null>();
  const hub = inputs.hubPrice ?? null;
  for (const [name, price] of inputs.prices) {
    if (price === null) {
      out.set(name, null);
    } else if (measure === 'value') {
      out.set(name, price);
    } else if (measure === 'basis') {
      out.set(name, hub === null ? null : round2(price - hub));
    } else {
      const da = inputs.dayAhead?.get(name) ?? null;
      out.set(name, da === null ? null : round2(price - da));
    }
  }
  return out;
}

export interface Ranked {
  name: string;
  value: number;
}

/** The `n` highest (descending) and `n` lowest (ascending) values; ties by name so the order is stable. */
export function extremes(
  values: ReadonlyMap<string, number | null>,
  n: number,
  only?: (name: string) => boolean,
) {
  const list: Ranked[] = [];
  for (const [name, value] of values) if (value !== null && (!only || only(name))) list.push({ name, value });
  list.sort((a, b) => b.value - a.value || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const highest = list.slice(0, n);
  const lowest = list.slice(-n).reverse();
  return { highest, lowest, count: list.length };
}
