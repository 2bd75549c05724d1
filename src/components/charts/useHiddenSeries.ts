import { useCallback, useState } from 'react';

/** Which series the reader has hidden (by name, or id), and the toggle the legend calls. */
export function useHiddenSeries(): [ReadonlySet<string>, (name: string) => void] {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  // One function for the chart's life, so a memoised legend is not drawn again with each new row.
  const toggle = useCallback(
    (name: string) =>
      setHidden((current) => {
        const next = new Set(current);
        if (next.has(name)) next.delete(name);
        else next.add(name);
        return next;
      }),
    [],
  );
  return [hidden, toggle];
}
