/**
 * What saved work takes in the browser, for Settings: space used and the site's quota, whether the
 * browser keeps the store when space runs short, and asking it to. No Dexie here (Settings loads
 * this statically); the counts of views and history come from savedWorkCounts.ts, loaded on demand.
 */

export interface StorageUse {
  /** Bytes this site uses and may use, or null when the browser does not say. */
  usage: number | null;
  quota: number | null;
  /** Whether the browser keeps the site's storage under pressure, or null when it cannot say. */
  persisted: boolean | null;
  /** Whether the browser can be asked to keep it. */
  canPersist: boolean;
}

// Absent in some browsers, in insecure contexts and in jsdom; typed as always there.
function storage() {
  if (typeof navigator === 'undefined') return undefined;
  const manager = navigator.storage as StorageManager | undefined;
  return manager;
}

export async function readStorageUse(): Promise<StorageUse> {
  const manager = storage();
  const [estimate, persisted] = await Promise.all([
    typeof manager?.estimate === 'function' ? manager.estimate().catch(() => null) : null,
    typeof manager?.persisted === 'function' ? manager.persisted().catch(() => null) : null,
  ]);
  return {
    usage: estimate?.usage ?? null,
    quota: estimate?.quota ?? null,
    persisted,
    canPersist: typeof manager?.persist === 'function',
  };
}

/** Asks the browser to keep saved work when space runs short; true when it will. */
export async function askToPersist(): Promise<boolean> {
  const manager = storage();
  if (typeof manager?.persist !== 'function') return false;
  return manager.persist();
}

const UNITS = ['bytes', 'kB', 'MB', 'GB', 'TB'] as const;

/** `1.4 MB`, in the decimal units browsers' own storage pages use. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toLocaleString('en-US', { maximumFractionDigits: digits })} ${UNITS[unit] ?? ''}`;
}
