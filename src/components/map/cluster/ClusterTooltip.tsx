import { DomUtil, type Point, type Tooltip as LeafletTooltip } from 'leaflet';
import { createContext, memo, useContext } from 'react';
import { Tooltip } from 'react-leaflet';
import styles from '../LocationMap.module.css';
import { clusterName, type ClusterLook } from './clusterLook';

/** Each cluster's look, by cluster id, provided by the cluster layer. */
export const ClusterLooks = createContext<ReadonlyMap<number, ClusterLook | undefined>>(new Map());

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
      aria-label={clusterName(look, count)}
      className={look ? styles.clusterValue : undefined}
      style={look ? { color: look.textColor } : undefined}
    >
      {look?.text ?? count}
    </span>
  );
}

/**
 * Leaflet places a tooltip by measuring it (offsetWidth and offsetHeight, a forced layout), one
 * after another as each is added: a hundred cluster labels meant a hundred forced layouts on the
 * price map's first paint (bench price-map). A cluster's label is centred on its point by CSS
 * instead (its box has no size, its text is translated by half its own size), so it is placed at
 * the point, unmeasured.
 */
function centreWithoutMeasuring(tooltip: LeafletTooltip | null): void {
  if (tooltip === null) return;
  (tooltip as unknown as { _setPosition: (pos: Point) => void })._setPosition = (pos) => {
    const element = tooltip.getElement();
    if (element) DomUtil.setPosition(element, pos);
  };
}

/** The count (or the caller's value) printed on a cluster circle, with its accessible name. */
export const ClusterTooltip = memo(function ClusterTooltip({
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
