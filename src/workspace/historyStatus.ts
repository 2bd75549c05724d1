/**
 * Whether the history could be kept: the recorder writes when the page is idle and a failure there
 * never reaches the query, so it is kept here for the history list to say ("History could not be
 * saved: …"), with how many queries went unrecorded. In memory: it describes this page's life.
 */
import { createValueStore } from '@/lib/store';
import { describeStorageError, type StorageProblem } from './storageErrors';

interface HistoryFailure {
  /** Why, in words for the history list. */
  reason: string;
  /** Queries not recorded since the page opened. */
  lost: number;
}

const REASONS = {
  quota: 'this site’s storage is full',
  unavailable: 'this browser keeps no saved work here (a private window, or site storage turned off)',
  blocked: 'another tab has an older version of GridScope open and holds the store',
  other: 'the browser refused to store it',
} as const satisfies Record<StorageProblem, string>;

const store = createValueStore<HistoryFailure | null>(null);

export function historyFailureReason(error: unknown): string {
  const { problem } = describeStorageError(error);
  if (problem === 'other' && error instanceof Error && error.message)
    return `${REASONS.other} (${error.message})`;
  return REASONS[problem];
}

/** A batch of `lost` entries could not be written. */
export function noteHistoryFailure(error: unknown, lost: number): void {
  store.set({ reason: historyFailureReason(error), lost: (store.read()?.lost ?? 0) + lost });
}

export const readHistoryFailure = store.read;
export const useHistoryFailure = store.useValue;

/** Tests: forget the failure. */
export function resetHistoryFailureForTests(): void {
  store.set(null);
}
