/**
 * What importing a set of views would do to the library, shown before anything is written, and
 * the write itself: additions and replacements in one transaction, so a failure halfway (a full
 * disk, a closed database) leaves the library exactly as it was.
 */
import { toFileView } from './file';
import { putViews } from './views';
import type { WorkspaceDb } from './db';
import { workspaceDb } from './db';
import type { SavedView } from './types';

export interface ImportPlan {
  /** Views whose id the library does not hold. */
  add: SavedView[];
  /** Views whose id the library holds with different contents: the file's version wins. */
  replace: SavedView[];
  /** Views the library already holds as they are in the file. */
  unchanged: SavedView[];
}

/** Views compare as the file writes them: when one was last opened here is not part of it. */
const sameContents = (a: SavedView, b: SavedView): boolean =>
  JSON.stringify(toFileView(a)) === JSON.stringify(toFileView(b));

export function planImport(existing: readonly SavedView[], incoming: readonly SavedView[]): ImportPlan {
  const byId = new Map(existing.map((view) => [view.id, view]));
  const plan: ImportPlan = { add: [], replace: [], unchanged: [] };
  for (const view of incoming) {
    const current = byId.get(view.id);
    if (current === undefined) plan.add.push(view);
    else if (sameContents(current, view)) plan.unchanged.push(current);
    // A replaced view keeps when it was last opened here: the file cannot know that.
    else plan.replace.push({ ...view, openedAt: current.openedAt });
  }
  return plan;
}

/** Writes the plan's additions and replacements in one transaction: all of them, or none. */
export async function applyImport(plan: ImportPlan, db: WorkspaceDb = workspaceDb()): Promise<void> {
  await putViews([...plan.add, ...plan.replace], db);
}
