import { useState } from 'react';
import { Swatch } from './ChartTooltip';
import styles from './chart.module.css';

/** Which series the reader has hidden (by name, or id), and the toggle the legend calls. */
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
  title = 'Series',
}: {
  /** `id` is what `hidden` holds and `onToggle` gets when names may change (the name otherwise). */
  series: readonly { id?: string; name: string; color: string }[];
  hidden: ReadonlySet<string>;
  onToggle: (name: string) => void;
  /** The legend's caption (a stack says its order and unit). */
  title?: string;
}) {
  return (
    <fieldset className={styles.legend}>
      <legend>{title}</legend>
      {series.map(({ id, name, color }) => (
        <button
          key={id ?? name}
          type="button"
          className={styles.toggle}
          aria-pressed={!hidden.has(id ?? name)}
          onClick={() => onToggle(id ?? name)}
        >
          <Swatch color={color} />
          {name}
        </button>
      ))}
    </fieldset>
  );
}
