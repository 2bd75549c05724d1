import { useCallback, useState } from 'react';
import { countDrawn, type DrawnCounts } from './describeDrawn';

/**
 * What the cluster layer last drew, for the map's spoken summary. A recolouring draws the same
 * things: keeping the old counts then spares a second render of every marker.
 */
export function useDrawnCounts(): [DrawnCounts, (next: DrawnCounts) => void] {
  const [drawn, setDrawn] = useState<DrawnCounts>(() => countDrawn([]));
  const update = useCallback(
    (next: DrawnCounts) => setDrawn((prev) => (JSON.stringify(prev) === JSON.stringify(next) ? prev : next)),
    [],
  );
  return [drawn, update];
}
