import { legendColors, legendText, type ColorScale } from './colorScale';
import styles from './PriceMapPage.module.css';

/**
 * The scale as a bar with its ends and middle, and the same in one sentence (read by screen
 * readers). The bar holds only the colours the scale draws with, so each label sits under the
 * colour its value is drawn in.
 */
export function PriceLegend({
  scale,
  title,
  centerName,
  noun,
  emptyText = 'No prices at this interval.',
}: {
  scale: ColorScale | null;
  title: string;
  centerName: string;
  /** What a marker shows: `price`, or `value` for a basis or DART map. */
  noun: string;
  emptyText?: string;
}) {
  const shown = scale !== null && scale.count > 0 ? scale : null;
  const text = shown ? legendText(shown, centerName, noun) : null;
  const colors = shown ? legendColors(shown) : [];
  return (
    <section aria-label="Legend" className={styles.legend}>
      <h2 className={styles.legendTitle}>{title}</h2>
      {/* Hidden rather than left out while there is no scale, so the page does not shift when it comes. */}
      <div
        className={styles.gradient}
        style={{
          background: colors.length > 1 ? `linear-gradient(to right, ${colors.join(', ')})` : colors[0],
          visibility: text ? undefined : 'hidden',
        }}
        data-testid="legend-bar"
        aria-hidden="true"
      />
      <div className={styles.ticks} aria-hidden="true">
        <span>{text?.low ?? ''}</span>
        <span>{text?.mid ?? ''}</span>
        <span>{text?.high ?? ''}</span>
      </div>
      <p className={styles.legendText} data-testid="legend-summary">
        {text?.summary ?? emptyText}
      </p>
    </section>
  );
}
