/** What a series is called in the legend, the tables and the exports. */
import type { Dataset } from '@/contract';
import type { SeriesSpec } from '@/compare/compareWorkspace';
import type { SeriesResult } from './seriesResult';

const shortName = (dataset: Dataset | undefined, id: string): string =>
  (dataset?.name ?? id).replace(/^ERCOT /, '');

export function seriesLabel(spec: SeriesSpec, dataset: Dataset | undefined): string {
  if (spec.kind === 'expr') return `${spec.key} = ${spec.expr}`;
  const parts = [`${spec.key}: ${shortName(dataset, spec.dataset)} · ${spec.column}`];
  if (spec.filterValue !== '') parts.push(spec.filterValue);
  if (spec.lead !== null) parts.push(`${spec.lead} h ahead`);
  if (spec.shift !== 0) parts.push(`shifted ${spec.shift} d`);
  return parts.join(' · ');
}

/** What a series is called where its values are shown: its label, and whether its field holds text not applied yet. */
export function shownLabel(series: Pick<SeriesResult, 'label' | 'editing'>): string {
  if (!series.editing) return series.label;
  return `${series.label} (editing “${series.editing.text.trim()}”: not applied yet)`;
}
