import styles from './chart.module.css';

export interface TooltipItem {
  key: string;
  color: string;
  label: string;
  /** The value as text; the item is left out when there is none. */
  value: string | null;
}

/** A colour square for a series: as text colour the palette fails contrast on the dark theme. */
export function Swatch({ color }: { color: string }) {
  return <span className={styles.swatch} style={{ background: color }} aria-hidden="true" />;
}

/**
 * The text a chart's tooltip reads: what the pointer is at, then each series' value there, then
 * any notes about the whole row (a stack's total, the series missing there).
 */
export function ChartTooltip({
  title,
  items,
  notes = [],
}: {
  title: string;
  items: readonly TooltipItem[];
  notes?: readonly string[];
}) {
  return (
    <>
      <p className={styles.tooltipTime}>{title}</p>
      <ul>
        {items.map((item) =>
          item.value === null ? null : (
            <li key={item.key}>
              <Swatch color={item.color} />
              {item.label}: {item.value}
            </li>
          ),
        )}
      </ul>
      {notes.map((note) => (
        <p key={note} className={styles.tooltipNote}>
          {note}
        </p>
      ))}
    </>
  );
}
