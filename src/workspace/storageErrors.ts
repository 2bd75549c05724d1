/**
 * Why the browser would not keep saved work, in words for the place where the user saved: the
 * disk or the site's quota is full, the browser keeps no database here (some private windows,
 * storage turned off), another tab holds an older version of the database open, or something
 * else the browser said. The page keeps the view either way and offers the workspace file.
 */
export type StorageProblem = 'quota' | 'unavailable' | 'blocked' | 'other';

export interface StorageFailure {
  problem: StorageProblem;
  message: string;
}

function names(error: unknown): string[] {
  const found: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== null && typeof current === 'object'; depth += 1) {
    const name = (current as { name?: unknown }).name;
    if (typeof name === 'string') found.push(name);
    current = (current as { inner?: unknown }).inner;
  }
  return found;
}

export function describeStorageError(error: unknown): StorageFailure {
  const seen = names(error);
  if (seen.includes('QuotaExceededError')) {
    return {
      problem: 'quota',
      message:
        'The browser refused to store more: this site’s storage is full. Free space in Settings or save the view as a file.',
    };
  }
  if (
    seen.includes('MissingAPIError') ||
    seen.includes('InvalidStateError') ||
    seen.includes('SecurityError')
  ) {
    return {
      problem: 'unavailable',
      message:
        'This browser keeps no saved work here (a private window, or site storage turned off). Save the view as a file instead.',
    };
  }
  if (
    seen.includes('BlockedError') ||
    seen.includes('VersionError') ||
    seen.includes('DatabaseClosedError')
  ) {
    return {
      problem: 'blocked',
      message:
        'Another tab has an older version of GridScope open and holds the saved views. Reload or close that tab, or save the view as a file.',
    };
  }
  const detail = error instanceof Error && error.message ? `: ${error.message}` : '';
  return { problem: 'other', message: `The browser could not store the view${detail}.` };
}
