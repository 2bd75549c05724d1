import fc from 'fast-check';
import { contrastRatio } from '@/components/map/contrast';
import { DIVERGING_STOPS } from '@/lib/palettes';
import { buildScale, COLOR_LUT, legendText, textOn } from './colorScale';

const prices = fc.array(fc.double({ min: -500, max: 5000, noNaN: true }), { minLength: 1, maxLength: 300 });

describe('the price colour scale', () => {
  it('centres on the chosen value: the centre takes the middle colour, below is blue and above is red', () => {
    const scale = buildScale([-20, -5, 0, 10, 30, 40], 0, 0);
    expect(scale.color(0)).toBe(DIVERGING_STOPS[4]);
    expect(scale.color(-1000)).toBe(DIVERGING_STOPS[0]);
    expect(scale.color(1000)).toBe(DIVERGING_STOPS[8]);
    const hubCentred = buildScale([20, 25, 30, 35, 40], 30, 0);
    expect(hubCentred.color(30)).toBe(DIVERGING_STOPS[4]);
    expect(hubCentred.half).toBe(10);
  });

  it('clips at the chosen percentiles, so one $5,000 spike does not flatten the rest', () => {
    const values = [...Array.from({ length: 99 }, (_, i) => 20 + i * 0.3), 5000];
    const unclipped = buildScale(values, 0, 0);
    const clipped = buildScale(values, 0, 2);
    expect(unclipped.half).toBe(5000);
    expect(clipped.half).toBeLessThan(60);
    expect(clipped.clippedCount).toBeGreaterThanOrEqual(1);
    // Under the clip the ordinary prices spread over the red half; without it they all look alike.
    expect(new Set(values.slice(0, 99).map((v) => clipped.color(v))).size).toBeGreaterThan(20);
    expect(new Set(values.slice(0, 99).map((v) => unclipped.color(v))).size).toBeLessThan(4);
  });

  it('keeps every value inside the end colours and orders colours like values (property)', () => {
    fc.assert(
      fc.property(
        prices,
        fc.constantFrom(0, 1, 2, 5, 10),
        fc.double({ min: -100, max: 100, noNaN: true }),
        (vs, clip, center) => {
          const scale = buildScale(vs, center, clip);
          for (const v of vs) expect(COLOR_LUT).toContain(scale.color(v));
          const sorted = [...vs].sort((a, b) => a - b);
          for (let i = 1; i < sorted.length; i++) {
            expect(scale.position(sorted[i] ?? 0)).toBeGreaterThanOrEqual(scale.position(sorted[i - 1] ?? 0));
          }
          expect(scale.position(center)).toBe(0);
        },
      ),
    );
  });

  it('says the centre, the range and the clip in its legend text', () => {
    const values = [...Array.from({ length: 98 }, (_, i) => i), -300, 4000];
    const text = legendText(buildScale(values, 0, 2), 'zero');
    expect(text.mid).toBe('$0.00');
    expect(text.summary).toMatch(/^Blue below, red above the centre, \$0\.00 \(zero\)\./);
    expect(text.summary).toContain(`Colours run from ${text.low} to ${text.high}.`);
    // p2 and p98 of -300, 0…97, 4000 (interpolated); the farther one sets the symmetric range.
    expect(text.summary).toBe(
      'Blue below, red above the centre, $0.00 (zero). Colours run from −$96.02 to $96.02. ' +
        'Clipped at p2 ($0.98) and p98 ($96.02); 3 locations beyond the range drawn in the end colours.',
    );
    expect(legendText(buildScale([1, 2], 1.5, 0), "HB_NORTH's price").summary).toContain(
      'No clipping (lowest $1.00, highest $2.00)',
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
