import { DEFAULT_QUERY_STATE } from './queryUrl';
import { parseTypedTime, resolveTypedTimes, TIME_FORMAT_HELP } from './typedTime';

// 2025-07-15 15:20 CDT.
const NOW = Date.parse('2025-07-15T20:20:30Z');

describe('parseTypedTime', () => {
  it('takes dates and times as analysts write them, as written', () => {
    expect(parseTypedTime('2025-07-01', 'UTC', NOW)).toEqual({ ok: true, value: '2025-07-01' });
    expect(parseTypedTime(' 2025-07-01 13:00 ', 'UTC', NOW)).toEqual({ ok: true, value: '2025-07-01T13:00' });
    expect(parseTypedTime('2025-07-01T13:00:00-05:00', 'UTC', NOW)).toEqual({
      ok: true,
      value: '2025-07-01T13:00:00-05:00',
    });
    expect(parseTypedTime('', 'UTC', NOW)).toEqual({ ok: true, value: '' });
  });

  it('turns words into fixed instants in the chosen zone', () => {
    expect(parseTypedTime('now', 'UTC', NOW)).toEqual({ ok: true, value: '2025-07-15T20:20:00+00:00' });
    expect(parseTypedTime('today', 'market', NOW)).toEqual({ ok: true, value: '2025-07-15T05:00:00+00:00' });
    expect(parseTypedTime('Yesterday', 'UTC', NOW)).toEqual({ ok: true, value: '2025-07-14T00:00:00+00:00' });
    expect(parseTypedTime('now-7d', 'UTC', NOW)).toEqual({ ok: true, value: '2025-07-08T20:20:00+00:00' });
    expect(parseTypedTime('now - 3h', 'UTC', NOW)).toEqual({ ok: true, value: '2025-07-15T17:20:00+00:00' });
    expect(parseTypedTime('now-30min', 'UTC', NOW)).toEqual({ ok: true, value: '2025-07-15T19:50:00+00:00' });
  });

  it('says what it cannot read and which forms it takes', () => {
    const notADate = parseTypedTime('next tuesday', 'UTC', NOW);
    expect(notADate).toEqual({
      ok: false,
      message: `“next tuesday” is not a date or time. ${TIME_FORMAT_HELP}`,
    });
    expect(TIME_FORMAT_HELP).toBe('Use 2025-07-01, 2025-07-01 13:00, today, yesterday or now-7d.');
    expect(parseTypedTime('2025-02-30', 'UTC', NOW)).toEqual({
      ok: false,
      message: '“2025-02-30” is not a real date or time.',
    });
    expect(parseTypedTime('2025-07-01 25:00', 'UTC', NOW).ok).toBe(false);
  });
});

describe('resolveTypedTimes', () => {
  const custom = { ...DEFAULT_QUERY_STATE, range: 'custom' as const };

  it('resolves every field in use and leaves the others alone', () => {
    const result = resolveTypedTimes({ ...custom, start: 'yesterday', end: 'today', ptat: 'garbage' }, NOW);
    // The default zone is the market's: its midnights are 05:00 UTC in July.
    expect(result).toEqual({
      ok: true,
      state: {
        ...custom,
        start: '2025-07-14T05:00:00+00:00',
        end: '2025-07-15T05:00:00+00:00',
        ptat: 'garbage',
      },
    });
  });

  it('refuses unreadable fields and an end not after its start', () => {
    expect(resolveTypedTimes({ ...custom, start: 'soon', end: '2025-07-02' }, NOW)).toEqual({
      ok: false,
      errors: { start: `“soon” is not a date or time. ${TIME_FORMAT_HELP}` },
    });
    expect(resolveTypedTimes({ ...custom, start: '2025-07-02', end: '2025-07-01 12:00' }, NOW)).toEqual({
      ok: false,
      errors: { end: 'The end must be after the start (the end is exclusive).' },
    });
  });
});
