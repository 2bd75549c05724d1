/**
 * Planning the page (contract §6.6): `page`, `page_size` and `limit` are checked with the other
 * rules, and the cursor, which binds every row-shaping parameter, is read last.
 */
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@/contract';
import type { DatasetDef } from '@/mock/data/types';
import { decodeCursor, queryFingerprint } from '../cursor';
import { invalid } from '../rejection';
import type { RawQueryParams } from './queryParams';
import type { QueryPlan } from './queryPlan';

export type PageBounds = Pick<QueryPlan, 'page' | 'pageSize' | 'limit'>;
export type CursorPlan = Pick<QueryPlan, 'cursorMode' | 'offset' | 'resume' | 'fingerprint'>;

export function planPageBounds(raw: RawQueryParams): PageBounds {
  const page = raw.page ?? 1;
  if (page < 1) throw invalid(`page must be at least 1; got ${page}.`);
  const pageSize = raw.pageSize ?? DEFAULT_PAGE_SIZE;
  if (pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw invalid(`page_size must be between 1 and ${MAX_PAGE_SIZE}; got ${pageSize}.`);
  }
  const limit = raw.limit ?? null;
  if (limit !== null && limit < 1) throw invalid(`limit must be at least 1; got ${limit}.`);
  return { page, pageSize, limit };
}

/** Where the page starts: the cursor's position (400 when it belongs to another query), else `page`'s offset. */
export function planCursor(def: DatasetDef, raw: RawQueryParams, bounds: PageBounds): CursorPlan {
  const fingerprint = queryFingerprint([['dataset', def.id], ...raw.fingerprintParts]);
  const cursorMode = raw.cursor !== undefined;
  const state =
    cursorMode && raw.cursor !== undefined && raw.cursor.trim() !== ''
      ? decodeCursor(raw.cursor, fingerprint)
      : null;
  const offset = state ? state.offset : (bounds.page - 1) * bounds.pageSize;
  return { cursorMode, offset, resume: state?.position ?? null, fingerprint };
}
