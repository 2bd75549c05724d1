import { useEffect, useState } from 'react';

/**
 * A chart tooltip that follows the pointer must be dismissable without moving it (WCAG 1.4.13):
 * Escape hides it until the pointer moves over the chart again.
 */
export function useDismissOnEscape(): { dismissed: boolean; onPointerMove: () => void } {
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDismissed(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return {
    dismissed,
    onPointerMove: () => {
      if (dismissed) setDismissed(false);
    },
  };
}
