import { resolveRange } from './resolveRange';

describe('resolveRange', () => {
  it('defaults to the 30 days ending at the report day', () => {
    expect(resolveRange('2025-07-14', '', '')).toEqual({
      range: { from: '2025-06-15', to: '2025-07-14' },
      notice: null,
    });
  });

  it('keeps an explicit range, and fills a missing end from the report day', () => {
    expect(resolveRange('2025-07-14', '2025-07-01', '2025-07-03').range).toEqual({
      from: '2025-07-01',
      to: '2025-07-03',
    });
    expect(resolveRange('2025-07-14', '2025-07-10', '').range).toEqual({
      from: '2025-07-10',
      to: '2025-07-14',
    });
    expect(resolveRange(undefined, '', '2025-03-31').range).toEqual({ from: '2025-03-02', to: '2025-03-31' });
  });

  it('waits for the report day when the link names no end', () => {
    expect(resolveRange(undefined, '2025-07-01', '')).toEqual({ range: undefined, notice: null });
  });

  it('falls back with a notice when the range runs backwards or is too long', () => {
    const backwards = resolveRange('2025-07-14', '2025-07-10', '2025-07-01');
    expect(backwards.range).toEqual({ from: '2025-06-15', to: '2025-07-14' });
    expect(backwards.notice).toBe(
      'The range 2025-07-10 to 2025-07-01 ends before it starts; showing the 30 days ending 2025-07-14 instead.',
    );
    const long = resolveRange('2025-07-14', '2023-01-01', '2025-07-14');
    expect(long.range).toEqual({ from: '2025-06-15', to: '2025-07-14' });
    expect(long.notice).toMatch(/longer than 366 days/);
  });
});
