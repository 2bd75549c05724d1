import { useSyncExternalStore } from 'react';
import { CLUSTER_OUTLINE_FALLBACK, CLUSTER_OUTLINE_VAR } from './cluster/markerColors';

/** Canvas cannot read CSS variables, so marker outlines follow the theme through this. */
function subscribeTheme(listener: () => void): () => void {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

function useCssColor(name: string, fallback: string): string {
  const read = (): string =>
    getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
  return useSyncExternalStore(subscribeTheme, read, () => fallback);
}

interface MapColors {
  background: string;
  accent: string;
  text: string;
  /** The outline of cluster circles. */
  clusterStroke: string;
  /** The outline of single markers: the text colour for pale fills (`strongOutline`), else the background. */
  stroke: string;
}

/** The theme's colours for what the map draws on canvas, read again when the theme changes. */
export function useMapColors(strongOutline: boolean): MapColors {
  const background = useCssColor('--color-bg', '#ffffff');
  const accent = useCssColor('--color-accent', '#0b5cad');
  const text = useCssColor('--color-text', '#1a1f26');
  const clusterStroke = useCssColor(CLUSTER_OUTLINE_VAR, CLUSTER_OUTLINE_FALLBACK);
  return { background, accent, text, clusterStroke, stroke: strongOutline ? text : background };
}
