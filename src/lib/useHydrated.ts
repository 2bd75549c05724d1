import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False on the server and while React hydrates prerendered HTML, true in every render after
 * (React renders again at once when hydration is done). What depends on the clock or on the
 * browser renders a placeholder until then, so the HTML and the first client render agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
