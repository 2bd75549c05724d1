import { useSyncExternalStore } from 'react';

/** Whether the in-browser demo backend could start; the status line reads it. */
export type DemoMockState = { state: 'idle' | 'starting' | 'running' } | { state: 'failed'; message: string };

let current: DemoMockState = { state: 'idle' };
const listeners = new Set<() => void>();

export function getDemoMockState(): DemoMockState {
  return current;
}

export function setDemoMockState(next: DemoMockState): void {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useDemoMockState(): DemoMockState {
  return useSyncExternalStore(subscribe, getDemoMockState, getDemoMockState);
}
