import { linePath, niceTicks, pathXs, singlePoint, valueRange } from './scales';

describe('niceTicks', () => {
  it('covers the range with round steps, ends included', () => {
    expect(niceTicks(13.2, 31.7)).toEqual([10, 15, 20, 25, 30, 35]);
    expect(niceTicks(-12.5, 4999.5)).toEqual([-2000, 0, 2000, 4000, 6000]);
    expect(niceTicks(0.12, 0.38)).toEqual([0.1, 0.2, 0.3, 0.4]);
  });

  it('gives the two ends back for an empty or degenerate range', () => {
    expect(niceTicks(5, 5)).toEqual([5, 5]);
  });
});

describe('linePath', () => {
  const rows = [
    { x: 0, s0: 10 },
    { x: 1, s0: null },
    { x: 2, s0: 30 },
    { x: 3, s0: 40 },
  ];
  const scale = (v: number) => v * 10;

  it('moves to the first value and draws to each next one, bridging nulls', () => {
    expect(linePath(rows, 's0', scale, scale, 0, 3)).toBe('M0.0,100.0L20.0,300.0L30.0,400.0');
  });

  it('draws only the rows in the zoomed window', () => {
    expect(linePath(rows, 's0', scale, scale, 2, 3)).toBe('M20.0,300.0L30.0,400.0');
    expect(linePath(rows, 's1', scale, scale, 0, 3)).toBe('');
  });

  it('draws the same path from x positions worked out once for several lines', () => {
    const xs = pathXs(rows, scale, 1, 3);
    expect(xs).toEqual(['10.0', '20.0', '30.0']);
    expect(linePath(rows, 's0', scale, scale, 1, 3, 'bridge', xs)).toBe(
      linePath(rows, 's0', scale, scale, 1, 3),
    );
    // A row without an x has no place on the axis: a gap, which 'break' leaves open.
    const noX = [
      { x: 0, s0: 1 },
      { x: null, s0: 2 },
      { x: 2, s0: 3 },
    ];
    expect(pathXs(noX, scale)).toEqual(['0.0', '', '20.0']);
    expect(linePath(noX, 's0', scale, scale, 0, 2, 'break', pathXs(noX, scale))).toBe('M0.0,10.0M20.0,30.0');
  });
});

describe('valueRange', () => {
  it('spans the given keys in the given rows, widening a single value and defaulting to [0, 1]', () => {
    const rows = [
      { x: 0, a: 3, b: 100 },
      { x: 1, a: null, b: -5 },
      { x: 2, a: 7, b: 50 },
    ];
    expect(valueRange(rows, ['a'])).toEqual([3, 7]);
    expect(valueRange(rows, ['a', 'b'], 1, 2)).toEqual([-5, 50]);
    expect(valueRange(rows, ['a'], 0, 0)).toEqual([2, 4]);
    expect(valueRange(rows, ['c'])).toEqual([0, 1]);
  });
});

describe('singlePoint', () => {
  it('finds the one vertex of a path that has no segment', () => {
    expect(singlePoint('M1.0,-2.5')).toEqual(['1.0', '-2.5']);
    expect(singlePoint('M1.0,2.0L3.0,4.0')).toBeNull();
  });
});

describe('linePath over a sparse series', () => {
  const scale = (v: number) => v;
  it('joins values at most `gaps` apart, breaks across wider gaps and leaves a lone value as a dot', () => {
    const rows = [
      { x: 0, s0: 1 },
      { x: 5, s0: 2 },
      { x: 30, s0: 3 },
      { x: 60, s0: 4 },
      { x: 65, s0: 5 },
    ];
    // 0–5 joined; 30 alone (25 from each neighbour); 60–65 joined.
    expect(linePath(rows, 's0', scale, scale, 0, 4, 12)).toBe(
      'M0.0,1.0L5.0,2.0M30.0,3.0h0M60.0,4.0L65.0,5.0',
    );
    expect(linePath(rows, 's0', scale, scale, 0, 2, 12)).toBe('M0.0,1.0L5.0,2.0M30.0,3.0h0');
    // One value alone stays a bare move, which the chart draws as a dot.
    expect(linePath([{ x: 0, s0: 1 }], 's0', scale, scale, 0, 0, 12)).toBe('M0.0,1.0');
    // Bridged when close enough.
    expect(linePath(rows, 's0', scale, scale, 0, 4, 40)).toBe('M0.0,1.0L5.0,2.0L30.0,3.0L60.0,4.0L65.0,5.0');
  });
});
