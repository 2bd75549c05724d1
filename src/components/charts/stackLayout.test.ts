import { bucketMeans, bucketSize, shareOf, stackLayout, stackRange } from './stackLayout';
import { bandPath } from './StackedAreas';
import { stackReadout } from './stackReadout';

const rows = [
  { x: 0, s0: 10, s1: 20, s2: -5 },
  { x: 1, s0: 10, s1: null, s2: 5 },
  { x: 2, s0: 12, s1: 18, s2: -3 },
];
const band = (layout: ReturnType<typeof stackLayout>, key: string, side: 'up' | 'down') =>
  layout.bands.find((b) => b.key === key && b.side === side);
const empty = { key: '', side: 'up' as const, lower: new Float64Array(3), upper: new Float64Array(3) };

describe('stackLayout', () => {
  it('stacks positive values up from zero and negative ones down from it, in the given order', () => {
    const layout = stackLayout(rows, ['s0', 's1', 's2']);
    expect([...(band(layout, 's0', 'up')?.upper ?? [])]).toEqual([10, 10, 12]);
    expect(band(layout, 's1', 'up')?.lower[0]).toBe(10);
    expect(band(layout, 's1', 'up')?.upper[0]).toBe(30);
    // Storage charging sits below zero, whatever is stacked above.
    const charging = band(layout, 's2', 'down');
    expect(charging?.upper[0]).toBe(0);
    expect(charging?.lower[0]).toBe(-5);
    expect(charging?.lower[2]).toBe(-3);
    expect([...layout.positive]).toEqual([30, 15, 30]);
    expect([...layout.negative]).toEqual([-5, 0, -3]);
    // A series that never goes below zero has no downward band.
    expect(band(layout, 's0', 'down')).toBeUndefined();
  });

  it('draws a missing value as a gap in its band and in the bands stacked after it, never as zero', () => {
    const layout = stackLayout(rows, ['s0', 's1', 's2']);
    expect(band(layout, 's0', 'up')?.upper[1]).toBe(10);
    expect(band(layout, 's1', 'up')?.upper[1]).toBeNaN();
    expect(band(layout, 's2', 'down')?.lower[1]).toBeNaN();
    const x = (v: number) => v * 100;
    const y = (v: number) => -v;
    // Two pieces around the gap would each need two rows: row 0 and row 2 alone draw nothing.
    expect(bandPath(rows, band(layout, 's1', 'up') ?? empty, x, y)).toBe('');
    expect(bandPath(rows, band(layout, 's0', 'up') ?? empty, x, y)).toBe(
      'M0.0,-10.0L100.0,-10.0L200.0,-12.0L200.0,0.0L100.0,0.0L0.0,0.0Z',
    );
    // A gap inside a band ends one closed piece; the band goes on in another after it.
    const long = [...rows, { x: 3, s0: 1, s1: 2, s2: 0 }, { x: 4, s0: 1, s1: 4, s2: 0 }];
    const broken = band(stackLayout(long, ['s0', 's1']), 's1', 'up') ?? empty;
    // Row 0 alone draws nothing; rows 2–4 draw one piece.
    expect(bandPath(long, broken, x, y)).toBe(
      'M200.0,-30.0L300.0,-3.0L400.0,-5.0L400.0,-1.0L300.0,-1.0L200.0,-12.0Z',
    );
    const gapless = band(stackLayout(long, ['s0']), 's0', 'up') ?? empty;
    expect(bandPath(long, gapless, x, y, 1, 2)).toBe('M100.0,-10.0L200.0,-12.0L200.0,0.0L100.0,0.0Z');
  });

  it('keeps the order it is given when the values change, and the range includes zero and the lines', () => {
    const a = stackLayout([{ x: 0, s0: 1, s1: 100 }], ['s0', 's1']);
    expect(band(a, 's0', 'up')?.lower[0]).toBe(0);
    expect(band(a, 's1', 'up')?.lower[0]).toBe(1);
    const layout = stackLayout(rows, ['s0', 's2']);
    expect(stackRange(layout, rows, [], 0, 2)).toEqual([-5, 15]);
    expect(stackRange(layout, rows, ['s1'], 0, 2)).toEqual([-5, 20]);
  });

  it('gives shares of the positive total only to positive values', () => {
    expect(shareOf(25, 100)).toBe(0.25);
    expect(shareOf(-5, 100)).toBeNull();
    expect(shareOf(0, 0)).toBeNull();
  });

  it('cuts long rows to bucket means, each saying how many rows it stands for', () => {
    const long = Array.from({ length: 8 }, (_, i) => ({ x: i, s0: i, s1: 2 }));
    expect(bucketMeans(long, ['s0', 's1'], 4)).toBe(long);
    expect(bucketSize(long[0])).toBe(1);
    const cut = bucketMeans(long, ['s0', 's1'], 2);
    expect(cut).toEqual([
      { x: 0, bucketSize: 4, s0: 1.5, s1: 2 },
      { x: 4, bucketSize: 4, s0: 5.5, s1: 2 },
    ]);
    expect(bucketSize(cut[1])).toBe(4);
  });

  it('leaves a series out of a bucket where it misses any row, so the stack shows the gap', () => {
    // Wind misses one row of the second bucket: a mean of the three left would draw it whole.
    const long = Array.from({ length: 12 }, (_, i) => ({ x: i, s0: 10, s1: i === 5 ? null : 4, s2: 1 }));
    const cut = bucketMeans(long, ['s0', 's1', 's2'], 3);
    expect(cut.map((r) => (r as Record<string, unknown>).s1)).toEqual([4, null, 4]);
    const layout = stackLayout(cut, ['s0', 's1', 's2']);
    // Gas below it is drawn; wind and the solar stacked on it are a gap in that bucket.
    expect([...(band(layout, 's0', 'up')?.upper ?? [])]).toEqual([10, 10, 10]);
    expect([...(band(layout, 's1', 'up')?.upper ?? [])]).toEqual([14, Number.NaN, 14]);
    expect([...(band(layout, 's2', 'up')?.upper ?? [])]).toEqual([15, Number.NaN, 15]);
    const { notes } = stackReadout(
      cut,
      1,
      layout,
      ['Gas', 'Wind', 'Solar'].map((label, i) => ({ key: `s${i}`, label, color: '#000' })),
      [],
      String,
    );
    expect(notes).toEqual([
      'Above zero, of the series with a value: 11',
      'Net: not known while a stacked series has no value',
      'No value: Wind',
      'Each value: the mean of 4 intervals from this time',
    ]);
  });
});

describe('stackReadout', () => {
  const series = ['Gas', 'Wind', 'Storage'].map((label, i) => ({ key: `s${i}`, label, color: '#000' }));
  const load = [{ key: 's3', label: 'Load', color: '#111' }];
  const withLoad = rows.map((r) => ({ ...r, s3: 40 }));
  const layout = stackLayout(withLoad, ['s0', 's1', 's2']);
  const fmt = (v: number) => String(v);

  it('reads each series top of the stack first with its share, the lines, and the totals by name', () => {
    const { items, notes } = stackReadout(withLoad, 0, layout, series, load, fmt);
    expect(items.map((i) => `${i.label}: ${i.value}`)).toEqual([
      'Storage: -5',
      'Wind: 20 (66.7 %)',
      'Gas: 10 (33.3 %)',
      'Load: 40',
    ]);
    // Shares are of what is above zero; the net counts storage charging, as Compare's statistics do.
    expect(notes).toEqual(['Above zero: 30', 'Below zero: -5', 'Net: 25']);
  });

  it('names the series missing at that time, says the total is of those with a value and gives no net', () => {
    const { items, notes } = stackReadout(withLoad, 1, layout, series, load, fmt);
    expect(items.find((i) => i.label === 'Wind')?.value).toBeNull();
    expect(notes).toEqual([
      'Above zero, of the series with a value: 15',
      'Net: not known while a stacked series has no value',
      'No value: Wind',
    ]);
  });
});
