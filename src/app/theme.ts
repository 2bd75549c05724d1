import { useEffect } from 'react';
import { createExternalStore } from '@/lib/store';

const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type Theme = 'light' | 'dark';

const STORAGE_KEY = 'gridscope.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

function isChoice(value: unknown): value is ThemeChoice {
  return THEME_CHOICES.includes(value as ThemeChoice);
}

function getThemeChoice(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return isChoice(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

function systemTheme(): Theme {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

function resolveTheme(choice: ThemeChoice): Theme {
  return choice === 'system' ? systemTheme() : choice;
}

export function applyTheme(choice: ThemeChoice = getThemeChoice()): void {
  document.documentElement.dataset.theme = resolveTheme(choice);
}

// Prerendered pages show the system theme's switch; a stored choice replaces it once hydrated.
const store = createExternalStore(getThemeChoice, undefined, (): ThemeChoice => 'system');

function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // Without storage the choice still holds for this page.
  }
  applyTheme(choice);
  store.notify();
}

function nextThemeChoice(choice: ThemeChoice): ThemeChoice {
  const index = THEME_CHOICES.indexOf(choice);
  return THEME_CHOICES[(index + 1) % THEME_CHOICES.length] ?? 'system';
}

/** The current choice, a function that cycles system → light → dark, and the theme in effect. */
export function useTheme(): { choice: ThemeChoice; theme: Theme; cycle: () => void } {
  const choice = store.useValue();
  useEffect(() => {
    applyTheme(choice);
    if (choice !== 'system' || typeof window.matchMedia !== 'function') return;
    // Follow the operating system while the user has not picked a side.
    const media = window.matchMedia(DARK_QUERY);
    const onChange = (): void => applyTheme('system');
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [choice]);
  return { choice, theme: resolveTheme(choice), cycle: () => setThemeChoice(nextThemeChoice(choice)) };
}
