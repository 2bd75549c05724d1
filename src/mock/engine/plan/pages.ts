/**
 * Planning which rows make the page (contract §6, §6.6): their order, `page`, `page_size` and
 * `limit`, checked with the first rules.
 */
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, ORDERS } from '@/contract';
import { invalid } from '../rejection';
import type { RawQueryParams } from './queryParams';
import type { QueryPlan } from './queryPlan';

type PagePlan = Pick<QueryPlan, 'order' | 'page' | 'pageSize' | 'limit'>;

export function planPages(raw: RawQueryParams): PagePlan {
  const orderText = raw.order?.trim().toLowerCase() ?? 'asc';
  const order = ORDERS.find((w) => w === orderText);
  if (!order) throw invalid(`order '${raw.order ?? ''}' is not supported; use asc or desc.`);
  const page = raw.page ?? 1;
  if (page < 1) throw invalid(`page must be at least 1; got ${page}.`);
  const pageSize = raw.pageSize ?? DEFAULT_PAGE_SIZE;
  if (pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw invalid(`page_size must be between 1 and ${MAX_PAGE_SIZE}; got ${pageSize}.`);
  }
  const limit = raw.limit ?? null;
  if (limit !== null && limit < 1) throw invalid(`limit must be at least 1; got ${limit}.`);
  return { order, page, pageSize, limit };
}
