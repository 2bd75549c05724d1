import { clusterRadius, createClusterIndex, type MapPoint } from './clusters';

function point(id: string, lat: number, lon: number): MapPoint {
  return { id, lat, lon, color: '#000', label: id };
}

// Three points around Houston a few km apart, and one in El Paso.
const POINTS = [
  point('a', 29.76, -95.37),
  point('b', 29.77, -95.36),
  point('c', 29.75, -95.38),
  point('d', 31.76, -106.49),
];
const TEXAS: [number, number, number, number] = [-107, 25, -93, 37];

describe('cluster index', () => {
  it('merges nearby points into one counted cluster when zoomed out', () => {
    const items = createClusterIndex(POINTS).itemsIn(TEXAS, 5);
    const clusters = items.filter((i) => i.kind === 'cluster');
    expect(clusters).toHaveLength(1);
    expect(clusters[0]).toMatchObject({ count: 3 });
    expect(items.flatMap((i) => (i.kind === 'point' ? [i.point.id] : []))).toEqual(['d']);
  });

  it('shows every point alone when zoomed in past the cluster zoom', () => {
    const index = createClusterIndex(POINTS, { maxZoom: 10 });
    const items = index.itemsIn(TEXAS, 11);
    expect(items.every((i) => i.kind === 'point')).toBe(true);
    expect(items).toHaveLength(4);
  });

  it('tells the zoom at which a cluster splits, for click-to-zoom', () => {
    const index = createClusterIndex(POINTS);
    const cluster = index.itemsIn(TEXAS, 5).find((i) => i.kind === 'cluster');
    if (cluster?.kind !== 'cluster') throw new Error('expected a cluster');
    expect(index.expansionZoom(cluster.clusterId)).toBeGreaterThan(5);
  });

  it('returns only what is inside the view', () => {
    const items = createClusterIndex(POINTS).itemsIn([-107, 31, -106, 32], 8);
    expect(items).toEqual([{ kind: 'point', point: POINTS[3] }]);
  });

  it('grows cluster circles slowly with their count', () => {
    expect(clusterRadius(2)).toBeLessThan(clusterRadius(300));
    expect(clusterRadius(300)).toBeLessThanOrEqual(24);
  });
});
