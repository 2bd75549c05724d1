/**
 * Query history in the store: entries are added in batches (the recorder collects them off the
 * query's path and writes when the page is idle), entries of one group collapse into one, and the
 * newest HISTORY_LIMIT unstarred entries are kept; starred ones are kept whatever their age.
 */
import { workspaceDb, type WorkspaceDb } from './db';
import { HISTORY_LIMIT, type HistoryEntry } from './types';

/**
 * Writes a batch. An entry whose group already has an entry (the price map stepping through a
 * day) updates that one: its time, rows and duration become the latest, `queries` counts them all.
 */
export async function addHistory(
  entries: readonly HistoryEntry[],
  db: WorkspaceDb = workspaceDb(),
  limit: number = HISTORY_LIMIT,
): Promise<void> {
  if (entries.length === 0) return;
  await db.transaction('rw', db.history, async () => {
    for (const entry of entries) {
      const same = await db.history.where('groupKey').equals(entry.groupKey).last();
      if (same?.id !== undefined) {
        await db.history.update(same.id, {
          at: entry.at,
          path: entry.path,
          label: entry.label,
          request: entry.request,
          rows: entry.rows,
          moreRows: entry.moreRows ?? false,
          durationMs: entry.durationMs,
          error: entry.error,
          queries: same.queries + entry.queries,
        });
      } else {
        const { id: _id, ...fresh } = entry;
        await db.history.add(fresh);
      }
    }
    await pruneHistory(db, limit);
  });
}

/** Deletes the oldest unstarred entries past `limit`. */
export async function pruneHistory(
  db: WorkspaceDb = workspaceDb(),
  limit: number = HISTORY_LIMIT,
): Promise<number> {
  const unstarred = db.history.where('[starred+at]').between([0, -Infinity], [0, Infinity]);
  const count = await unstarred.count();
  if (count <= limit) return 0;
  const oldest = await unstarred.limit(count - limit).primaryKeys();
  await db.history.bulkDelete(oldest);
  return oldest.length;
}

/** The newest entries first. */
export async function listHistory(db: WorkspaceDb = workspaceDb()): Promise<HistoryEntry[]> {
  return db.history.orderBy('at').reverse().toArray();
}

export async function setHistoryStarred(
  id: number,
  starred: boolean,
  db: WorkspaceDb = workspaceDb(),
): Promise<void> {
  await db.history.update(id, { starred: starred ? 1 : 0 });
}

export async function clearUnstarredHistory(db: WorkspaceDb = workspaceDb()): Promise<void> {
  await db.history.where('[starred+at]').between([0, -Infinity], [0, Infinity]).delete();
}
