/** How many saved views and history entries the store holds (Settings loads this on demand: it brings Dexie). */
import { workspaceDb, type WorkspaceDb } from './db';

export interface SavedWorkCounts {
  views: number;
  history: number;
}

export async function countSavedWork(db: WorkspaceDb = workspaceDb()): Promise<SavedWorkCounts> {
  const [views, history] = await Promise.all([db.views.count(), db.history.count()]);
  return { views, history };
}
