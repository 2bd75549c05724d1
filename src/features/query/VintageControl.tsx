import { describedBy, FieldError } from './FieldError';
import type { ControlProps } from './controlProps';
import { VINTAGE_LABELS, VINTAGE_MODES } from './queryUrl';
import styles from './QueryPage.module.css';

const ERROR_ID = 'query-vintage-error';

/** Forecast vintage; rendered only for datasets with a publish-time column. */
export function VintageControl({ dataset, draft, onChange, error }: ControlProps) {
  if (dataset.publish_time_column === null) return null;
  const described = describedBy(ERROR_ID, error);
  return (
    <fieldset className={styles.control}>
      <legend>Forecast vintage</legend>
      {VINTAGE_MODES.map((mode) => (
        <label key={mode}>
          <input
            type="radio"
            name="query-vintage"
            value={mode}
            checked={draft.pt === mode}
            aria-describedby={described}
            onChange={() => onChange({ pt: mode })}
          />{' '}
          {VINTAGE_LABELS[mode]}
        </label>
      ))}
      {draft.pt === 'at' && (
        <label>
          Publish time
          <input
            type="text"
            value={draft.ptat}
            placeholder="YYYY-MM-DD HH:MM"
            aria-describedby={described}
            onChange={(e) => onChange({ ptat: e.target.value.trim() })}
          />
        </label>
      )}
      {draft.pt === 'range' && (
        <>
          <label>
            Published from
            <input
              type="text"
              value={draft.pts}
              placeholder="YYYY-MM-DD HH:MM"
              aria-describedby={described}
              onChange={(e) => onChange({ pts: e.target.value.trim() })}
            />
          </label>
          <label>
            Published before
            <input
              type="text"
              value={draft.pte}
              placeholder="YYYY-MM-DD HH:MM"
              aria-describedby={described}
              onChange={(e) => onChange({ pte: e.target.value.trim() })}
            />
          </label>
        </>
      )}
      <FieldError id={ERROR_ID} message={error} />
    </fieldset>
  );
}
