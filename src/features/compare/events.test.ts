import fc from 'fast-check';
import { ExpressionError } from './expression';
import { findEvents, measuredSide, parseCondition, searchEvents } from './events';
import { buildGrid } from './grid';

const grid = buildGrid('2025-07-01', '2025-07-02', '1h', 'US/Central');
const n = grid.times.length;
const value = fc.option(fc.integer({ min: -100, max: 100 }), { nil: Number.NaN });
const column = fc.array(value, { minLength: n, maxLength: n }).map((a) => Float64Array.from(a));

describe('the event finder', () => {
  it('finds exactly the maximal runs where the condition holds', () => {
    fc.assert(
      fc.property(
        column,
        column,
        fc.constantFrom('A > 20', 'A <= -5', 'A > B', 'A - B >= 10'),
        (a, b, text) => {
          const series = new Map([
            ['A', a],
            ['B', b],
          ]);
          const events = findEvents(parseCondition(text), series, grid);
          const holds = (i: number): boolean => {
            const x = a[i] ?? Number.NaN;
            const y = b[i] ?? Number.NaN;
            if (Number.isNaN(x) || (text.includes('B') && Number.isNaN(y))) return false;
            if (text === 'A > 20') return x > 20;
            if (text === 'A <= -5') return x <= -5;
            if (text === 'A > B') return x > y;
            return x - y >= 10;
          };
          const covered = new Set<number>();
          for (const e of events) {
            for (let i = e.from; i <= e.to; i++) {
              expect(holds(i)).toBe(true);
              covered.add(i);
            }
            // Maximal: the intervals either side do not meet the condition.
            expect(e.from === 0 || !holds(e.from - 1)).toBe(true);
            expect(e.to === n - 1 || !holds(e.to + 1)).toBe(true);
            expect(e.start).toBe(grid.times[e.from]);
            expect(e.end).toBe(grid.times[e.to + 1] ?? grid.end);
            expect(e.intervals).toBe(e.to - e.from + 1);
          }
          for (let i = 0; i < n; i++) expect(covered.has(i)).toBe(holds(i));
        },
      ),
    );
  });

  it('reports the peak in the direction of the condition and the mean of the left side', () => {
    const a = Float64Array.from({ length: n }, (_, i) =>
      i >= 3 && i <= 5 ? ([120, 300, 150][i - 3] ?? 0) : 10,
    );
    const [high] = findEvents(parseCondition('A > 100'), new Map([['A', a]]), grid);
    expect(high).toMatchObject({
      from: 3,
      to: 5,
      intervals: 3,
      peak: 300,
      peakAt: grid.times[4],
      mean: 190,
      durationMs: 3 * 3_600_000,
    });
    const [low] = findEvents(parseCondition('A < 200'), new Map([['A', a]]), grid);
    expect(low).toMatchObject({ from: 0, to: 3, peak: 10 });
  });

  it('refuses a condition without a comparison, or with two', () => {
    expect(() => parseCondition('A + 1')).toThrow(ExpressionError);
    expect(() => parseCondition('1 < A < 2')).toThrow('Use one comparison, for example A > B');
    expect(() => parseCondition('A > ')).toThrow('Write a series or a number on each side of >');
    expect(() => parseCondition('A > (B')).toThrow('Missing “)” for the “(” at position 5');
  });

  it('names the side the peak and mean are of, as a reader writes it', () => {
    expect(measuredSide(parseCondition('b > a'))).toBe('B');
    expect(measuredSide(parseCondition('A-B >= 20'))).toBe('A - B');
  });

  it('says where a side of the condition left intervals empty, so the condition is unknown there', () => {
    const a = Float64Array.from({ length: n }, (_, i) => i);
    const b = Float64Array.from({ length: n }, (_, i) => (i < 3 ? 0 : 1));
    const search = searchEvents(
      parseCondition('A / B > 1'),
      new Map([
        ['A', a],
        ['B', b],
      ]),
      grid,
    );
    expect(search.emptied).toEqual(['A / B: 3 intervals left empty: division by zero']);
    expect(search.events[0]?.from).toBe(3);
    // Those intervals are counted as unknown, whatever left them so.
    expect(search.unknown).toBe(3);
    expect(search.intervals).toBe(n);
    const partial = Float64Array.from({ length: n }, (_, i) => (i % 2 === 0 ? Number.NaN : 5));
    expect(searchEvents(parseCondition('A > 100'), new Map([['A', partial]]), grid).unknown).toBe(
      Math.ceil(n / 2),
    );
  });
});
