import { memo } from 'react';
import { Swatch } from './ChartTooltip';
import styles from './chart.module.css';

/**
 * The legend as one toggle button per series (pressed while the series is shown): pressing one
 * hides its line, or takes it out of a stack and its total. Memoised: new rows leave it be.
 */
export const SeriesToggles = memo(function SeriesToggles({
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
});
