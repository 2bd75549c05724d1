import { useState } from 'react';
import { formatInteger } from '@/lib/format';
import styles from './LocationsPage.module.css';

interface Props {
  legend: string;
  /** Counts of each value under every other filter (the server's disjunctive facets). */
  counts: Record<string, number> | undefined;
  selected: readonly string[];
  onChange: (next: string[]) => void;
  label?: (value: string) => string;
}

/** A checkbox per facet value with its count, e.g. "Resource Node (640)". */
export function FacetGroup({ legend, counts, selected, onChange, label = (v) => v }: Props) {
  // The router applies URL changes in a transition, so a controlled box would spring back to its
  // old state until the URL catches up (a visible flicker, and a second quick tick would start
  // from stale values). Show the ticked set at once; the URL's `selected` wins once it changes.
  const [optimistic, setOptimistic] = useState<{ base: readonly string[]; next: string[] } | null>(null);
  const shown = optimistic?.base === selected ? optimistic.next : selected;
  const change = (next: string[]): void => {
    setOptimistic({ base: selected, next });
    onChange(next);
  };
  // A selected value with no matches left still shows (at 0), so it can be unticked.
  const values = [...new Set([...Object.keys(counts ?? {}), ...shown])].sort();
  return (
    <fieldset className={styles.facet}>
      <legend>{legend}</legend>
      {values.length === 0 ? (
        <p className={styles.muted}>None</p>
      ) : (
        values.map((value) => {
          const checked = shown.includes(value);
          return (
            <label key={value} className={styles.check}>
              <input
                type="checkbox"
                checked={checked}
                onChange={() => change(checked ? shown.filter((v) => v !== value) : [...shown, value])}
              />
              {`${label(value)} (${formatInteger(counts?.[value] ?? 0)})`}
            </label>
          );
        })
      )}
    </fieldset>
  );
}
