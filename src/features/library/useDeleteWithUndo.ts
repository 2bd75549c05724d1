import { useCallback, useEffect, useRef, useState } from 'react';
import { describeStorageError } from '@/workspace/storageErrors';
import type { SavedView } from '@/workspace/types';
import { deleteViews, putViews } from '@/workspace/views';

/** How long "Undo" stays offered after a delete. */
const UNDO_MS = 10_000;

/**
 * Delete at once, undo for a while: deleted views are held here (as they were, star and times
 * included) and put back by Undo. Deletes made while Undo is offered add to what it puts back.
 */
export function useDeleteWithUndo(onError: (message: string) => void) {
  const [deleted, setDeleted] = useState<SavedView[]>([]);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const remove = useCallback(
    async (ids: readonly string[]) => {
      try {
        const gone = await deleteViews(ids);
        setDeleted((before) => [...before, ...gone]);
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => setDeleted([]), UNDO_MS);
      } catch (error) {
        onError(`Nothing was deleted. ${describeStorageError(error).message}`);
      }
    },
    [onError],
  );

  const undo = useCallback(async () => {
    window.clearTimeout(timer.current);
    const back = deleted;
    setDeleted([]);
    try {
      await putViews(back);
    } catch (error) {
      setDeleted(back);
      onError(`The views could not be put back. ${describeStorageError(error).message}`);
    }
  }, [deleted, onError]);

  return { deleted, remove, undo };
}
