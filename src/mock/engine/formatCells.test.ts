import { formatRows } from './formatCells';
import { planQuery } from './plan';
import { readQueryParams } from './plan/queryParams';
import { load5 } from './testDatasets';

const planOf = (query: string) => planQuery(load5, readQueryParams(new URLSearchParams(query)));

describe('formatRows', () => {
  it('writes timestamps as ISO text, UTC and their local twin in the query zone', () => {
    const plan = planOf('timezone=US/Central');
    const names = plan.columns.map((c) => c.name);
    const t = Date.UTC(2024, 6, 1, 5);
    const row = load5.row(t, null, null);
    const [cells] = formatRows([row], 1, plan);
    const at = (name: string) => cells?.[names.indexOf(name)];
    expect(at('interval_start_utc')).toBe('2024-07-01T05:00:00+00:00');
    expect(at('interval_start_local')).toBe('2024-07-01T00:00:00-05:00');
  });

  it('leaves out the extra row that only said a next page exists', () => {
    const plan = planOf('');
    const t = Date.UTC(2024, 6, 1, 5);
    const rows = [load5.row(t, null, null), load5.row(t + 300_000, null, null)];
    expect(formatRows(rows, 1, plan)).toHaveLength(1);
  });

  it('gives the same cells whether it writes into the whole row or copies into a wider one', () => {
    const t = Date.UTC(2024, 6, 1, 5);
    const whole = planOf('');
    const wider = planOf('timezone=US/Central');
    const [wholeCells] = formatRows([load5.row(t, null, null)], 1, whole);
    const [widerCells] = formatRows([load5.row(t, null, null)], 1, wider);
    const widerNames = wider.columns.map((c) => c.name);
    const sameNames = whole.columns.map((c) => widerCells?.[widerNames.indexOf(c.name)]);
    expect(wholeCells).toEqual(sameNames);
    expect(wholeCells?.[0]).toBe('2024-07-01T05:00:00+00:00');
  });
});
