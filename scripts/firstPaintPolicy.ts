/**
 * The Content-Security-Policy names the one inline script a page may run, the first-paint script
 * (src/app/firstPaint.ts), by its hash. `vite preview` computes its header from the source it
 * starts from; the built HTML carries the script of the source it was built from. This names the
 * script of the build being served, so that a build served from a checkout of another commit (the
 * benches' paired runs serve a change's parent beside it) keeps its own script running.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** A script's CSP source: `'sha256-…'`. */
export const hashSource = (script: string): string =>
  `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** The CSP source of the first-paint script in `outDir`'s index.html, or null without one. */
export function builtFirstPaintHash(outDir: string): string | null {
  let html: string;
  try {
    html = readFileSync(resolve(outDir, 'index.html'), 'utf8');
  } catch {
    return null;
  }
  const script = /<script data-first-paint>([\s\S]*?)<\/script>/.exec(html)?.[1];
  return script === undefined ? null : hashSource(script);
}

/** `policy` with the source's script hash replaced by the served build's (unchanged without a build). */
export function policyForBuild(policy: string, sourceHash: string, outDir: string): string {
  const built = builtFirstPaintHash(outDir);
  return built === null ? policy : policy.replace(sourceHash, built);
}
