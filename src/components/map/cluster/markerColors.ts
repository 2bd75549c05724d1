/**
 * Cluster circles: a mid slate fill with white counts, outlined in the theme's muted text colour.
 * The outline used to be the background colour, which vanished on the dark theme's land (1:1);
 * `--color-muted` keeps ≥ 3:1 against every land and sea colour in both themes (see the test).
 */
export const CLUSTER_FILL = '#4a5a70';
export const CLUSTER_TEXT = '#ffffff';
export const CLUSTER_OUTLINE_VAR = '--color-muted';
export const CLUSTER_OUTLINE_FALLBACK = '#4f5966';
