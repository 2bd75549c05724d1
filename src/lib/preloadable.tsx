import { lazy, useState, type ComponentType } from 'react';

/**
 * A component in its own chunk whose code a page can ask for before it has anything to show
 * (`preload`), as `React.lazy` cannot. Render `Component` inside a `Suspense`: when its code had
 * arrived by the time it mounted, it draws in its first render (with its data); else it suspends
 * until the code comes. Decided once per mount: switching paths later would remount it.
 */
export interface Preloadable<P> {
  /** Starts loading the code, once; settles when it has loaded or failed, never rejecting. */
  preload: () => Promise<void>;
  Component: ComponentType<P>;
}

export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  // A failed load may be asked for again: a failure is reported by the lazy component when shown.
  const start = (): Promise<ComponentType<P>> =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await start() }));
  function Preloaded(props: P) {
    const [Loaded] = useState(() => loaded);
    return Loaded !== null ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return {
    preload: () =>
      start().then(
        () => undefined,
        () => undefined,
      ),
    Component: Preloaded,
  };
}
