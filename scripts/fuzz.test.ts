import { fuzzPassed, runFuzz } from './fuzz';

/**
 * The bounded CI run of `npm run fuzz`: 2,000 requests of a fixed seed against the HTTP mock.
 * A failure lists the offending requests; `npm run fuzz -- --seed 20250715` replays them.
 */
describe('fuzzing the HTTP mock', () => {
  it('answers 2,000 random requests without a 5xx, a malformed 200, a 4xx without detail or an answer unlike the hosted API', async () => {
    const lines: string[] = [];
    const report = await runFuzz({ requests: 2000, seed: 20250715, log: (line) => lines.push(line) });
    process.stdout.write(`${lines.join('\n')}\n`);
    expect(report.requests).toBeGreaterThanOrEqual(2000);
    expect({
      serverErrors: report.serverErrors,
      schemaFailures: report.schemaFailures,
      missingDetail: report.missingDetail,
      hostedMismatches: report.hostedMismatches,
    }).toEqual({ serverErrors: [], schemaFailures: [], missingDetail: [], hostedMismatches: [] });
    // The run tried numbers Python reads and refuses (`1_000`, `0x10`) and two Host headers.
    expect(report.probes.refusedNumbers).toBeGreaterThan(10);
    expect(report.probes.acceptedNumbers).toBeGreaterThan(10);
    expect(report.probes.hostTwice).toBeGreaterThan(5);
    expect(fuzzPassed(report)).toBe(true);
  }, 120_000);
});
