import { COLOR_LUT, legendText, type ColorScale } from './colorScale';
import styles from './PriceMapPage.module.css';

const GRADIENT = `linear-gradient(to right, ${COLOR_LUT.filter((_, i) => i % 10 === 0).join(', ')})`;

/** The scale as a bar with its ends and centre, and the same in one sentence (read by screen readers). */
export function PriceLegend({
  scale,
  title,
  centerName,
}: {
  scale: ColorScale | null;
  title: string;
  centerName: string;
}) {
  const text = scale ? legendText(scale, centerName) : null;
  return (
    <section aria-label="Legend" className={styles.legend}>
      <h2 className={styles.legendTitle}>{title}</h2>
      <div className={styles.gradient} style={{ background: GRADIENT }} aria-hidden="true" />
      <div className={styles.ticks} aria-hidden="true">
        <span>{text?.low ?? ''}</span>
        <span>{text?.mid ?? ''}</span>
        <span>{text?.high ?? ''}</span>
      </div>
      <p className={styles.legendText} data-testid="legend-summary">
        {text?.summary ?? 'No prices at this interval.'}
      </p>
    </section>
  );
}
