/**
 * A bounded memory of generated numeric values. Every value is a pure function of (dataset,
 * location, time), so remembering one never changes an answer; it only spares the generator when
 * the same series is read again (a chart refetching, the next page of a resampled query).
 *
 * Values are kept per (dataset, location, UTC day) block as one Float64Array holding every numeric
 * column of the dataset, column after column; `null` is stored as NaN. Blocks are evicted least
 * recently used once their total size passes the cap.
 */
import type { DatasetDef, SeriesMember, Millis } from '@/mock/data/types';
import { DAY_MS as DAY } from '@/time';

/** About 48 MB of values: a year of 5-minute prices for ~120 locations. */
const VALUE_CACHE_BYTES = 48 * 1024 * 1024;

export interface ValueBlock {
  /** Grid time of the block's first slot. */
  t0: Millis;
  /** Slots per column. */
  n: number;
  /** `columns.length × n` values, column-major; NaN where the cell is null or was never generated. */
  values: Float64Array;
  /** Slot range [from, to) that holds generated values. */
  from: number;
  to: number;
}

/** Dataset objects get a number for the keys: ids of test datasets may repeat real ones. */
const defNumbers = new WeakMap<DatasetDef, number>();
let nextDefNumber = 0;
function defNumber(def: DatasetDef): number {
  let n = defNumbers.get(def);
  if (n === undefined) {
    n = nextDefNumber++;
    defNumbers.set(def, n);
  }
  return n;
}

const numericColumnsOf = new WeakMap<DatasetDef, readonly number[]>();

/** Indices of the dataset's DOUBLE PRECISION columns: the columns a block holds, in this order. */
export function numericColumns(def: DatasetDef): readonly number[] {
  let cols = numericColumnsOf.get(def);
  if (!cols) {
    cols = def.columns.flatMap((c, i) => (c.type === 'DOUBLE PRECISION' ? [i] : []));
    numericColumnsOf.set(def, cols);
  }
  return cols;
}

export class ValueCache {
  // A Map iterates in insertion order; re-inserting on use keeps the least recently used first.
  private readonly blocks = new Map<string, ValueBlock>();
  private size = 0;

  constructor(private readonly capBytes: number = VALUE_CACHE_BYTES) {}

  /** Bytes of values held now. */
  get bytes(): number {
    return this.size;
  }

  get blockCount(): number {
    return this.blocks.size;
  }

  clear(): void {
    this.blocks.clear();
    this.size = 0;
  }

  /**
   * The block of UTC day `day` for `loc`, with at least the grid times [lo, hi] generated.
   * The caller guarantees every grid time in [lo, hi] is a valid row of (def, loc) without vintages.
   */
  block(
    def: DatasetDef,
    loc: SeriesMember | null,
    first: Millis,
    day: number,
    lo: Millis,
    hi: Millis,
  ): ValueBlock {
    const step = def.stepMs;
    const phase = ((first % step) + step) % step;
    const key = `${defNumber(def)}|${loc?.index ?? -1}|${day}|${phase}`;
    let block = this.blocks.get(key);
    if (block) {
      this.blocks.delete(key);
    } else {
      const dayStart = day * DAY;
      const t0 = dayStart + ((((phase - dayStart) % step) + step) % step);
      const n = Math.ceil((dayStart + DAY - t0) / step);
      block = {
        t0,
        n,
        values: new Float64Array(numericColumns(def).length * n).fill(Number.NaN),
        from: 0,
        to: 0,
      };
      this.size += block.values.byteLength;
    }
    this.blocks.set(key, block);
    fill(def, loc, block, Math.round((lo - block.t0) / step), Math.round((hi - block.t0) / step) + 1);
    this.evict(key);
    return block;
  }

  private evict(keep: string): void {
    for (const [key, block] of this.blocks) {
      if (this.size <= this.capBytes) return;
      if (key === keep) continue;
      this.blocks.delete(key);
      this.size -= block.values.byteLength;
    }
  }
}

/** Generates the slots of [from, to) the block does not hold yet (the held range stays one interval). */
function fill(def: DatasetDef, loc: SeriesMember | null, block: ValueBlock, from: number, to: number): void {
  const a = Math.max(0, from);
  const b = Math.min(block.n, to);
  if (a >= b || (a >= block.from && b <= block.to)) return;
  const [genFrom, genTo] =
    block.from === block.to ? [a, b] : [Math.min(a, block.from), Math.max(b, block.to)];
  const cols = numericColumns(def);
  const { values, n, t0 } = block;
  for (let i = genFrom; i < genTo; i++) {
    if (i >= block.from && i < block.to) continue;
    const row = def.row(t0 + i * def.stepMs, loc, null);
    for (let c = 0; c < cols.length; c++) {
      const v = row[cols[c] ?? -1];
      values[c * n + i] = typeof v === 'number' ? v : Number.NaN;
    }
  }
  block.from = genFrom;
  block.to = genTo;
}

/** The engine's shared cache. */
export const valueCache = new ValueCache();
