import { useCallback, useSyncExternalStore } from 'react';

/** The map's own setting: an online tile layer over the bundled basemap, off (empty) by default. */
export const TILE_URL_STORAGE_KEY = 'gridscope.map.tileUrl';

const listeners = new Set<() => void>();

export function readTileUrl(): string {
  try {
    return window.localStorage.getItem(TILE_URL_STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

export function writeTileUrl(value: string): void {
  const trimmed = value.trim();
  try {
    if (trimmed) window.localStorage.setItem(TILE_URL_STORAGE_KEY, trimmed);
    else window.localStorage.removeItem(TILE_URL_STORAGE_KEY);
  } catch {
    // Storage may be disabled (private mode); the setting then lasts for this page only.
  }
  listeners.forEach((listener) => listener());
}

/**
 * Only `http(s)` templates with `{z}`, `{x}` and `{y}` are used; anything else is ignored rather
 * than handed to Leaflet, so a typo cannot break the bundled map.
 */
export function isUsableTileUrl(value: string): boolean {
  return /^https?:\/\/\S+$/i.test(value) && ['{z}', '{x}', '{y}'].every((part) => value.includes(part));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent): void => {
    if (event.key === TILE_URL_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useTileUrl(): [string, (value: string) => void] {
  const value = useSyncExternalStore(subscribe, readTileUrl, () => '');
  const set = useCallback((next: string) => writeTileUrl(next), []);
  return [value, set];
}
