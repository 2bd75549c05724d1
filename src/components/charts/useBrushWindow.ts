import { useState } from 'react';
import type { BrushWindow } from './ChartBrush';

/** The zoom bar's window over `rows`: all of them until the user zooms, and again for new rows. */
export function useBrushWindow(rows: readonly unknown[]): [BrushWindow, (w: BrushWindow) => void] {
  const whole = { start: 0, end: Math.max(0, rows.length - 1) };
  const [zoom, setZoom] = useState<{ rows: readonly unknown[]; window: BrushWindow } | null>(null);
  const window = zoom !== null && zoom.rows === rows ? zoom.window : whole;
  return [window, (w) => setZoom({ rows, window: w })];
}
