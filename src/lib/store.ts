import { useSyncExternalStore } from 'react';

/**
 * A value that lives outside React (a setting in storage, the demo backend's state, export jobs)
 * and the one way components read it: `read` gives the current value, `notify` tells subscribers
 * it changed. `watch` adds a source of change of its own (the `storage` event of another tab).
 * Snapshots must be stable between changes, as `useSyncExternalStore` requires.
 */
export interface ExternalStore<T> {
  read: () => T;
  notify: () => void;
  subscribe: (listener: () => void) => () => void;
  /** The value in a component, re-rendered on every `notify`. */
  useValue: () => T;
}

export function createExternalStore<T>(
  read: () => T,
  watch?: (notify: () => void) => () => void,
  /**
   * The value the prerendered HTML was rendered with (src/app/prerender.tsx), read while React
   * hydrates it; the value in storage follows at once. Without one, hydration reads `read`.
   */
  prerendered: () => T = read,
): ExternalStore<T> {
  const listeners = new Set<() => void>();
  const notify = (): void => {
    for (const listener of [...listeners]) listener();
  };
  const subscribe = (listener: () => void): (() => void) => {
    listeners.add(listener);
    const unwatch = watch?.(listener);
    return () => {
      listeners.delete(listener);
      unwatch?.();
    };
  };
  return { read, notify, subscribe, useValue: () => useSyncExternalStore(subscribe, read, prerendered) };
}

/** A store of a value held in memory: `set` replaces it and notifies. */
export function createValueStore<T>(initial: T): ExternalStore<T> & { set: (next: T) => void } {
  let current = initial;
  const store = createExternalStore(
    () => current,
    undefined,
    () => initial,
  );
  return {
    ...store,
    set: (next) => {
      current = next;
      store.notify();
    },
  };
}
