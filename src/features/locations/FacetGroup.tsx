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
  // A selected value with no matches left still shows (at 0), so it can be unticked.
  const values = [...new Set([...Object.keys(counts ?? {}), ...selected])].sort();
  return (
    <fieldset className={styles.facet}>
      <legend>{legend}</legend>
      {values.length === 0 ? (
        <p className={styles.muted}>None</p>
      ) : (
        values.map((value) => {
          const checked = selected.includes(value);
          return (
            <label key={value} className={styles.check}>
              <input
                type="checkbox"
                checked={checked}
                onChange={() =>
                  onChange(checked ? selected.filter((v) => v !== value) : [...selected, value])
                }
              />
              {`${label(value)} (${formatInteger(counts?.[value] ?? 0)})`}
            </label>
          );
        })
      )}
    </fieldset>
  );
}
