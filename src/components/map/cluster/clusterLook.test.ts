import { clusterLooks, clusterName, clusterPathOptions, type ClusterLook } from './clusterLook';
import type { ClusterItem, MapPoint } from './clusters';
import { CLUSTER_FILL } from './markerColors';

const point = (id: string, color = '#000000'): MapPoint => ({ id, lat: 30, lon: -95, color, label: id });
const cluster = (clusterId: number, count: number): ClusterItem => ({
  kind: 'cluster',
  clusterId,
  lat: 30,
  lon: -95,
  count,
});

const MEMBERS: Record<number, MapPoint[]> = {
  1: [point('a', '#111111'), point('b', '#222222')],
  2: [point('c', '#333333'), point('d', '#444444'), point('e', '#555555')],
};

/** A stand-in index that counts how often a cluster's members are gathered. */
function fakeIndex() {
  const asked: number[] = [];
  return {
    asked,
    leaves: (clusterId: number): MapPoint[] => {
      asked.push(clusterId);
      return MEMBERS[clusterId] ?? [];
    },
  };
}

const summarise = (members: readonly MapPoint[]): ClusterLook => ({
  fill: members[0]?.color ?? '#000000',
  text: String(members.length),
  textColor: '#ffffff',
  label: `${members.length} members, first ${members[0]?.id ?? 'none'}`,
});

describe('clusterLooks', () => {
  it('summarises each cluster in view from its own members, and skips single points', () => {
    const index = fakeIndex();
    const looks = clusterLooks(
      [cluster(1, 2), { kind: 'point', point: point('z') }, cluster(2, 3)],
      index,
      summarise,
    );
    expect([...looks.keys()]).toEqual([1, 2]);
    expect(looks.get(1)).toMatchObject({ fill: '#111111', text: '2', label: '2 members, first a' });
    expect(looks.get(2)).toMatchObject({ fill: '#333333', text: '3', label: '3 members, first c' });
  });

  it('leaves clusters unstyled, without gathering their members, when there is no style', () => {
    const index = fakeIndex();
    const looks = clusterLooks([cluster(1, 2), cluster(2, 3)], index, undefined);
    expect([...looks.entries()]).toEqual([
      [1, undefined],
      [2, undefined],
    ]);
    expect(index.asked).toEqual([]);
  });
});

describe('a cluster circle', () => {
  const look: ClusterLook = { fill: '#aa0000', text: '$42', textColor: '#ffffff', label: 'Mean price $42' };

  it('is named by its count, or by the words of its style', () => {
    expect(clusterName(undefined, 12)).toBe('Cluster of 12 locations');
    expect(clusterName(look, 12)).toBe('Mean price $42');
  });

  it('is a see-through slate circle by default, and opaque in its style’s colour', () => {
    expect(clusterPathOptions(undefined, '#4f5966')).toEqual({
      color: '#4f5966',
      weight: 2,
      fillColor: CLUSTER_FILL,
      fillOpacity: 0.85,
    });
    expect(clusterPathOptions(look, '#4f5966')).toMatchObject({ fillColor: '#aa0000', fillOpacity: 1 });
  });
});
