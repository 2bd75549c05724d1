/** Planning the vintages (contract §6.4): `publish_time`, `publish_time_start`, `publish_time_end`. */
import type { DatasetDef } from '@/mock/data/types';
import { invalid } from '../rejection';
import type { Zone } from '@/time';
import type { RawQueryParams } from './queryParams';
import type { PublishMode, QueryPlan } from './queryPlan';

type PublishPlan = Pick<QueryPlan, 'publish' | 'publishLo' | 'publishHi'>;

export function planPublishTime(def: DatasetDef, raw: RawQueryParams, zone: Zone): PublishPlan {
  const hasPublishParam =
    raw.publishTime !== undefined || raw.publishTimeStart !== undefined || raw.publishTimeEnd !== undefined;
  if (hasPublishParam && !def.publishTimeColumn) {
    throw invalid(
      `publish_time, publish_time_start and publish_time_end apply only to datasets with a publish time column; ${def.id} has none.`,
    );
  }
  let publish: PublishMode = { kind: 'all' };
  if (raw.publishTime === 'latest' || raw.publishTime === 'latest_report')
    publish = { kind: raw.publishTime };
  else if (raw.publishTime) publish = { kind: 'at', at: zone.instant(raw.publishTime) };
  const publishLo = raw.publishTimeStart ? zone.instant(raw.publishTimeStart) : Number.NEGATIVE_INFINITY;
  const publishHi = raw.publishTimeEnd ? zone.instant(raw.publishTimeEnd) : Number.POSITIVE_INFINITY;
  if (raw.publishTimeStart && raw.publishTimeEnd && publishLo >= publishHi) {
    throw invalid('publish_time_start must be before publish_time_end (start inclusive, end exclusive).');
  }
  return { publish, publishLo, publishHi };
}
