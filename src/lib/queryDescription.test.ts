import { FILTER_OPERATORS, RESAMPLE_FUNCTIONS } from '@/contract';
import {
  describeFrequency,
  describeQuery,
  FILTER_OPERATOR_INFO,
  operatorsFor,
  RESAMPLE_FUNCTION_LABELS,
} from '@/lib/queryDescription';

describe('describeQuery', () => {
  it('reads like the issue example', () => {
    expect(
      describeQuery({
        datasetName: 'ERCOT SPP Real Time 15 Min',
        filter: { column: 'location', operator: '=', value: 'HB_NORTH' },
        time: '2024-07-01 → 2024-07-08',
        timeZone: 'US/Central',
        resample: { count: 1, unit: 'hour', fn: 'mean' },
      }),
    ).toBe(
      'ERCOT SPP Real Time 15 Min · location = HB_NORTH · 2024-07-01 → 2024-07-08 (US/Central) · hourly mean',
    );
  });

  it('words in-lists, vintages, order and limits', () => {
    expect(
      describeQuery({
        datasetName: 'Load forecast',
        filter: { column: 'location', operator: 'in', value: 'HB_NORTH,HB_WEST' },
        time: 'last 24 hours',
        timeZone: 'UTC',
        vintage: 'latest forecast',
        resample: { count: 15, unit: 'minute', fn: 'max', by: ['location'] },
        order: 'desc',
        limit: 1000,
      }),
    ).toBe(
      'Load forecast · location in HB_NORTH, HB_WEST · last 24 hours (UTC) · latest forecast · every 15 minutes maximum by location · newest first · at most 1,000 rows',
    );
  });

  it('has a label for every operator and function of the wire types', () => {
    for (const op of FILTER_OPERATORS) expect(FILTER_OPERATOR_INFO[op].label).not.toBe('');
    for (const fn of RESAMPLE_FUNCTIONS) expect(RESAMPLE_FUNCTION_LABELS[fn]).not.toBe('');
  });

  it('offers operators suited to the column type', () => {
    expect(operatorsFor('string')).toEqual(['=', '!=', 'in']);
    expect(operatorsFor('number')).toEqual(['=', '!=', '>', '>=', '<', '<=', 'in']);
    expect(operatorsFor('timestamp')).not.toContain('in');
    expect(describeFrequency(1, 'day')).toBe('daily');
  });
});
