/**
 * What every panel of the overview needs to know about the page: whether it is following the
 * market day as it happens (today's day, the tab visible, not paused), and where to say that new
 * rows arrived (the page's "last updated").
 */
import { createContext, useContext, useSyncExternalStore } from 'react';

export interface LivePage {
  live: boolean;
  /** The day shown is still running: its "day's" figures are so far, and say so. */
  ongoing: boolean;
  /** A panel's rows were refreshed at `at` (epoch ms). */
  updated: (at: number) => void;
}

export const LivePageContext = createContext<LivePage>({
  live: false,
  ongoing: false,
  updated: () => undefined,
});

export const useLivePage = (): LivePage => useContext(LivePageContext);

const subscribeVisibility = (onChange: () => void): (() => void) => {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
};

/** True while the tab is shown: a hidden tab asks for nothing. */
export function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState !== 'hidden',
    () => true,
  );
}
