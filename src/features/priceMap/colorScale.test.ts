import fc from 'fast-check';
import { contrastRatio } from '@/components/map/contrast';
import { DIVERGING_STOPS } from '@/lib/palettes';
import { quantile } from '@/lib/quantile';
import {
  buildScale,
  COLOR_LUT,
  legendColors,
  legendMidValue,
  legendText,
  money,
  scaleLabel,
  textOn,
} from './colorScale';

/** The centre's colour in the lookup table. */
const MIDDLE = COLOR_LUT.indexOf(DIVERGING_STOPS[4]);
const prices = fc.array(fc.double({ min: -500, max: 5000, noNaN: true }), { minLength: 1, maxLength: 300 });

describe('the price colour scale', () => {
  it('centres on the chosen value: the centre takes the middle colour, below is blue and above is red', () => {
    const scale = buildScale([-20, -5, 0, 10, 30, 40], 0, 0);
    expect(scale.color(0)).toBe(DIVERGING_STOPS[4]);
    expect(scale.color(-20)).toBe(DIVERGING_STOPS[0]);
    expect(scale.color(40)).toBe(DIVERGING_STOPS[8]);
    const hubCentred = buildScale([20, 25, 30, 35, 40], 30, 0);
    expect(hubCentred.color(30)).toBe(DIVERGING_STOPS[4]);
    expect([hubCentred.low, hubCentred.high]).toEqual([20, 40]);
  });

  it('spreads each side of the centre over its own half, so a lopsided interval still shows both', () => {
    // Three locations a little below the hub, the rest far above it.
    const values = [-4, -2, -1, ...Array.from({ length: 50 }, (_, i) => i * 2)];
    const scale = buildScale(values, 0, 0);
    expect(scale.color(-4)).toBe(DIVERGING_STOPS[0]);
    expect(scale.color(98)).toBe(DIVERGING_STOPS[8]);
    expect(new Set([-4, -2, -1].map((v) => scale.color(v))).size).toBe(3);
  });

  it('spans the data when the centre lies outside it: prices all above zero run from pale to dark red', () => {
    for (const [lo, hi] of [
      [10, 28],
      [920, 940],
    ] as const) {
      const values = Array.from({ length: 200 }, (_, i) => lo + ((hi - lo) * i) / 199);
      const scale = buildScale(values, 0, 2);
      const text = legendText(scale, 'zero');
      expect(text.summary).toMatch(
        /^Centre \$0\.00 \(zero\) is below every price shown, so all are red, pale to dark\./,
      );
      // The bar's ends are the prices' own p2 and p98, not a range mirrored around zero.
      expect([scale.low, scale.high]).toEqual([quantile(values, 0.02), quantile(values, 0.98)]);
      expect(text.low).toBe(money(scale.low));
      expect(text.high).toBe(money(scale.high));
      expect(text.summary).toContain(`Colours run from ${text.low} (p2) to ${text.high} (p98).`);
      // The prices spread over many shades of red, from a tint (the white is the centre's) to the dark end.
      const colors = values.map((v) => scale.color(v));
      expect(new Set(colors).size).toBeGreaterThan(30);
      for (const c of colors) expect(COLOR_LUT.indexOf(c)).toBeGreaterThan(MIDDLE);
      const bar = legendColors(scale);
      expect(bar[0]).toBe(scale.color(lo));
      expect(bar[0]).not.toBe(DIVERGING_STOPS[4]);
      expect(bar[bar.length - 1]).toBe(DIVERGING_STOPS[8]);
      expect(scale.color(hi)).toBe(DIVERGING_STOPS[8]);
      // The middle of the bar is labelled with the value drawn there.
      expect(scale.color(legendMidValue(scale))).toBe(bar[5]);
      expect(text.mid).toBe(money((scale.low + scale.high) / 2));
    }
  });

  it('draws clipped values in the end colours on both sides, and counts them in the legend', () => {
    // Asymmetric around the centre, with outliers at both ends.
    const values = [-400, -300, ...Array.from({ length: 96 }, (_, i) => -20 + i * 0.8), 900, 1200];
    const scale = buildScale(values, 0, 2);
    expect(scale.lowEnd).toBe('clip');
    expect(scale.highEnd).toBe('clip');
    const below = values.filter((v) => v < scale.low);
    const above = values.filter((v) => v > scale.high);
    expect(below.length).toBeGreaterThan(0);
    expect(above.length).toBeGreaterThan(0);
    const bar = legendColors(scale);
    for (const v of below) expect(scale.color(v)).toBe(bar[0]);
    for (const v of above) expect(scale.color(v)).toBe(bar[bar.length - 1]);
    expect(bar[0]).toBe(DIVERGING_STOPS[0]);
    expect(bar[bar.length - 1]).toBe(DIVERGING_STOPS[8]);
    expect(scale.clippedCount).toBe(below.length + above.length);
    const text = legendText(scale, 'zero');
    expect(text.summary).toContain(
      `Clipped at p2 and p98: ${below.length} locations below ${money(scale.low)} take the low end colour; ` +
        `${above.length} above ${money(scale.high)} take the high end colour.`,
    );
    expect(text.low).toBe(money(scale.low));
    expect(text.high).toBe(money(scale.high));
  });

  it('clips at the chosen percentiles, so one $5,000 spike does not flatten the rest', () => {
    const values = [...Array.from({ length: 99 }, (_, i) => 20 + i * 0.3), 5000];
    const unclipped = buildScale(values, 0, 0);
    const clipped = buildScale(values, 0, 2);
    expect(unclipped.high).toBe(5000);
    expect(clipped.high).toBeLessThan(60);
    expect(clipped.clippedCount).toBeGreaterThanOrEqual(1);
    // Under the clip the ordinary prices spread over the red half; without it they all look alike.
    expect(new Set(values.slice(0, 99).map((v) => clipped.color(v))).size).toBeGreaterThan(20);
    expect(new Set(values.slice(0, 99).map((v) => unclipped.color(v))).size).toBeLessThan(4);
  });

  it('keeps every value on the legend bar, on its own side of the centre, in the order of the values (property)', () => {
    fc.assert(
      fc.property(
        prices,
        fc.constantFrom(0, 1, 2, 5, 10),
        fc.double({ min: -100, max: 100, noNaN: true }),
        (vs, clip, center) => {
          const scale = buildScale(vs, center, clip);
          const bar = legendColors(scale);
          const from = COLOR_LUT.indexOf(bar[0] ?? '');
          const to = COLOR_LUT.indexOf(bar[bar.length - 1] ?? '');
          for (const v of vs) {
            const at = COLOR_LUT.indexOf(scale.color(v));
            expect(at).toBeGreaterThanOrEqual(from);
            expect(at).toBeLessThanOrEqual(to);
            // Never blue above the centre nor red below it, clipped or not.
            if (v > center) expect(at).toBeGreaterThanOrEqual(MIDDLE);
            if (v < center) expect(at).toBeLessThanOrEqual(MIDDLE);
          }
          const sorted = [...vs].sort((a, b) => a - b);
          for (let i = 1; i < sorted.length; i++) {
            expect(scale.position(sorted[i] ?? 0)).toBeGreaterThanOrEqual(scale.position(sorted[i - 1] ?? 0));
          }
          if (scale.sides === 'both') expect(scale.position(center)).toBe(0);
          expect(scale.clippedCount).toBe(vs.filter((v) => v < scale.low || v > scale.high).length);
        },
      ),
    );
  });

  it('says the centre, the range and the clip in its legend text', () => {
    const values = [...Array.from({ length: 98 }, (_, i) => i), -300, 4000];
    const text = legendText(buildScale(values, 0, 2), 'zero');
    expect(text.mid).toBe('$0.00');
    expect(text.summary).toContain(`Colours run from ${text.low} (the lowest) to ${text.high} (p98).`);
    // p2 ($0.98, interpolated) lies above the centre, so the blue side reaches the one value below
    // it rather than clipping it; p98 ($96.02) clips the two values above it.
    expect(text.summary).toBe(
      'Blue below, red above the centre, $0.00 (zero). Colours run from −$300.00 (the lowest) to $96.02 (p98). ' +
        'Clipped at p98: 2 locations above $96.02 take the high end colour.',
    );
    expect(legendText(buildScale([1, 2], 1.5, 0), "HB_NORTH's price").summary).toBe(
      "Blue below, red above the centre, $1.50 (HB_NORTH's price). Colours run from $1.00 (the lowest) to $2.00 (the highest). No clipping.",
    );
    expect(legendText(buildScale([-3, -2, -1], 0, 0), 'zero', 'value').summary).toBe(
      'Centre $0.00 (zero) is above every value shown, so all are blue, dark to pale. ' +
        'Colours run from −$3.00 (the lowest) to −$1.00 (the highest). No clipping.',
    );
  });

  it('labels a ±$4 range with cents, never as −$0', () => {
    const values = [-4, -0.4, -0.2, -0.004, 0, 0.2, 0.4, 4];
    const scale = buildScale(values, 0, 0);
    const labels = values.map((v) => scaleLabel(v, scale));
    expect(labels).toEqual(['−$4.00', '−$0.40', '−$0.20', '$0.00', '$0.00', '$0.20', '$0.40', '$4.00']);
    const text = legendText(scale, 'zero', 'value');
    expect([text.low, text.mid, text.high]).toEqual(['−$4.00', '$0.00', '$4.00']);
    expect(money(-0.004)).toBe('$0.00');
    // A wide range is labelled in whole dollars, with the same care for the sign.
    const wide = buildScale([-30, 30], 0, 0);
    expect([-0.4, 12.6, -12.6].map((v) => scaleLabel(v, wide))).toEqual(['$0', '$13', '−$13']);
  });

  it('labels never read as negative zero, and stay distinct for distinct cents on a narrow range (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -400, max: 400 }), { minLength: 2, maxLength: 50 }), (cents) => {
        const values = cents.map((c) => c / 100);
        const scale = buildScale(values, 0, 0);
        for (const v of values) {
          expect(scaleLabel(v, scale)).not.toMatch(/^−\$0(\.0+)?$/);
          expect(money(v)).not.toMatch(/^−\$0(\.0+)?$/);
        }
        expect(new Set(values.map((v) => scaleLabel(v, scale))).size).toBe(new Set(values).size);
      }),
    );
  });

  it('is readable on both basemap themes: outlined markers and cluster text keep 3:1 or more', () => {
    const themes = {
      light: { land: '#ffffff', outline: '#1a1f26' },
      dark: { land: '#12161c', outline: '#e6eaef' },
    };
    for (const { land, outline } of Object.values(themes)) {
      expect(contrastRatio(outline, land)).toBeGreaterThanOrEqual(3);
      for (const fill of COLOR_LUT) {
        // A marker is seen by its fill or by its outline, whichever stands out from the land.
        expect(Math.max(contrastRatio(fill, land), contrastRatio(outline, fill))).toBeGreaterThanOrEqual(3);
      }
    }
    for (const fill of COLOR_LUT) expect(contrastRatio(textOn(fill), fill)).toBeGreaterThanOrEqual(4.5);
  });
});
