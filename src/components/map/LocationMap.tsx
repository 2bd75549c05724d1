import 'leaflet/dist/leaflet.css';
import { useId, useMemo, type ReactNode } from 'react';
import { MapContainer } from 'react-leaflet';
import { describeDrawn } from './a11y/describeDrawn';
import { MapAccessibleName } from './a11y/MapAccessibleName';
import { useDrawnCounts } from './a11y/useDrawnCounts';
import { BasemapLayer } from './basemap/BasemapLayer';
import { OnlineTileLayer } from './basemap/OnlineTileLayer';
import { ClusterLayer } from './cluster/ClusterLayer';
import type { ClusterStyle } from './cluster/clusterLook';
import type { MapPoint } from './cluster/clusters';
import styles from './LocationMap.module.css';
import { HighlightMarker } from './markers/HighlightMarker';
import { RingedMarkers } from './markers/RingedMarkers';
import { OriginLines, OriginMarker, type MapOrigin } from './markers/SearchOrigin';
import { SelectionMarker } from './markers/SelectionMarker';
import { useMapColors } from './useMapColors';
import { FollowSelection } from './view/FollowSelection';
import type { MapView } from './view/mapView';
import { ViewSync } from './view/ViewSync';

export interface LocationMapProps {
  /** The accessible name of the map region. */
  label: string;
  points: readonly MapPoint[];
  view: MapView;
  onViewChange?: (view: MapView) => void;
  selectedId?: string | null;
  highlightedId?: string | null;
  onSelect?: (id: string) => void;
  onHover?: (id: string | null) => void;
  /** A click on the map itself (not on a marker), rounded to 4 decimals. */
  onMapClick?: (lat: number, lon: number) => void;
  /** A nearby search's point, with lines to `linked`. */
  origin?: MapOrigin | null;
  linked?: readonly MapPoint[];
  /** Points that belong to a selected aggregate without a place of its own (a load zone's nodes), ringed. */
  members?: readonly MapPoint[];
  /** Popup content of the selected point: React children, so data is always text, never HTML. */
  renderPopup?: (point: MapPoint) => ReactNode;
  onPopupClose?: () => void;
  /** Content of a hovered point's tooltip (default its label): React children, so data stays text. */
  renderTooltip?: (point: MapPoint) => ReactNode;
  /**
   * How a cluster looks, from its members (default a slate circle with its count): a caller
   * colouring points by value shows the members' mean, and says more in `label`.
   */
  clusterStyle?: ClusterStyle;
  /** Marker outlines in the theme's text colour rather than its background (for pale fills). */
  strongOutline?: boolean;
  /** Merge nearby points into counted circles when zoomed out (default on). */
  cluster?: boolean;
  minZoom?: number;
  maxZoom?: number;
}

/**
 * ERCOT's locations on an offline basemap: circle markers on one canvas, clustered when zoomed
 * out, with the selected and hovered points drawn on top. Knows nothing of pricing locations: the
 * caller maps its data to points, colours and popup content. Each layer is a module of its own;
 * they are listed in the order Leaflet adds them, so a later one draws on top of an earlier one.
 */
export function LocationMap({
  label,
  points,
  view,
  onViewChange,
  selectedId = null,
  highlightedId = null,
  onSelect,
  onHover,
  onMapClick,
  origin = null,
  linked = [],
  members = [],
  renderPopup,
  onPopupClose,
  renderTooltip,
  clusterStyle,
  strongOutline = false,
  cluster = true,
  minZoom = 4,
  maxZoom = 14,
}: LocationMapProps) {
  const colors = useMapColors(strongOutline);
  const summaryId = useId();
  const [drawn, updateDrawn] = useDrawnCounts();
  const byId = useMemo(() => {
    const map = new Map<string, MapPoint>();
    for (const p of points) map.set(p.id, p);
    for (const p of linked) map.set(p.id, p);
    return map;
  }, [points, linked]);
  const selected = selectedId ? byId.get(selectedId) : undefined;
  const highlighted = highlightedId && highlightedId !== selectedId ? byId.get(highlightedId) : undefined;

  return (
    <>
      <MapContainer
        className={styles.map}
        center={[view.lat, view.lon]}
        zoom={view.zoom}
        minZoom={minZoom}
        maxZoom={maxZoom}
        preferCanvas
        keyboard
        worldCopyJump={false}
        attributionControl
      >
        <MapAccessibleName label={label} describedBy={summaryId} />
        <ViewSync view={view} onViewChange={onViewChange} onMapClick={onMapClick} />
        <OnlineTileLayer />
        <BasemapLayer />
        <ClusterLayer
          points={points}
          enabled={cluster}
          maxZoom={maxZoom}
          stroke={colors.stroke}
          clusterStroke={colors.clusterStroke}
          onDrawn={updateDrawn}
          onSelect={onSelect}
          onHover={onHover}
          clusterStyle={clusterStyle}
        />
        {origin && <OriginLines origin={origin} linked={linked} color={colors.accent} />}
        <RingedMarkers
          points={linked}
          keyPrefix="near"
          radius={7}
          ring={colors.accent}
          ringWeight={2.5}
          onSelect={onSelect}
          onHover={onHover}
        />
        <RingedMarkers
          points={members}
          keyPrefix="member"
          radius={6}
          ring={colors.text}
          ringWeight={2}
          onSelect={onSelect}
          onHover={onHover}
        />
        {origin && <OriginMarker origin={origin} outline={colors.text} fill={colors.background} />}
        {highlighted && (
          <HighlightMarker
            point={highlighted}
            outline={colors.text}
            renderTooltip={renderTooltip}
            onSelect={onSelect}
            onHover={onHover}
          />
        )}
        <FollowSelection id={selectedId} point={selected} />
        {selected && (
          <SelectionMarker
            point={selected}
            outline={colors.text}
            renderPopup={renderPopup}
            onPopupClose={onPopupClose}
          />
        )}
      </MapContainer>
      <p id={summaryId} className={styles.visuallyHidden}>
        {describeDrawn(drawn, origin ? linked.length : 0)}
      </p>
    </>
  );
}
