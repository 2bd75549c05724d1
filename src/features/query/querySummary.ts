/** The plain-English summary of a builder state (input for `describeQuery`). */
import type { Dataset } from '@/api/types';
import type { QueryDescriptionInput } from '@/lib/queryDescription';
import { parseFrequency } from './frequency';
import { TIME_PRESET_LABELS, type QueryState } from './queryUrl';
import { zoneLabel } from './timeRange';

function readable(ts: string): string {
  return ts
    .replace('T', ' ')
    .replace(/(\d{2}:\d{2}):00(?:\.0+)?(?=$|[+Z-])/, '$1')
    .replace(/ 00:00$/, '');
}

function timeText(state: QueryState): string {
  if (state.range === 'latest') return 'latest';
  if (state.range !== 'custom')
    return TIME_PRESET_LABELS[state.range].replace(' (market time)', '').toLowerCase();
  const start = state.start === '' ? 'start of data' : readable(state.start);
  const end = state.end === '' ? 'now' : readable(state.end);
  return `${start} → ${end}`;
}

function vintageText(state: QueryState, dataset: Dataset): string | null {
  if (dataset.publish_time_column === null) return null;
  switch (state.pt) {
    case 'all':
      return null;
    case 'latest':
      return 'latest forecast';
    case 'latest_report':
      return 'latest report';
    case 'at':
      return state.ptat === '' ? null : `published ${readable(state.ptat)}`;
    case 'range':
      return `published ${state.pts === '' ? '…' : readable(state.pts)} → ${state.pte === '' ? '…' : readable(state.pte)}`;
  }
}

/** Input for `describeQuery` (src/lib/queryDescription.ts). */
export function descriptionInput(state: QueryState, dataset: Dataset): QueryDescriptionInput {
  const freq = state.rs === '' ? null : parseFrequency(state.rs);
  return {
    datasetName: dataset.name,
    filter:
      state.fcol !== '' && state.fval !== ''
        ? { column: state.fcol, operator: state.fop, value: state.fval }
        : null,
    time: timeText(state),
    timeZone: zoneLabel(state.tz),
    resample: freq ? { ...freq, fn: state.rsfn, by: state.rsby } : null,
    vintage: vintageText(state, dataset),
    order: state.order,
    limit: state.limit,
  };
}
