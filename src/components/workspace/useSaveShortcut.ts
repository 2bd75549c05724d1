import { useEffect, useRef } from 'react';

/**
 * Ctrl+S (Cmd+S on a Mac) runs `onSave` instead of the browser's "Save page as". The listener sits
 * on the window in the capture phase, so it is heard wherever focus is in the page (inside a text
 * field too) before anything else can stop it; a held key's repeats are ignored, so one press saves
 * once.
 */
export function useSaveShortcut(onSave: () => void): void {
  const latest = useRef(onSave);
  useEffect(() => {
    latest.current = onSave;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      if (event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      if (event.repeat) return;
      latest.current();
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, []);
}
