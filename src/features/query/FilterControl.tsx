import type { FilterOperator } from '@/contract';
import { UnknownNames } from '@/components/UnknownNames';
import { FILTER_OPERATOR_INFO, operatorsFor } from '@/lib/queryDescription';
import { describedBy, FieldError } from './FieldError';
import type { ControlProps } from './controlProps';
import { columnKind } from './fitToDataset';
import styles from './QueryPage.module.css';
import { unknownValues, useKnownValues } from './knownValues';
import { ValuePicker } from './ValuePicker';

const ERROR_ID = 'query-filter-error';
const UNKNOWN_ID = 'query-filter-unknown';
const NO_OPTIONS: readonly string[] = [];

export function FilterControl({ dataset, draft, onChange, error }: ControlProps) {
  const column = dataset.all_columns.find((c) => c.name === draft.fcol);
  const kind = column ? columnKind(column) : 'string';
  const operators = operatorsFor(kind);
  const { known, failed } = useKnownValues(dataset, column?.name ?? '');
  const options = known?.values ?? NO_OPTIONS;
  const multiple = draft.fop === 'in';
  // Checked as it is typed: a value the registry does not know returns no rows, so say so now.
  const unknown =
    known && draft.fval.trim() !== '' && !known.pickable ? unknownValues(draft.fval, multiple, known) : [];
  const described =
    [describedBy(ERROR_ID, error), unknown.length > 0 ? UNKNOWN_ID : undefined].filter(Boolean).join(' ') ||
    undefined;
  const replace = (from: string, to: string) =>
    onChange({
      fval: multiple
        ? draft.fval
            .split(',')
            .map((v) => (v.trim() === from ? to : v.trim()))
            .join(',')
        : to,
    });

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
            multiple={multiple}
            options={options}
            pickable={known?.pickable ?? false}
            describedBy={described}
          />
          <UnknownNames id={UNKNOWN_ID} noun={known?.noun ?? 'value'} unknown={unknown} onUse={replace} />
          {failed && <p className={styles.hint}>Location list unavailable; type location names.</p>}
          {kind === 'timestamp' && (
            <p className={styles.hint}>An ISO timestamp, e.g. 2025-07-01T00:00:00-05:00.</p>
          )}
        </>
      )}
      <FieldError id={ERROR_ID} message={error} />
    </fieldset>
  );
}
