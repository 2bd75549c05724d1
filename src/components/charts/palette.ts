/**
 * Series colours, in the order series take them. Mid-tone hues that read as lines on the light
 * and the dark theme alike; as text they fail contrast on the dark one, so labels show a swatch.
 * Ten distinct hues (blue, red, green, ochre, purple, pink, teal, brown, olive, grey): the stacked
 * fuel mix on /today draws ten series at once, where a second blue and a second green made nuclear
 * and storage, and gas and the load line, hard to tell apart.
 */
export const PALETTE = [
  '#0969da',
  '#cf222e',
  '#1a7f37',
  '#9a6700',
  '#8250df',
  '#bf3989',
  '#0e7c86',
  '#953800',
  '#7c7c00',
  '#6e7781',
] as const;

/** Series `index`'s colour: the palette wraps, so a series keeps its colour whatever is hidden. */
export const colorOf = (index: number): string => PALETTE[index % PALETTE.length] ?? PALETTE[0];

/**
 * The theme's colours as CSS variables (light and dark themes set them), with light fallbacks for
 * a chart drawn outside the app's stylesheet (a test).
 */
export const THEME = {
  border: 'var(--color-border, #d0d7de)',
  muted: 'var(--color-muted, #57606a)',
  accent: 'var(--color-accent, #0969da)',
  /** A marked point: the peak, the open day. */
  mark: 'var(--color-danger, #b3261e)',
  background: 'var(--color-bg, #fff)',
} as const;
