/**
 * The peak report as a saved view: its URL (a day, or "the latest day" when the link names none,
 * and the range of daily peaks), the report's request and the two load queries beside it, the key
 * never in them.
 */
import { apiRequest, datasetQueryRequest } from '@/api/apiRequest';
import { getConnection, scriptBaseUrl } from '@/api/connection';
import { DATASET_IDS, endpointPath } from '@/contract';
import type { ViewDescriptor } from '@/workspace/types';
import { dailyPeaksParams } from './DailyPeaksPanel';
import { curveParams } from './LoadCurvePanel';
import type { DayRange } from './resolveRange';

export interface DailyPeakViewInput {
  path: string;
  iso: string;
  /** The day the link names, or '' for the latest complete day. */
  linkDate: string;
  /** The day shown, once known. */
  date: string | undefined;
  range: DayRange | null;
  server?: string;
}

export function dailyPeakViewDescriptor({
  path,
  iso,
  linkDate,
  date,
  range,
  server = scriptBaseUrl(getConnection()),
}: DailyPeakViewInput): ViewDescriptor {
  const requests = [apiRequest(server, endpointPath('dailyPeak', { iso }), { date: linkDate || undefined })];
  if (date) requests.push(datasetQueryRequest(server, DATASET_IDS.load, curveParams(date)));
  if (range) requests.push(datasetQueryRequest(server, DATASET_IDS.load, dailyPeaksParams(range)));
  const day = linkDate ? `market day ${linkDate}` : 'the latest complete market day';
  return {
    kind: 'dailyPeak',
    path,
    suggestedName: `Daily peak report · ${linkDate || 'latest day'}`,
    datasets: [DATASET_IDS.load],
    timeRange: range ? `${day}; daily peaks ${range.from} → ${range.to} (US/Central)` : day,
    server,
    requests,
    sparkline: null,
  };
}
