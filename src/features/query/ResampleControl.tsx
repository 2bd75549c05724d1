import { useState } from 'react';
import { RESAMPLE_FUNCTIONS, type ResampleFunction, type ResampleUnit } from '@/contract';
import { RESAMPLE_FUNCTION_LABELS, RESAMPLE_UNIT_INFO } from '@/lib/queryDescription';
import { describedBy, FieldError } from './FieldError';
import type { ControlProps } from './controlProps';
import { columnKind } from './fitToDataset';
import { formatFrequency, parseFrequency } from './frequency';
import styles from './QueryPage.module.css';

const ERROR_ID = 'query-resample-error';
const UNITS = Object.keys(RESAMPLE_UNIT_INFO) as ResampleUnit[];

export function ResampleControl({ dataset, draft, onChange, error }: ControlProps) {
  const parsed = parseFrequency(draft.rs);
  const [countText, setCountText] = useState(String(parsed?.count ?? 1));
  const unit = parsed?.unit ?? 'none';
  const described = describedBy(ERROR_ID, error);
  const groupable = dataset.all_columns.filter((c) => columnKind(c) === 'string').map((c) => c.name);

  const setUnit = (next: string) => {
    if (next === 'none') onChange({ rs: '' });
    else onChange({ rs: formatFrequency(Math.max(1, Number(countText) || 1), next as ResampleUnit) });
  };
  const setCount = (text: string) => {
    setCountText(text);
    const count = Number(text);
    if (parsed && Number.isInteger(count) && count >= 1 && count <= 9999)
      onChange({ rs: formatFrequency(count, parsed.unit) });
  };

  return (
    <fieldset className={styles.control}>
      <legend>Resampling</legend>
      <div className={styles.row}>
        <label>
          Every
          <input
            type="number"
            min={1}
            max={9999}
            value={countText}
            disabled={parsed === null}
            aria-describedby={described}
            onChange={(e) => setCount(e.target.value)}
          />
        </label>
        <label>
          Frequency unit
          <select value={unit} aria-describedby={described} onChange={(e) => setUnit(e.target.value)}>
            <option value="none">No resampling</option>
            {UNITS.map((u) => (
              <option key={u} value={u}>
                {RESAMPLE_UNIT_INFO[u].plural}
              </option>
            ))}
          </select>
        </label>
      </div>
      {parsed && (
        <>
          <label>
            Function
            <select
              value={draft.rsfn}
              aria-describedby={described}
              onChange={(e) => onChange({ rsfn: e.target.value as ResampleFunction })}
            >
              {RESAMPLE_FUNCTIONS.map((fn) => (
                <option key={fn} value={fn}>
                  {RESAMPLE_FUNCTION_LABELS[fn]}
                </option>
              ))}
            </select>
          </label>
          {groupable.length > 0 && (
            <fieldset className={styles.nested}>
              <legend>Group by</legend>
              {groupable.map((name) => (
                <label key={name}>
                  <input
                    type="checkbox"
                    checked={draft.rsby.includes(name)}
                    onChange={(e) =>
                      onChange({
                        rsby: e.target.checked ? [...draft.rsby, name] : draft.rsby.filter((c) => c !== name),
                      })
                    }
                  />{' '}
                  {name}
                </label>
              ))}
              <p className={styles.hint}>
                None ticked: the server groups by {dataset.subseries_index_column ?? 'time only'}.
              </p>
            </fieldset>
          )}
        </>
      )}
      <FieldError id={ERROR_ID} message={error} />
    </fieldset>
  );
}
