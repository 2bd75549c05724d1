import { LazyBandChart, LazyLinesChart, LazyMultiAxisChart } from '@/components/charts/LazyCompareCharts';
import type { CompareView } from '@/compare/compareWorkspace';
import type { Preloadable } from '@/lib/preloadable';

/**
 * The chart each view draws, where it draws one: its code is asked for by the page once it has
 * series, and before that by a cold link's first-screen prefetch (firstScreen.ts).
 */
export const CHART_OF_VIEW: Partial<Record<CompareView, Pick<Preloadable<never>, 'preload'>>> = {
  chart: LazyMultiAxisChart,
  profile: LazyBandChart,
  forecast: LazyLinesChart,
};
