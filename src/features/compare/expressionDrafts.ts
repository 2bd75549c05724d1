/**
 * Text typed in a derived series' field and not applied yet. An expression being typed is checked
 * as it is typed and applied only when valid; until then the series keeps the last one and says
 * that the text in its field is not applied yet.
 */
import { useCallback, useState } from 'react';
import type { SeriesKey } from '@/compare/compareWorkspace';
import { derivedProblem } from './derivedSeries';
import type { SeriesResult } from './seriesResult';

/** What a derived series' field holds, and the expression it was typed over. */
interface Draft {
  text: string;
  over: string;
}

export type SetDraft = (key: SeriesKey, text: string, over: string) => void;

/** The drafts of the workspace's fields, and the setter its series panel reports typing to. */
export function useExpressionDrafts(): [ReadonlyMap<SeriesKey, Draft>, SetDraft] {
  const [drafts, setDrafts] = useState<ReadonlyMap<SeriesKey, Draft>>(new Map());
  const setDraft = useCallback<SetDraft>(
    (key, text, over) => setDrafts((current) => new Map(current).set(key, { text, over })),
    [],
  );
  return [drafts, setDraft];
}

/**
 * Marks each derived series whose field holds text other than its expression, checked against the
 * workspace as it is now. A draft typed over another expression is stale: a new expression came
 * from elsewhere (a preset, back) and replaced it.
 */
export function markDrafts(series: SeriesResult[], drafts: ReadonlyMap<SeriesKey, Draft>): void {
  for (const s of series) {
    const draft = drafts.get(s.spec.key);
    if (s.spec.kind !== 'expr' || !draft || draft.over !== s.spec.expr) continue;
    if (draft.text.trim() === s.spec.expr) continue;
    s.editing = { text: draft.text, problem: derivedProblem(series, s.spec.key, draft.text) };
  }
}
