import fc from 'fast-check';
import type { CellValue, ValidationIssue } from '@/contract';
import type { DatasetDef } from '@/mock/data/types';
import { Rejection } from './rejection';
import { runQuery } from './runQuery';
import { forecastHourly, load5, NOW, prices15, START } from './testDatasets';

/**
 * `in` (contract §6.2) is a set lookup: it must select exactly the rows that some `=` filter on one
 * of its values selects, with values compared as `=` compares them (numbers, instants, exact text),
 * and it takes at most 1,000 values.
 */

const qs = (params: Record<string, string>): string => new URLSearchParams(params).toString();
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', '+00:00');

interface Target {
  def: DatasetDef;
  column: string;
  kind: 'number' | 'instant' | 'text';
}

const TARGETS: Target[] = [
  { def: load5, column: 'load', kind: 'number' },
  { def: prices15, column: 'spp', kind: 'number' },
  // The subseries column: `in` picks grid columns instead of filtering rows.
  { def: prices15, column: 'location', kind: 'text' },
  { def: prices15, column: 'location_type', kind: 'text' },
  { def: forecastHourly, column: 'publish_time_utc', kind: 'instant' },
  // The time index: `in` filters rows (only `=` and comparisons narrow the bounds).
  { def: load5, column: 'interval_start_utc', kind: 'instant' },
];

/** Other spellings of the same value, as a client might write them. */
function spellings(kind: Target['kind'], cell: CellValue): string[] {
  if (kind === 'text') return [String(cell), ` ${String(cell)} `];
  if (kind === 'number') {
    const v = Number(cell);
    return [String(v), v.toFixed(4), `${Math.round(v * 100)}e-2`, v < 0 ? `-${-v}` : `+${v}`];
  }
  const t = Date.parse(String(cell));
  // The same instant in UTC, with a -06:00 offset, and at +05:30.
  const at = (offsetMin: number): string => {
    const local = new Date(t + offsetMin * 60_000).toISOString().slice(0, 19);
    const sign = offsetMin < 0 ? '-' : '+';
    const abs = Math.abs(offsetMin);
    return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  };
  return [iso(t), at(-360), at(330)];
}

/** Values that match nothing in the window. */
function strangers(kind: Target['kind']): string[] {
  if (kind === 'text') return ['NOPE', 'a_hub', ''];
  if (kind === 'number') return ['-1', '0', '1e9'];
  return ['2001-01-01', '2030-06-01T00:00:00+02:00'];
}

function rowsOf(def: DatasetDef, params: Record<string, string>): CellValue[][] {
  return runQuery(def, qs({ ...params, page_size: '50000' }), NOW).rows;
}

/** `in` on `items` against the union of `=` on each (trimmed) item, over the same window. */
function checkUnion(t: Target, window: Record<string, string>, items: string[]): number {
  const base = { ...window, filter_column: t.column };
  const inRows = rowsOf(t.def, { ...base, filter_operator: 'in', filter_value: items.join(',') });
  const union = new Set<string>();
  for (const item of new Set(items.map((i) => i.trim()))) {
    for (const row of rowsOf(t.def, { ...base, filter_value: item })) union.add(JSON.stringify(row));
  }
  const expected = rowsOf(t.def, window).filter((row) => union.has(JSON.stringify(row)));
  expect(inRows).toEqual(expected);
  return inRows.length;
}

describe('`in` equals the union of `=` filters', () => {
  it('for random lists over random windows, columns, zones and orders', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TARGETS),
        fc.nat({ max: 2000 }),
        fc.integer({ min: 1, max: 40 }),
        fc.constantFrom('UTC', 'market', 'Asia/Kolkata'),
        fc.constantFrom('asc', 'desc'),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 3 }),
        (t, startSteps, steps, timezone, order, picks, others) => {
          const start = t.def.firstTime(NOW) + startSteps * t.def.stepMs;
          const window = {
            start_time: iso(start),
            end_time: iso(start + steps * t.def.stepMs),
            timezone,
            order,
          };
          const rows = rowsOf(t.def, { ...window, timezone: 'UTC' });
          const columns = runQuery(t.def, qs({ ...window, timezone: 'UTC', page_size: '1' }), NOW).columns;
          const at = columns.findIndex((c) => c.name === t.column);
          const cells = rows.map((r) => r[at] ?? null).filter((c) => c !== null);
          const items = picks.flatMap(([row, spelling]) => {
            if (cells.length === 0) return [];
            const options = spellings(t.kind, cells[row % cells.length] ?? null);
            return [options[spelling % options.length] ?? ''];
          });
          const odd = strangers(t.kind);
          items.push(...others.map((o) => odd[o % odd.length] ?? ''));
          if (items.length === 0) items.push(odd[0] ?? '');
          checkUnion(t, window, items);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('with 1,000 values, every present value in another spelling', () => {
    const window = { start_time: iso(START), end_time: iso(START + 50 * 900_000) };
    const present = rowsOf(prices15, window).map((r) => Number(r.at(-1)));
    const items = present.map((v) => v.toFixed(3));
    for (let i = 0; items.length < 1000; i++) items.push(String(1000 + i));
    expect(items).toHaveLength(1000);
    const t = TARGETS[1] as Target;
    expect(checkUnion(t, window, items)).toBe(present.length);
  });
});

function problem(def: DatasetDef, query: string): Rejection {
  try {
    runQuery(def, query, NOW);
  } catch (e) {
    if (e instanceof Rejection) return e;
    throw e;
  }
  throw new Error(`expected ${query.slice(0, 80)} to be refused`);
}

describe('`in` takes at most 1,000 values', () => {
  const list = (n: number): string => Array.from({ length: n }, (_, i) => String(40_000 + i)).join(',');
  const day = { start_time: iso(START), end_time: iso(START + 86_400_000) };

  it('accepts 1,000', () => {
    const r = runQuery(
      load5,
      qs({ ...day, filter_column: 'load', filter_operator: 'in', filter_value: list(1000) }),
      NOW,
    );
    expect(r.meta.hasNextPage).toBe(false);
  });

  it.each(['in', ' IN ', 'In'])('answers 1,001 with operator %j by a 422 naming filter_value', (operator) => {
    const p = problem(
      load5,
      qs({ ...day, filter_column: 'load', filter_operator: operator, filter_value: list(1001) }),
    );
    expect(p.kind).toBe('wrong_type');
    const [issue, ...more] = p.detail as ValidationIssue[];
    expect(more).toEqual([]);
    expect(issue).toMatchObject({
      type: 'too_long',
      loc: ['query', 'filter_value'],
      msg: 'at most 1000 values',
    });
    // The input is echoed shortened: a 60 kB list is not sent back.
    expect(typeof issue?.input).toBe('string');
    expect(String(issue?.input).length).toBeLessThanOrEqual(201);
    expect(list(1001).startsWith(String(issue?.input).replace(/…$/, ''))).toBe(true);
  });

  it('is a type error: found with the others, before any rule (unknown column, bad number)', () => {
    const p = problem(
      load5,
      qs({ filter_column: 'nope', filter_operator: 'in', filter_value: `x,${list(1000)}`, page: 'abc' }),
    );
    expect(p.kind).toBe('wrong_type');
    expect((p.detail as ValidationIssue[]).map((d) => d.loc[1]).sort()).toEqual(['filter_value', 'page']);
  });

  it('does not limit the other operators', () => {
    const p = problem(load5, qs({ ...day, filter_column: 'load', filter_value: list(1001) }));
    expect(p.kind).toBe('invalid');
  });
});
