import { createValueStore } from '@/lib/store';

/** Whether the in-browser demo backend could start; the status line reads it. */
type DemoMockState = { state: 'idle' | 'starting' | 'running' } | { state: 'failed'; message: string };

const store = createValueStore<DemoMockState>({ state: 'idle' });

export const getDemoMockState = store.read;
export const setDemoMockState = store.set;
export const useDemoMockState = store.useValue;
