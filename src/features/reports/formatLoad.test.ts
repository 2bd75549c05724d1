import { formatMw } from './formatLoad';

describe('formatMw', () => {
  it('writes every load to the hundredth, whole numbers included', () => {
    expect(formatMw(63_324)).toBe('63,324.00 MW');
    expect(formatMw(63_349.37)).toBe('63,349.37 MW');
    expect(formatMw(59_242.3)).toBe('59,242.30 MW');
  });
});
