import 'leaflet/dist/leaflet.css';
import { DomUtil, latLng, svg, type PathOptions, type Point, type Tooltip as LeafletTooltip } from 'leaflet';
import {
  createContext,
  memo,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  CircleMarker,
  GeoJSON,
  MapContainer,
  Pane,
  Polyline,
  Popup,
  TileLayer,
  Tooltip,
  useMap,
  useMapEvents,
} from 'react-leaflet';
import { basemapOptions, type BasemapKind } from './basemap/basemap';
import {
  clusterRadius,
  createClusterIndex,
  positionsKey,
  type Bounds,
  type ClusterItem,
  type MapPoint,
} from './cluster/clusters';
import { countDrawn, describeDrawn, type DrawnCounts } from './a11y/describeDrawn';
import styles from './LocationMap.module.css';
import { CLUSTER_FILL, CLUSTER_OUTLINE_FALLBACK, CLUSTER_OUTLINE_VAR } from './cluster/markerColors';
import { isUsableTileUrl, useTileUrl } from './basemap/tileUrlSetting';

export interface MapView {
  lat: number;
  lon: number;
  zoom: number;
}

export interface MapOrigin {
  lat: number;
  lon: number;
  label: string;
}

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
  clusterStyle?: (members: readonly MapPoint[]) => ClusterLook;
  /** Marker outlines in the theme's text colour rather than its background (for pale fills). */
  strongOutline?: boolean;
  /** Merge nearby points into counted circles when zoomed out (default on). */
  cluster?: boolean;
  minZoom?: number;
  maxZoom?: number;
}

export interface ClusterLook {
  fill: string;
  /** Printed on the circle. */
  text: string;
  textColor: string;
  /** The accessible name of the circle's text. */
  label: string;
}

export function round4(value: number): number {
  return Math.round(value * 1e4) / 1e4;
}

const BASEMAP_PANE = 'basemap';

const KIND_CLASS: Record<BasemapKind, string | undefined> = {
  state: styles.state,
  neighbour: styles.neighbour,
  counties: styles.counties,
};

/** Canvas cannot read CSS variables, so marker outlines follow the theme through this. */
function subscribeTheme(listener: () => void): () => void {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}
function useCssColor(name: string, fallback: string): string {
  const read = (): string =>
    getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
  return useSyncExternalStore(subscribeTheme, read, () => fallback);
}

function AccessibleName({ label, describedBy }: { label: string; describedBy: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-roledescription', 'map');
    container.setAttribute('aria-label', label);
    container.setAttribute('aria-describedby', describedBy);
  }, [map, label, describedBy]);
  return null;
}

/**
 * A selection made elsewhere (a list row's "Show on map", a nearby result) brings its point into
 * view; the zoom stays, so the user keeps their sense of scale. A view restored from a shared link
 * is left alone: only a change of selection after mount moves the map.
 */
function FollowSelection({ id, point }: { id: string | null; point: MapPoint | undefined }) {
  const map = useMap();
  const lastId = useRef(id);
  const pending = useRef(false);
  useEffect(() => {
    if (id !== lastId.current) {
      lastId.current = id;
      pending.current = id !== null;
    }
    if (!pending.current || !point) return;
    pending.current = false;
    // Inset so a point on the very edge (its popup cut off) also counts as off-screen.
    const visible = map.getBounds().pad(-0.1);
    if (!visible.contains([point.lat, point.lon])) {
      map.setView([point.lat, point.lon], map.getZoom(), { animate: false });
    }
  }, [map, id, point]);
  return null;
}

function ViewSync({
  view,
  onViewChange,
  onMapClick,
}: Pick<LocationMapProps, 'view' | 'onViewChange' | 'onMapClick'>) {
  const map = useMapEvents({
    moveend() {
      const c = map.getCenter();
      onViewChange?.({ lat: round4(c.lat), lon: round4(c.lng), zoom: map.getZoom() });
    },
    click(event) {
      onMapClick?.(round4(event.latlng.lat), round4(event.latlng.lng));
    },
  });
  // A view from outside (back/forward, a link) moves the map; our own moves come back equal.
  useEffect(() => {
    const c = map.getCenter();
    if (round4(c.lat) !== view.lat || round4(c.lng) !== view.lon || map.getZoom() !== view.zoom) {
      map.setView([view.lat, view.lon], view.zoom);
    }
  }, [map, view.lat, view.lon, view.zoom]);
  return null;
}

function Basemap() {
  const query = useQuery(basemapOptions());
  // Basemap paths go to SVG so CSS (and the theme's variables) colour them; markers stay on canvas.
  const renderer = useMemo(() => svg({ padding: 0.5, pane: BASEMAP_PANE }), []);
  if (!query.data) return null;
  return (
    <GeoJSON
      pane={BASEMAP_PANE}
      data={query.data}
      interactive={false}
      style={(feature) => {
        const kind = (feature?.properties as { kind?: BasemapKind } | undefined)?.kind ?? 'counties';
        const options: PathOptions & { renderer: typeof renderer } = {
          className: KIND_CLASS[kind] ?? '',
          renderer,
          weight: kind === 'counties' ? 0.6 : kind === 'state' ? 1.5 : 1,
          fill: kind !== 'counties',
        };
        return options;
      }}
    />
  );
}

const POPUP_OFFSET: [number, number] = [0, -6];

/**
 * The selected point's popup. react-leaflet re-opens a popup whenever its `position` or
 * `eventHandlers` change identity, so fresh literals on every map render made the close button
 * (and Escape) useless: the popup closed and was opened again at once. Both are kept stable here.
 */
function SelectionPopup({
  point,
  onClose,
  children,
}: {
  point: MapPoint;
  onClose: (() => void) | undefined;
  children: ReactNode;
}) {
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);
  const position = useMemo(() => latLng(point.lat, point.lon), [point.lat, point.lon]);
  const eventHandlers = useMemo(() => ({ remove: () => onCloseRef.current?.() }), []);
  return (
    <Popup position={position} offset={POPUP_OFFSET} eventHandlers={eventHandlers}>
      {children}
    </Popup>
  );
}

interface ClusterLayerProps {
  points: readonly MapPoint[];
  enabled: boolean;
  maxZoom: number;
  stroke: string;
  clusterStroke: string;
  onDrawn: (counts: DrawnCounts) => void;
  onSelect: ((id: string) => void) | undefined;
  onHover: ((id: string | null) => void) | undefined;
  clusterStyle: LocationMapProps['clusterStyle'];
}

/**
 * The same `[lat, lon]` array for a marker whose place did not change. react-leaflet moves a
 * marker whenever `center` is a new array, and a move redraws it and repositions its tooltip:
 * recolouring hundreds of markers paid for hundreds of moves.
 */
function useStableCenters(): (key: string, lat: number, lon: number) => [number, number] {
  const cache = useRef(new Map<string, [number, number]>());
  return useCallback((key: string, lat: number, lon: number) => {
    const known = cache.current.get(key);
    if (known && known[0] === lat && known[1] === lon) return known;
    const center: [number, number] = [lat, lon];
    cache.current.set(key, center);
    return center;
  }, []);
}

type PointHandlers = { click: () => void; mouseover: () => void; mouseout: () => void };

/** One handler object per point for its lifetime: new objects made react-leaflet unbind and rebind every marker's events on each render. */
function usePointHandlers(
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

const ClusterLooks = createContext<ReadonlyMap<number, ClusterLook | undefined>>(new Map());

/**
 * A cluster's text. It reads its look from context, so a new mean re-renders only this span: the
 * tooltip around it is memoised, because every render of a react-leaflet Tooltip calls Leaflet's
 * `update()`, which measures the tooltip (a forced layout) — once per cluster per recolouring.
 * A fixed minimum width keeps the centred text centred when its length changes.
 */
function ClusterText({ clusterId, count }: { clusterId: number; count: number }) {
  const look = useContext(ClusterLooks).get(clusterId);
  return (
    <span
      role="img"
      aria-label={look?.label ?? `Cluster of ${count} locations`}
      className={look ? styles.clusterValue : undefined}
      style={look ? { color: look.textColor } : undefined}
    >
      {look?.text ?? count}
    </span>
  );
}

/**
 * Leaflet places a tooltip by measuring it (offsetWidth and offsetHeight, a forced layout), one
 * after another as each is added: a hundred cluster labels cost about 100 ms of layouts on the
 * price map's first paint. A cluster's label is centred on its point by CSS instead (its box has
 * no size, its text is translated by half its own size), so it is placed at the point, unmeasured.
 */
function centreWithoutMeasuring(tooltip: LeafletTooltip | null): void {
  if (tooltip === null) return;
  (tooltip as unknown as { _setPosition: (pos: Point) => void })._setPosition = (pos) => {
    const element = tooltip.getElement();
    if (element) DomUtil.setPosition(element, pos);
  };
}

const ClusterTooltip = memo(function ClusterTooltip({
  clusterId,
  count,
}: {
  clusterId: number;
  count: number;
}) {
  return (
    <Tooltip ref={centreWithoutMeasuring} permanent direction="center" className={styles.clusterCount}>
      <ClusterText clusterId={clusterId} count={count} />
    </Tooltip>
  );
});

function currentBounds(map: ReturnType<typeof useMap>): Bounds {
  const b = map.getBounds().pad(0.2);
  return [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()];
}

function ClusterLayer({
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
  // The KD-trees depend on positions only: a recolouring (new points, same places) reuses them.
  const key = useMemo(() => positionsKey(points), [points]);
  const built = useMemo(
    () => createClusterIndex(points, { maxZoom: enabled ? maxZoom - 4 : 0 }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when positions change, not colours
    [key, enabled, maxZoom],
  );
  const index = useMemo(() => built.withPoints(points), [built, points]);
  const centers = useStableCenters();
  const handlers = usePointHandlers(onSelect, onHover);
  const [frame, setFrame] = useState(() => ({ bounds: currentBounds(map), zoom: map.getZoom() }));
  useMapEvents({
    moveend() {
      setFrame({ bounds: currentBounds(map), zoom: map.getZoom() });
    },
  });
  const items: ClusterItem[] = useMemo(
    () =>
      enabled
        ? index.itemsIn(frame.bounds, frame.zoom)
        : points.map((point) => ({ kind: 'point' as const, point })),
    [enabled, index, frame, points],
  );
  useEffect(() => onDrawn(countDrawn(items)), [items, onDrawn]);
  const looks = useMemo(() => {
    const out = new Map<number, ClusterLook | undefined>();
    for (const item of items) {
      if (item.kind === 'cluster') out.set(item.clusterId, clusterStyle?.(index.leaves(item.clusterId)));
    }
    return out;
  }, [items, index, clusterStyle]);
  return (
    <ClusterLooks.Provider value={looks}>
      {items.map((item) => {
        if (item.kind === 'cluster') {
          const look = looks.get(item.clusterId);
          return (
            <CircleMarker
              key={`c${item.clusterId}`}
              center={centers(`c${item.clusterId}`, item.lat, item.lon)}
              radius={clusterRadius(item.count)}
              bubblingMouseEvents={false}
              pathOptions={{
                color: clusterStroke,
                weight: 2,
                fillColor: look?.fill ?? CLUSTER_FILL,
                fillOpacity: look ? 1 : 0.85,
              }}
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

/**
 * ERCOT's locations on an offline basemap: circle markers on one canvas, clustered when zoomed
 * out, with the selected and hovered points drawn on top. Knows nothing of pricing locations: the
 * caller maps its data to points, colours and popup content.
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
  const [tileUrl] = useTileUrl();
  const background = useCssColor('--color-bg', '#ffffff');
  const accent = useCssColor('--color-accent', '#0b5cad');
  const text = useCssColor('--color-text', '#1a1f26');
  const clusterStroke = useCssColor(CLUSTER_OUTLINE_VAR, CLUSTER_OUTLINE_FALLBACK);
  const stroke = strongOutline ? text : background;
  const summaryId = useId();
  const [drawn, setDrawn] = useState<DrawnCounts>(() => countDrawn([]));
  // A recolouring draws the same things: keeping the old counts spares a second render of every marker.
  const updateDrawn = useCallback(
    (next: DrawnCounts) => setDrawn((prev) => (JSON.stringify(prev) === JSON.stringify(next) ? prev : next)),
    [],
  );
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
        <AccessibleName label={label} describedBy={summaryId} />
        <ViewSync view={view} onViewChange={onViewChange} onMapClick={onMapClick} />
        {isUsableTileUrl(tileUrl) && <TileLayer url={tileUrl} attribution="Tiles: your tile server" />}
        {/* Below the overlay pane (z 400), or the opaque land would hide the marker canvas. */}
        <Pane name={BASEMAP_PANE} style={{ zIndex: 250 }}>
          <Basemap />
        </Pane>
        <ClusterLayer
          points={points}
          enabled={cluster}
          maxZoom={maxZoom}
          stroke={stroke}
          clusterStroke={clusterStroke}
          onDrawn={updateDrawn}
          onSelect={onSelect}
          onHover={onHover}
          clusterStyle={clusterStyle}
        />
        {origin &&
          linked.map((p) => (
            <Polyline
              key={`line-${p.id}`}
              positions={[
                [origin.lat, origin.lon],
                [p.lat, p.lon],
              ]}
              interactive={false}
              pathOptions={{ color: accent, weight: 1.5, opacity: 0.8, dashArray: '4 4' }}
            />
          ))}
        {linked.map((p) => (
          <CircleMarker
            key={`near-${p.id}`}
            center={[p.lat, p.lon]}
            radius={7}
            bubblingMouseEvents={false}
            pathOptions={{ color: accent, weight: 2.5, fillColor: p.color, fillOpacity: 1 }}
            eventHandlers={{
              click: () => onSelect?.(p.id),
              mouseover: () => onHover?.(p.id),
              mouseout: () => onHover?.(null),
            }}
          />
        ))}
        {members.map((p) => (
          <CircleMarker
            key={`member-${p.id}`}
            center={[p.lat, p.lon]}
            radius={6}
            bubblingMouseEvents={false}
            pathOptions={{ color: text, weight: 2, fillColor: p.color, fillOpacity: 1 }}
            eventHandlers={{
              click: () => onSelect?.(p.id),
              mouseover: () => onHover?.(p.id),
              mouseout: () => onHover?.(null),
            }}
          />
        ))}
        {origin && (
          <CircleMarker
            key={`origin-${origin.lat},${origin.lon}`}
            center={[origin.lat, origin.lon]}
            radius={6}
            interactive={false}
            pathOptions={{ color: text, weight: 3, fillColor: background, fillOpacity: 1 }}
          >
            <Tooltip permanent direction="top" offset={[0, -8]}>
              {origin.label}
            </Tooltip>
          </CircleMarker>
        )}
        {highlighted && (
          <CircleMarker
            key={`hl-${highlighted.id}`}
            center={[highlighted.lat, highlighted.lon]}
            radius={9}
            bubblingMouseEvents={false}
            pathOptions={{ color: text, weight: 3, fillColor: highlighted.color, fillOpacity: 1 }}
            eventHandlers={{ click: () => onSelect?.(highlighted.id), mouseout: () => onHover?.(null) }}
          >
            <Tooltip permanent direction="top" offset={[0, -10]}>
              {renderTooltip ? renderTooltip(highlighted) : highlighted.label}
            </Tooltip>
          </CircleMarker>
        )}
        <FollowSelection id={selectedId} point={selected} />
        {selected && (
          <>
            <CircleMarker
              key={`sel-${selected.id}`}
              center={[selected.lat, selected.lon]}
              radius={10}
              bubblingMouseEvents={false}
              pathOptions={{ color: text, weight: 3, fillColor: selected.color, fillOpacity: 1 }}
            />
            {renderPopup && (
              <SelectionPopup key={`popup-${selected.id}`} point={selected} onClose={onPopupClose}>
                {renderPopup(selected)}
              </SelectionPopup>
            )}
          </>
        )}
      </MapContainer>
      <p id={summaryId} className={styles.visuallyHidden}>
        {describeDrawn(drawn, origin ? linked.length : 0)}
      </p>
    </>
  );
}
