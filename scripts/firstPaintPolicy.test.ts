import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtFirstPaintHash, firstPaintElement, hashSource, policyForBuild } from './firstPaintPolicy';

describe('the served policy names the served build’s first-paint script', () => {
  const dir = mkdtempSync(join(tmpdir(), 'first-paint-policy-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('replaces the source’s hash with the one of the script the built HTML carries', () => {
    const built = '(function firstPaint(){})();';
    writeFileSync(
      join(dir, 'index.html'),
      `<!doctype html><head><meta charset="utf-8">\n<script data-first-paint>${built}</script></head>`,
    );
    const source = hashSource('(function firstPaint(){ /* newer */ })();');
    const policy = `default-src 'self'; script-src 'self' 'wasm-unsafe-eval' ${source}; object-src 'none'`;
    expect(builtFirstPaintHash(dir)).toBe(hashSource(built));
    expect(policyForBuild(policy, source, dir)).toBe(
      `default-src 'self'; script-src 'self' 'wasm-unsafe-eval' ${hashSource(built)}; object-src 'none'`,
    );
  });

  it('leaves the policy as it is where there is no build or no script in it', () => {
    const policy = "script-src 'self' 'sha256-x'";
    expect(policyForBuild(policy, "'sha256-x'", join(dir, 'missing'))).toBe(policy);
    const bare = mkdtempSync(join(tmpdir(), 'first-paint-policy-bare-'));
    try {
      writeFileSync(join(bare, 'index.html'), '<!doctype html><script>alert(1)</script>');
      // Only the marked first-paint script counts: any other inline script stays refused.
      expect(builtFirstPaintHash(bare)).toBeNull();
      // A tag that is never closed names no script either.
      expect(firstPaintElement('<script data-first-paint>(function(){})();')).toBeNull();
      expect(policyForBuild(policy, "'sha256-x'", bare)).toBe(policy);
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});
