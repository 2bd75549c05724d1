import { useState } from 'react';
import { Swatch } from './ChartTooltip';
import styles from './chart.module.css';

/** Which series the reader has hidden (by name), and the toggle the legend calls. */
export function useHiddenSeries(): [ReadonlySet<string>, (name: string) => void] {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const toggle = (name: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });
  return [hidden, toggle];
}

/**
 * The legend as one toggle button per series (pressed while the series is shown): pressing one
 * hides its line, or takes it out of a stack and its total.
 */
export function SeriesToggles({
  series,
  hidden,
  onToggle,
}: {
  series: readonly { name: string; color: string }[];
  hidden: ReadonlySet<string>;
  onToggle: (name: string) => void;
}) {
  return (
    <fieldset className={styles.legend}>
      <legend>Series</legend>
      {series.map((s) => (
        <button
          key={s.name}
          type="button"
          className={styles.toggle}
          aria-pressed={!hidden.has(s.name)}
          onClick={() => onToggle(s.name)}
        >
          <Swatch color={s.color} />
          {s.name}
        </button>
      ))}
    </fieldset>
  );
}
