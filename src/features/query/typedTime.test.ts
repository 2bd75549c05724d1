import { resolveZone } from '@/mock/engine/time';
import { parseTimestamp } from '@/time';
import { DEFAULT_QUERY_STATE } from './queryUrl';
import { parseTypedTime, resolveTypedTimes, TIME_FORMAT_HELP, timeFieldText } from './typedTime';

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

  it('turns words into fixed instants, written as the wall time of the chosen zone', () => {
    expect(parseTypedTime('now', 'UTC', NOW)).toEqual({ ok: true, value: '2025-07-15T20:20' });
    expect(parseTypedTime('today', 'market', NOW)).toEqual({ ok: true, value: '2025-07-15T00:00' });
    expect(parseTypedTime('Yesterday', 'UTC', NOW)).toEqual({ ok: true, value: '2025-07-14T00:00' });
    expect(parseTypedTime('now-7d', 'UTC', NOW)).toEqual({ ok: true, value: '2025-07-08T20:20' });
    expect(parseTypedTime('now - 3h', 'UTC', NOW)).toEqual({ ok: true, value: '2025-07-15T17:20' });
    expect(parseTypedTime('now-30min', 'UTC', NOW)).toEqual({ ok: true, value: '2025-07-15T19:50' });
    // Market time: 15:20 CDT is now, and 7 days back is 15:20 CDT too.
    expect(parseTypedTime('now', 'market', NOW)).toEqual({ ok: true, value: '2025-07-15T15:20' });
    expect(parseTypedTime('now-7d', 'market', NOW)).toEqual({ ok: true, value: '2025-07-08T15:20' });
    expect(parseTypedTime('tomorrow', 'Asia/Kolkata', NOW)).toEqual({ ok: true, value: '2025-07-17T00:00' });
  });

  it('sends the same instant as before: the API reads the wall time in the query’s zone', () => {
    // What the API makes of a value with `timezone` set to the query's zone (contract §6.1).
    const asApiReads = (value: string, tz: string) => {
      const parsed = parseTimestamp(value);
      if (parsed === null) throw new Error(`the API refuses ${value}`);
      return resolveZone(tz).instant(parsed);
    };
    const cases = [
      ['yesterday', 'market', '2025-07-14T05:00:00Z'],
      ['today', 'market', '2025-07-15T05:00:00Z'],
      ['now', 'market', '2025-07-15T20:20:00Z'],
      ['now-7d', 'market', '2025-07-08T20:20:00Z'],
      ['yesterday', 'UTC', '2025-07-14T00:00:00Z'],
      ['now-3h', 'Europe/Berlin', '2025-07-15T17:20:00Z'],
    ] as const;
    for (const [word, tz, instant] of cases) {
      const parsed = parseTypedTime(word, tz, NOW);
      if (!parsed.ok) throw new Error(parsed.message);
      expect(asApiReads(parsed.value, tz), `${word} in ${tz}`).toBe(Date.parse(instant));
    }
  });

  it('keeps the offset of a wall time the zone passes twice, so the hour DST repeats stays the one meant', () => {
    // 2025-11-02 01:45 happens twice in US/Central: 06:45Z (CDT), then 07:45Z (CST).
    const first = parseTypedTime('now', 'market', Date.parse('2025-11-02T06:45:10Z'));
    const second = parseTypedTime('now', 'market', Date.parse('2025-11-02T07:45:10Z'));
    expect(second).toEqual({ ok: true, value: '2025-11-02T01:45-06:00' });
    for (const [parsed, instant] of [
      [first, '2025-11-02T06:45:00Z'],
      [second, '2025-11-02T07:45:00Z'],
    ] as const) {
      if (!parsed.ok) throw new Error(parsed.message);
      expect(parsed.value.startsWith('2025-11-02T01:45')).toBe(true);
      const read = parseTimestamp(parsed.value);
      expect(read && resolveZone('market').instant(read)).toBe(Date.parse(instant));
    }
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
    // The default zone is the market's: the words are its midnights, as its fields read them.
    expect(result).toEqual({
      ok: true,
      state: {
        ...custom,
        start: '2025-07-14T00:00',
        end: '2025-07-15T00:00',
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

describe('timeFieldText', () => {
  it('shows a time as the field is typed in, the date and the time apart', () => {
    expect(timeFieldText('2025-07-14T00:00')).toBe('2025-07-14 00:00');
    expect(timeFieldText('2025-11-02T01:45-06:00')).toBe('2025-11-02 01:45-06:00');
    expect(timeFieldText('2025-07-14')).toBe('2025-07-14');
    expect(timeFieldText('yesterday')).toBe('yesterday');
    expect(timeFieldText('')).toBe('');
  });
});
