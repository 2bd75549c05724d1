import { useQuery } from '@tanstack/react-query';
import { pricingLocationsOptions } from '@/api/locations/queries';
import type { FilterOperator } from '@/api/types';
import { FILTER_OPERATOR_INFO, operatorsFor } from '@/lib/queryDescription';
import { describedBy, FieldError } from './FieldError';
import type { ControlProps } from './controlProps';
import { columnKind } from './fitToDataset';
import styles from './QueryPage.module.css';
import { ValuePicker } from './ValuePicker';

const ERROR_ID = 'query-filter-error';
const NO_OPTIONS: readonly string[] = [];

export function FilterControl({ dataset, draft, onChange, error }: ControlProps) {
  const column = dataset.all_columns.find((c) => c.name === draft.fcol);
  const kind = column ? columnKind(column) : 'string';
  const operators = operatorsFor(kind);
  const isSubseries = column !== undefined && column.name === dataset.subseries_index_column;
  const locations = useQuery({ ...pricingLocationsOptions({ page_size: 5000 }), enabled: isSubseries });
  const options = locations.data ? locations.data.items.map((l) => l.location) : NO_OPTIONS;
  const described = describedBy(ERROR_ID, error);

  const setColumn = (name: string) => {
    const next = dataset.all_columns.find((c) => c.name === name);
    const allowed = next ? operatorsFor(columnKind(next)) : operators;
    onChange({ fcol: name, fval: '', fop: allowed.includes(draft.fop) ? draft.fop : '=' });
  };

  return (
    <fieldset className={styles.control}>
      <legend>Filter</legend>
      <label>
        Filter column
        <select value={draft.fcol} aria-describedby={described} onChange={(e) => setColumn(e.target.value)}>
          <option value="">No filter</option>
          {dataset.all_columns.map((c) => (
            <option key={c.name} value={c.name}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      {column && (
        <>
          <label>
            Operator
            <select
              value={draft.fop}
              aria-describedby={described}
              onChange={(e) => onChange({ fop: e.target.value as FilterOperator })}
            >
              {operators.map((op) => (
                <option key={op} value={op}>
                  {FILTER_OPERATOR_INFO[op].label}
                </option>
              ))}
            </select>
          </label>
          <ValuePicker
            // A new column or operator starts a fresh picker.
            key={`${draft.fcol}|${draft.fop}`}
            label="Filter value"
            value={draft.fval}
            onChange={(fval) => onChange({ fval })}
            multiple={draft.fop === 'in'}
            options={options}
            describedBy={described}
          />
          {isSubseries && locations.isError && (
            <p className={styles.hint}>Location list unavailable; type location names.</p>
          )}
          {kind === 'timestamp' && (
            <p className={styles.hint}>An ISO timestamp, e.g. 2025-07-01T00:00:00-05:00.</p>
          )}
        </>
      )}
      <FieldError id={ERROR_ID} message={error} />
    </fieldset>
  );
}
