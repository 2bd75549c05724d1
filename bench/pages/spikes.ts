/**
 * Whether every spike survives decimation: a point above the 99.9th percentile is visible when
 * the drawn series has a point at least as high within the same pixel column.
 */
import type { Point } from '@/lib/decimate';
import { quantile } from './benchData';
import type { SpikeCheck } from './pageBench';

export function checkSpikes(
  points: readonly Point[],
  drawn: readonly Point[],
  pixelWidth: number,
  pathVertices: number | null,
): SpikeCheck {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return { spikes: 0, visible: 0, drawnPoints: drawn.length, pathVertices };
  const threshold = quantile(
    points.map((p) => p.y),
    0.999,
  );
  const column = (last.x - first.x) / pixelWidth;
  const sorted = [...drawn].sort((a, b) => a.x - b.x);
  let spikes = 0;
  let visible = 0;
  for (const p of points) {
    if (p.y <= threshold) continue;
    spikes += 1;
    // Binary search to the first drawn point at or after p.x − column.
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((sorted[mid]?.x ?? Infinity) < p.x - column) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < sorted.length; i++) {
      const d = sorted[i];
      if (!d || d.x > p.x + column) break;
      if (d.y >= p.y) {
        visible += 1;
        break;
      }
    }
  }
  return { spikes, visible, drawnPoints: drawn.length, pathVertices };
}
