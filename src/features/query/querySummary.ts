/** The plain-English summary of a builder state (input for `describeQuery`). */
import type { Dataset, Frequency } from '@/contract';
import type { QueryDescriptionInput } from '@/lib/queryDescription';
import { formatTimestamp } from '@/lib/format';
import { RESAMPLE_UNIT_INFO } from '@/lib/queryDescription';
import { parseFrequency } from './frequency';
import type { QueryState } from './queryUrl';
import { dataEndAge, type PresetRange } from './requestParams';
import { TIME_PRESET_LABELS, zoneLabel } from './timeRange';

function readable(ts: string): string {
  return ts
    .replace('T', ' ')
    .replace(/(\d{2}:\d{2}):00(?:\.0+)?(?=$|[+Z-])/, '$1')
    .replace(/ 00:00$/, '');
}

/** `whole hours`, `whole 15-minute buckets`: what a range was aligned to. */
function wholeBucketsText({ count, unit }: Frequency): string {
  const info = RESAMPLE_UNIT_INFO[unit];
  return count === 1 ? `whole ${info.plural}` : `whole ${count}-${info.singular} buckets`;
}

function timeText(state: QueryState, range: PresetRange | null): string {
  if (state.range === 'latest') return 'latest';
  if (state.range !== 'custom') {
    const preset = TIME_PRESET_LABELS[state.range].replace(' (market time)', '').toLowerCase();
    // Counted back from where the data ends, long before now (a feed published late): "last 24
    // hours" alone would pass for the day just gone.
    if (range === null) return preset;
    const { dataEnd } = range;
    const label =
      dataEnd === null ? preset : `${preset} of its data, which ends ${dataEndAge({ ...range, dataEnd })}`;
    if (range.alignedTo === null && dataEnd === null) return label;
    // Say the instants the query asks for: moved back to bucket starts, or before now.
    const wall = (ms: number) => formatTimestamp(ms, { timeZone: zoneLabel(state.tz), zoneName: false });
    const aligned = range.alignedTo ? `, aligned to ${wholeBucketsText(range.alignedTo)}` : '';
    return `${label}${aligned}: ${wall(range.start)} → ${wall(range.end)}`;
  }
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
export function descriptionInput(
  state: QueryState,
  dataset: Dataset,
  range: PresetRange | null = null,
): QueryDescriptionInput {
  const freq = state.rs === '' ? null : parseFrequency(state.rs);
  return {
    datasetName: dataset.name,
    filter:
      state.fcol !== '' && state.fval !== ''
        ? { column: state.fcol, operator: state.fop, value: state.fval }
        : null,
    time: timeText(state, range),
    timeZone: zoneLabel(state.tz),
    resample: freq ? { ...freq, fn: state.rsfn, by: state.rsby } : null,
    vintage: vintageText(state, dataset),
    order: state.order,
    limit: state.limit,
  };
}
