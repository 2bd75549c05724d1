import { formatNumber, formatTable, judge, measurePair, median, type BenchRow } from './harness';

describe('median', () => {
  it('takes the middle sample, or the mean of the two middle ones', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('refuses an empty run rather than printing a made-up figure', () => {
    expect(() => median([])).toThrow(/no samples/);
  });
});

describe('judge', () => {
  it('passes at or under the limit, falls short above it, and informs without one', () => {
    expect(judge(1, 1)).toBe('pass');
    expect(judge(1.01, 1)).toBe('short');
    expect(judge(42, null)).toBe('info');
  });
});

describe('formatNumber', () => {
  it('keeps about three significant figures and groups thousands', () => {
    expect(formatNumber(3890266.4)).toBe('3,890,266');
    expect(formatNumber(27.66)).toBe('27.7');
    expect(formatNumber(1.234)).toBe('1.23');
    expect(formatNumber(0.04213)).toBe('0.042');
  });
});

describe('measurePair', () => {
  it('runs both contenders the same number of times, alternating who goes first', async () => {
    const calls: string[] = [];
    const [a, b] = await measurePair(
      () => calls.push('a'),
      () => calls.push('b'),
      { warmup: 1, runs: 4 },
    );
    expect(a.runs).toBe(4);
    expect(b.runs).toBe(4);
    expect(calls.join('')).toBe('ab' + 'ab' + 'ba' + 'ab' + 'ba');
  });

  it('waits for an async contender to finish before stopping its clock', async () => {
    const [slow] = await measurePair(
      () => new Promise((resolve) => setTimeout(resolve, 20)),
      () => undefined,
      { warmup: 0, runs: 1 },
    );
    expect(slow.median).toBeGreaterThanOrEqual(15);
  });
});

describe('formatTable', () => {
  const rows: BenchRow[] = [
    {
      figure: '4. ours vs DuckDB',
      value: 254.2,
      unit: 'ms',
      target: '≤ 1.0× DuckDB',
      peer: 'DuckDB 19.2 ms',
      ratio: 13.24,
      verdict: 'short',
    },
    {
      figure: '2. first page',
      value: 0.5,
      unit: 'ms',
      target: null,
      peer: null,
      ratio: null,
      verdict: 'info',
    },
  ];

  it('prints a header, a rule and one aligned line per figure, with pass/short in the last column', () => {
    const lines = formatTable(rows).split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^figure\s+value\s+target\s+peer\s+ratio\s+result$/);
    expect(lines[2]).toContain('254 ms');
    expect(lines[2]).toContain('13.2×');
    expect(lines[2]?.endsWith('short')).toBe(true);
    // Informational rows show dashes, not a verdict.
    expect(lines[3]).not.toMatch(/pass|short/);
    // Value columns line up on their right edge.
    expect(lines[2]?.indexOf(' ms')).toBe(lines[3]?.indexOf(' ms'));
  });
});
