import fc from 'fast-check';
import { createIsoWriter, formatUtc, formatWithOffset, parseIsoOffset } from '@/time';

/** One writer across every case, so its memory of the last stamp, day and offset is exercised. */
const formatIsoFast = createIsoWriter();

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The reference: what `Date` says the wall clock is, second precision, explicit offset. */
function formatIso(ms: number, offsetMinutes: number): string {
  const d = new Date(ms + offsetMinutes * 60_000);
  const abs = Math.abs(offsetMinutes);
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}` +
    `T${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}` +
    `${offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60), 2)}:${pad(abs % 60, 2)}`
  );
}

describe('createIsoWriter', () => {
  it('writes exactly what formatIso writes, for any instant and offset', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -62_000_000_000_000, max: 253_000_000_000_000 }),
        fc.integer({ min: -14 * 60, max: 14 * 60 }),
        (ms, offset) => {
          expect(formatIsoFast(ms, offset)).toBe(formatIso(ms, offset));
          expect(formatWithOffset(ms, offset)).toBe(formatIso(ms, offset));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('agrees across day changes and sub-second instants of consecutive calls', () => {
    const start = Date.UTC(2024, 2, 9, 23, 59, 58, 500);
    for (let i = 0; i < 5000; i++) {
      const ms = start + i * 250;
      expect(formatIsoFast(ms, i % 2 === 0 ? -300 : 330)).toBe(formatIso(ms, i % 2 === 0 ? -300 : 330));
    }
  });

  it('answers a repeated instant from memory only when the offset is the same too', () => {
    const calls = fc.array(
      fc.record({
        ms: fc.constantFrom(0, 300_000, 3_600_000, Date.UTC(2024, 10, 3, 7)),
        offset: fc.constantFrom(0, -300, -360),
      }),
      { minLength: 1, maxLength: 40 },
    );
    fc.assert(
      fc.property(calls, (seq) => {
        for (const { ms, offset } of seq) expect(formatIsoFast(ms, offset)).toBe(formatIso(ms, offset));
      }),
    );
  });

  it('keeps separate memories in separate writers, so columns in two zones never mix', () => {
    const local = createIsoWriter();
    const utc = createIsoWriter();
    for (let i = 0; i < 2000; i++) {
      const ms = Date.UTC(2024, 10, 2, 18) + Math.floor(i / 10) * 300_000;
      expect(local(ms, -300)).toBe(formatIso(ms, -300));
      expect(utc(ms, 0)).toBe(formatIso(ms, 0));
    }
  });
});

describe('formatWithOffset', () => {
  it('floors sub-second instants to their second, never rounding into the next one (or the next day)', () => {
    const lastSecond = Date.UTC(2024, 2, 9, 23, 59, 59);
    expect(formatWithOffset(lastSecond + 999, 0)).toBe('2024-03-09T23:59:59+00:00');
    expect(formatWithOffset(lastSecond + 500, -360)).toBe('2024-03-09T17:59:59-06:00');
    expect(formatUtc(lastSecond + 999)).toBe(
      new Date(lastSecond + 999).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
    );
    // Before the epoch too: -0.5 s is still 23:59:59 of 1969-12-31.
    expect(formatUtc(-500)).toBe('1969-12-31T23:59:59+00:00');
  });

  it('reads back what it writes (parseIsoOffset is its inverse on whole seconds)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -62_000_000_000, max: 253_000_000_000 }),
        fc.integer({ min: -23 * 60 - 59, max: 23 * 60 + 59 }),
        (s, offset) => {
          expect(parseIsoOffset(formatWithOffset(s * 1000, offset))).toEqual({
            ms: s * 1000,
            offsetMin: offset,
          });
        },
      ),
    );
  });
});
