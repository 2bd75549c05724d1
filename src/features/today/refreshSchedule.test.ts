import { describe, expect, it } from 'vitest';
import { askAt, GRACE_MS, MAX_WAIT_MS, retryAfterNothing, timerDelay } from './refreshSchedule';
import { FIVE_MINUTES_MS } from '@/time';

const due = Date.UTC(2025, 6, 15, 20, 5);

describe('when the overview asks for new rows', () => {
  it('asks just after the next interval is due, however long ago the last answer came', () => {
    expect(askAt(due, FIVE_MINUTES_MS, null)).toBe(due + GRACE_MS);
    expect(askAt(due, FIVE_MINUTES_MS, { at: due - 4 * 60_000, brought: 1 })).toBe(due + GRACE_MS);
  });

  it('after an answer that brought nothing, waits a fifth of the cadence (10 s to a minute) before asking again', () => {
    const at = due + 3_000;
    expect(askAt(due, FIVE_MINUTES_MS, { at, brought: 0 })).toBe(at + 60_000);
    expect(retryAfterNothing(10_000)).toBe(10_000);
    expect(retryAfterNothing(60 * 60_000)).toBe(60_000);
  });

  it('never sets a timer longer than a minute, nor a negative one', () => {
    expect(timerDelay(due + 3_600_000, due)).toBe(MAX_WAIT_MS);
    expect(timerDelay(due - 1_000, due)).toBe(0);
    expect(timerDelay(due + 1_000, due)).toBe(1_000);
  });
});
