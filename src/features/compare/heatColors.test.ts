import { heatScale } from './heatColors';

describe('heatScale', () => {
  it('has no scale for a series without values: no range of colours stands for nothing', () => {
    expect(heatScale(new Float64Array(0))).toBeNull();
    expect(heatScale(Float64Array.from([Number.NaN, Number.NaN]))).toBeNull();
  });

  it('runs from the 2nd to the 98th percentile, centred on zero when the values cross it', () => {
    const values = Float64Array.from({ length: 101 }, (_, i) => i - 20);
    expect(heatScale(values)).toMatchObject({ lo: -78, hi: 78, diverging: true, basis: 'percentiles' });
    const positive = Float64Array.from({ length: 101 }, (_, i) => i);
    expect(heatScale(positive)).toMatchObject({ lo: 2, hi: 98, diverging: false, basis: 'percentiles' });
  });

  it('says when its ends are not the percentiles: the whole range, or one value ± 1', () => {
    const mostlyFive = Float64Array.from({ length: 100 }, (_, i) => (i === 0 ? 1 : i === 99 ? 9 : 5));
    expect(heatScale(mostlyFive)).toMatchObject({ lo: 1, hi: 9, basis: 'range' });
    expect(heatScale(Float64Array.from([5, 5, Number.NaN]))).toMatchObject({ lo: 4, hi: 6, basis: 'single' });
  });
});
