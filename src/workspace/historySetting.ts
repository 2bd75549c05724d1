/**
 * Whether the app records query history in this browser: on unless the analyst turns it off in
 * Settings (a shared machine, a demo). Kept in localStorage so every tab and the next visit agree;
 * another tab's change arrives through the `storage` event.
 */
import { createExternalStore } from '@/lib/store';

const KEY = 'gridscope.history';

function read(): boolean {
  try {
    return localStorage.getItem(KEY) !== 'off';
  } catch {
    return true;
  }
}

const store = createExternalStore(read, (notify) => {
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) notify();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
});

export const isHistoryRecording = read;
export const useHistoryRecording = store.useValue;

export function setHistoryRecording(on: boolean): void {
  try {
    if (on) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, 'off');
  } catch {
    // A browser without localStorage records as before; the checkbox shows what it reads.
  }
  store.notify();
}
