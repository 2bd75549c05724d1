import fc from 'fast-check';
import { RESAMPLE_FUNCTIONS } from '@/contract';
import { Accumulator, aggregateSlots, RESAMPLE_FUNCTION_DEFS } from './functions';

const values = fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { maxLength: 40 });

describe('resampling functions', () => {
  it.each(RESAMPLE_FUNCTIONS)(
    '%s: a running aggregate, forwards or backwards, equals the function on the values',
    (fn) => {
      fc.assert(
        fc.property(values, (vs) => {
          const forwards = new Accumulator(fn, false);
          for (const v of vs) forwards.add(v);
          const backwards = new Accumulator(fn, true);
          for (const v of [...vs].reverse()) backwards.add(v);
          const expected = RESAMPLE_FUNCTION_DEFS[fn].apply(vs);
          expect(forwards.result()).toBe(expected);
          expect(backwards.result()).toBe(expected);
        }),
      );
    },
  );

  it.each(RESAMPLE_FUNCTIONS)('%s: aggregating cached slots skips NaN as null, bit for bit', (fn) => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.double({ min: -1e6, max: 1e6, noNaN: true }))), (cells) => {
        const slots = Float64Array.from(cells, (c) => c ?? Number.NaN);
        const scratch = new Float64Array(slots.length);
        const present = cells.filter((c): c is number => c !== null);
        expect(aggregateSlots(fn, slots, 0, slots.length, scratch)).toBe(
          RESAMPLE_FUNCTION_DEFS[fn].apply(present),
        );
      }),
    );
  });
});
