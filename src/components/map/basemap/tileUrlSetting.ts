import { useCallback } from 'react';
import { createExternalStore } from '@/lib/store';

/** The map's own setting: an online tile layer over the bundled basemap, off (empty) by default. */
const TILE_URL_STORAGE_KEY = 'gridscope.map.tileUrl';

function readTileUrl(): string {
  try {
    return window.localStorage.getItem(TILE_URL_STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Another tab that changes the setting changes it here too. */
const store = createExternalStore(readTileUrl, (notify) => {
  const onStorage = (event: StorageEvent): void => {
    if (event.key === TILE_URL_STORAGE_KEY) notify();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
});

function writeTileUrl(value: string): void {
  const trimmed = value.trim();
  try {
    if (trimmed) window.localStorage.setItem(TILE_URL_STORAGE_KEY, trimmed);
    else window.localStorage.removeItem(TILE_URL_STORAGE_KEY);
  } catch {
    // Storage may be disabled (private mode); the setting then lasts for this page only.
  }
  store.notify();
}

/**
 * Only `http(s)` templates with `{z}`, `{x}` and `{y}` are used; anything else is ignored rather
 * than handed to Leaflet, so a typo cannot break the bundled map.
 */
export function isUsableTileUrl(value: string): boolean {
  return /^https?:\/\/\S+$/i.test(value) && ['{z}', '{x}', '{y}'].every((part) => value.includes(part));
}

export function useTileUrl(): [string, (value: string) => void] {
  const value = store.useValue();
  const set = useCallback((next: string) => writeTileUrl(next), []);
  return [value, set];
}
