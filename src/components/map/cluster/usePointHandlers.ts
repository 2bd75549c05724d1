import { useCallback, useEffect, useRef } from 'react';

type PointHandlers = { click: () => void; mouseover: () => void; mouseout: () => void };

/**
 * One handler object per point for its lifetime: new objects made react-leaflet unbind and rebind
 * every marker's events on each render. The handlers call the latest callbacks.
 */
export function usePointHandlers(
  onSelect: ((id: string) => void) | undefined,
  onHover: ((id: string | null) => void) | undefined,
): (id: string) => PointHandlers {
  const latest = useRef({ onSelect, onHover });
  useEffect(() => {
    latest.current = { onSelect, onHover };
  }, [onSelect, onHover]);
  const cache = useRef(new Map<string, PointHandlers>());
  return useCallback((id: string) => {
    let found = cache.current.get(id);
    if (!found) {
      found = {
        click: () => latest.current.onSelect?.(id),
        mouseover: () => latest.current.onHover?.(id),
        mouseout: () => latest.current.onHover?.(null),
      };
      cache.current.set(id, found);
    }
    return found;
  }, []);
}
