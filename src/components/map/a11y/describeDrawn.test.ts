import type { ClusterItem, MapPoint } from '../cluster/clusters';
import { countDrawn, describeDrawn } from './describeDrawn';

const point = (id: string): ClusterItem => ({
  kind: 'point',
  point: { id, lat: 30, lon: -95, color: '#000', label: id } satisfies MapPoint,
});
const cluster = (clusterId: number, count: number): ClusterItem => ({
  kind: 'cluster',
  clusterId,
  lat: 30,
  lon: -95,
  count,
});

describe('describeDrawn', () => {
  it('adds cluster members and single markers up to the locations in view', () => {
    const counts = countDrawn([cluster(1, 40), point('a'), cluster(2, 3), point('b')]);
    expect(counts).toEqual({ locations: 45, clusters: 2, clustered: 43, singles: 2 });
    expect(describeDrawn(counts, 0)).toBe(
      '45 locations in view: 2 clusters of 43 locations and 2 single markers.',
    );
  });

  it('speaks in the singular for one of each and mentions nearby results', () => {
    expect(describeDrawn(countDrawn([cluster(1, 1), point('a')]), 1)).toBe(
      '2 locations in view: 1 cluster of 1 location and 1 single marker. 1 nearby result linked to the search point.',
    );
  });

  it('says so when nothing is in view', () => {
    expect(describeDrawn(countDrawn([]), 0)).toBe('No locations in view.');
  });
});
