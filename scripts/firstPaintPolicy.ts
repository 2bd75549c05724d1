/**
 * The first-paint script (src/app/firstPaint.ts) in the built HTML: the tag that marks it, and the
 * Content-Security-Policy source that names it by its hash (the one inline script a page may run).
 * `vite preview` computes its header from the source it starts from; the built HTML carries the
 * script of the source it was built from. `policyForBuild` names the script of the build being
 * served, so that a build served from a checkout of another commit (the benches' paired runs serve
 * a change's parent beside it) keeps its own script running.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** How the built HTML marks the first-paint script: vite.config.ts writes it, the build's later steps find it. */
export const FIRST_PAINT_TAG = '<script data-first-paint>';

/** The first-paint script's element in `html` and the script's text, or null without one. */
export function firstPaintElement(html: string): { element: string; script: string } | null {
  const at = html.indexOf(FIRST_PAINT_TAG);
  if (at === -1) return null;
  const end = html.indexOf('</script>', at);
  if (end === -1) return null;
  return {
    element: html.slice(at, end + '</script>'.length),
    script: html.slice(at + FIRST_PAINT_TAG.length, end),
  };
}

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
  const found = firstPaintElement(html);
  return found === null ? null : hashSource(found.script);
}

/** `policy` with the source's script hash replaced by the served build's (unchanged without a build). */
export function policyForBuild(policy: string, sourceHash: string, outDir: string): string {
  const built = builtFirstPaintHash(outDir);
  return built === null ? policy : policy.replace(sourceHash, built);
}
