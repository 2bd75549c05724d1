import { readUrlState } from '@/lib/urlState';
import { compareHref, compareUrlState, seriesOf } from '@/compare/compareWorkspace';
import { PRESETS } from './presets';

describe('Compare presets', () => {
  it('every preset is a workspace the URL can hold', () => {
    for (const preset of PRESETS) {
      const state = preset.state(Date.UTC(2025, 6, 15, 20));
      const url = new URL(compareHref(state), 'http://x');
      const back = readUrlState(compareUrlState, url.searchParams);
      expect(back.invalid).toEqual([]);
      expect(seriesOf(back.state).length).toBeGreaterThanOrEqual(2);
      expect(back.state.to).toBe('2025-07-14');
      expect(back.state.from).toBe('2025-07-08');
    }
  });
});
