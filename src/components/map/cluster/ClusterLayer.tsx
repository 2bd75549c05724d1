import { useEffect, useMemo } from 'react';
import { CircleMarker, useMap } from 'react-leaflet';
import { countDrawn, type DrawnCounts } from '../a11y/describeDrawn';
import { clusterLooks, clusterPathOptions, type ClusterStyle } from './clusterLook';
import { clusterRadius, type MapPoint } from './clusters';
import { ClusterLooks, ClusterTooltip } from './ClusterTooltip';
import { useClusterItems } from './useClusterItems';
import { usePointHandlers } from './usePointHandlers';
import { useStableCenters } from './useStableCenters';

interface ClusterLayerProps {
  points: readonly MapPoint[];
  enabled: boolean;
  maxZoom: number;
  /** The outline of single markers. */
  stroke: string;
  clusterStroke: string;
  /** Told what is drawn after every change, for the map's spoken summary. */
  onDrawn: (counts: DrawnCounts) => void;
  onSelect: ((id: string) => void) | undefined;
  onHover: ((id: string | null) => void) | undefined;
  clusterStyle: ClusterStyle | undefined;
}

/**
 * Every point of the map, merged into counted circles when zoomed out: a click on a cluster zooms
 * to where it splits, a click on a single marker selects it.
 */
export function ClusterLayer({
  points,
  enabled,
  maxZoom,
  stroke,
  clusterStroke,
  onDrawn,
  onSelect,
  onHover,
  clusterStyle,
}: ClusterLayerProps) {
  const map = useMap();
  const { index, items } = useClusterItems(points, enabled, maxZoom);
  const centers = useStableCenters();
  const handlers = usePointHandlers(onSelect, onHover);
  useEffect(() => onDrawn(countDrawn(items)), [items, onDrawn]);
  const looks = useMemo(() => clusterLooks(items, index, clusterStyle), [items, index, clusterStyle]);
  return (
    <ClusterLooks.Provider value={looks}>
      {items.map((item) => {
        if (item.kind === 'cluster') {
          return (
            <CircleMarker
              key={`c${item.clusterId}`}
              center={centers(`c${item.clusterId}`, item.lat, item.lon)}
              radius={clusterRadius(item.count)}
              bubblingMouseEvents={false}
              pathOptions={clusterPathOptions(looks.get(item.clusterId), clusterStroke)}
              eventHandlers={{
                click: () =>
                  map.setView([item.lat, item.lon], Math.min(index.expansionZoom(item.clusterId), maxZoom)),
              }}
            >
              <ClusterTooltip clusterId={item.clusterId} count={item.count} />
            </CircleMarker>
          );
        }
        return (
          <CircleMarker
            key={item.point.id}
            center={centers(item.point.id, item.point.lat, item.point.lon)}
            radius={5}
            bubblingMouseEvents={false}
            pathOptions={{ color: stroke, weight: 1, fillColor: item.point.color, fillOpacity: 0.95 }}
            eventHandlers={handlers(item.point.id)}
          />
        );
      })}
    </ClusterLooks.Provider>
  );
}
