/**
 * Planning where the page starts (contract §6.6): the cursor, which binds every row-shaping
 * parameter, is read after every other rule; without one, `page` says where.
 */
import type { DatasetDef } from '@/mock/data/types';
import { decodeCursor, queryFingerprint } from '../cursor';
import type { RawQueryParams } from './queryParams';
import type { QueryPlan } from './queryPlan';

type PageStart = Pick<QueryPlan, 'cursorMode' | 'offset' | 'resume' | 'fingerprint'>;

/** The cursor's position (400 when it belongs to another query), else `page`'s offset. */
export function planPageStart(
  def: DatasetDef,
  raw: RawQueryParams,
  pages: Pick<QueryPlan, 'page' | 'pageSize'>,
): PageStart {
  const fingerprint = queryFingerprint([['dataset', def.id], ...raw.fingerprintParts]);
  const cursorMode = raw.cursor !== undefined;
  const state =
    cursorMode && raw.cursor !== undefined && raw.cursor.trim() !== ''
      ? decodeCursor(raw.cursor, fingerprint)
      : null;
  const offset = state ? state.offset : (pages.page - 1) * pages.pageSize;
  return { cursorMode, offset, resume: state?.position ?? null, fingerprint };
}
