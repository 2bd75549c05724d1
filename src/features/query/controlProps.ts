import type { Dataset } from '@/contract';
import type { QueryState } from './queryUrl';
import type { TimeField } from './typedTime';

/** What every control of the builder receives: the draft, a patcher, and its own error. */
export interface ControlProps {
  dataset: Dataset;
  draft: QueryState;
  onChange: (patch: Partial<QueryState>) => void;
  /** The server's message when it named this control's parameter. */
  error?: string | null;
  /** Typed times the last "Run query" could not read, by field. */
  timeErrors?: Partial<Record<TimeField, string>>;
}
