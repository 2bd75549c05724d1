import { readFileSync } from 'node:fs';
import { contrastRatio } from './contrast';
import { CLUSTER_FILL, CLUSTER_OUTLINE_VAR, CLUSTER_TEXT } from './cluster/markerColors';

const css = readFileSync(new URL('../../app/styles.css', import.meta.url), 'utf8');

/** The value of `--name` inside the first rule whose selector matches. */
function token(selector: RegExp, name: string): string {
  const block = new RegExp(`${selector.source}\\s*\\{([^}]*)\\}`).exec(css)?.[1] ?? '';
  const value = new RegExp(`${name}:\\s*(#[0-9a-fA-F]{6})`).exec(block)?.[1];
  if (!value) throw new Error(`${name} not found under ${selector.source}`);
  return value;
}

const THEMES = {
  light: /:root/,
  dark: /:root\[data-theme='dark'\]/,
};

describe('marker colours', () => {
  it.each(Object.entries(THEMES))(
    'outline clusters with ≥ 3:1 against the land in the %s theme',
    (_, selector) => {
      const outline = token(selector, CLUSTER_OUTLINE_VAR);
      for (const land of ['--color-bg', '--color-surface', '--color-surface-2']) {
        expect(contrastRatio(outline, token(selector, land))).toBeGreaterThanOrEqual(3);
      }
    },
  );

  it('keeps cluster counts readable on the cluster fill', () => {
    expect(contrastRatio(CLUSTER_TEXT, CLUSTER_FILL)).toBeGreaterThanOrEqual(4.5);
  });

  it('computes the WCAG ratio', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });
});
