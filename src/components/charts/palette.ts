/**
 * Series colours, in the order series take them. Mid-tone hues that read as lines on the light
 * and the dark theme alike; as text they fail contrast on the dark one, so labels show a swatch.
 */
export const PALETTE = [
  '#0969da',
  '#cf222e',
  '#1a7f37',
  '#9a6700',
  '#8250df',
  '#bf3989',
  '#0550ae',
  '#953800',
  '#116329',
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
