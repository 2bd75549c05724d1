/**
 * `/today` as a saved view: its URL (a day, or "the current market day" when the link names none,
 * so the view opens on whatever day it then is) and every panel's request for the day shown, the
 * key never in them.
 */
import { datasetQueryRequest } from '@/api/apiRequest';
import { getConnection, scriptBaseUrl } from '@/api/connection';
import type { ViewDescriptor } from '@/workspace/types';
import { dayRequests } from './dayRequests';
import { dayOf } from './marketDayParams';

export interface TodayViewInput {
  path: string;
  /** The day the link names, or '' for the current market day. */
  linkDate: string;
  /** The day shown. */
  date: string;
  server?: string;
  /** When the requests are listed (the reserves' day so far ends there); epoch ms. */
  now?: number;
}

export function todayViewDescriptor({
  path,
  linkDate,
  date,
  server = scriptBaseUrl(getConnection()),
  now = Date.now(),
}: TodayViewInput): ViewDescriptor {
  const day = dayRequests(dayOf(date), now);
  return {
    kind: 'today',
    path,
    suggestedName: `The grid today · ${linkDate || 'current day'}`,
    datasets: [...new Set(day.map((r) => r.id))],
    timeRange: linkDate ? `market day ${linkDate}` : 'the current market day',
    server,
    requests: day.map(({ id, params }) => datasetQueryRequest(server, id, params)),
    sparkline: null,
  };
}
