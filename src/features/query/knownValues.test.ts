import { describe, expect, it } from 'vitest';
import { unknownValues, type KnownValues } from './knownValues';

const known = (complete: boolean): KnownValues => ({
  noun: 'location',
  values: ['HB_NORTH', 'HB_SOUTH', 'HB_WEST'],
  pickable: false,
  complete,
});

describe('unknownValues', () => {
  it('names a typed value the complete set lacks, with the nearest known ones', () => {
    const [unknown] = unknownValues('HB_NORHT', false, known(true));
    expect(unknown?.value).toBe('HB_NORHT');
    expect(unknown?.suggestions).toContain('HB_NORTH');
  });

  it('checks each name of an `in` list', () => {
    expect(unknownValues('HB_WEST,HB_EAST', true, known(true)).map((u) => u.value)).toEqual(['HB_EAST']);
  });

  it('calls nothing unknown when the set is partial (one page of a longer newest interval)', () => {
    expect(unknownValues('HB_NORHT', false, known(false))).toEqual([]);
  });
});
