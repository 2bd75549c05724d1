import { useCallback, useState } from 'react';
import type { WorkspaceFileRead } from '@/workspace/fileReader';
import { applyImport, planImport, type ImportPlan } from '@/workspace/importPlan';
import { describeStorageError } from '@/workspace/storageErrors';
import { listViews } from '@/workspace/views';
import { formatCount } from '@/lib/format';

/** Where the views to import came from, named in the preview. */
export type ImportSource = { kind: 'file'; name: string } | { kind: 'link' };

export type ImportFlow =
  | { step: 'idle' }
  | { step: 'reading'; source: ImportSource }
  | { step: 'problems'; source: ImportSource; problems: string[] }
  | { step: 'preview'; source: ImportSource; plan: ImportPlan }
  | { step: 'writing'; source: ImportSource; plan: ImportPlan }
  | { step: 'done'; message: string };

/**
 * An import's steps: read (a file or a link), show what it would add and replace, write only on
 * Confirm, in one transaction. A bad source or a failed write leaves the library as it was.
 */
export function useImportFlow() {
  const [flow, setFlow] = useState<ImportFlow>({ step: 'idle' });

  const read = useCallback(async (source: ImportSource, reading: () => Promise<WorkspaceFileRead>) => {
    setFlow({ step: 'reading', source });
    try {
      const result = await reading();
      if (!result.ok) {
        setFlow({ step: 'problems', source, problems: result.problems });
        return;
      }
      setFlow({ step: 'preview', source, plan: planImport(await listViews(), result.views) });
    } catch (error) {
      setFlow({ step: 'problems', source, problems: [describeStorageError(error).message] });
    }
  }, []);

  const confirm = useCallback(async () => {
    if (flow.step !== 'preview') return;
    const { source, plan } = flow;
    setFlow({ step: 'writing', source, plan });
    try {
      await applyImport(plan);
      const parts = [
        `added ${formatCount(plan.add.length, 'view')}`,
        `replaced ${formatCount(plan.replace.length, 'view')}`,
      ];
      if (plan.unchanged.length > 0)
        parts.push(`${formatCount(plan.unchanged.length, 'view')} already saved as they are`);
      setFlow({ step: 'done', message: `Imported: ${parts.join(', ')}.` });
    } catch (error) {
      setFlow({
        step: 'problems',
        source,
        problems: [`Nothing was imported. ${describeStorageError(error).message}`],
      });
    }
  }, [flow]);

  const cancel = useCallback(() => setFlow({ step: 'idle' }), []);
  return { flow, read, confirm, cancel };
}
