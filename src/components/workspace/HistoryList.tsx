/**
 * Query history as a list (placeholder until the history list lands: the library's History tab
 * and the query builder's history panel mount this).
 */
export interface HistoryListProps {
  /** Show only this dataset's queries at first (the query builder's panel). */
  dataset?: string;
  /** A short list in a side panel rather than the library's full tab. */
  compact?: boolean;
}

export function HistoryList({ dataset }: HistoryListProps) {
  return <p>History{dataset ? ` of ${dataset}` : ''} is not recorded yet.</p>;
}
