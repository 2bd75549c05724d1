import { describedBy, FieldError } from './FieldError';
import type { ControlProps } from './controlProps';
import { VINTAGE_LABELS, VINTAGE_MODES } from './queryUrl';
import { TimeField } from './TimeField';
import { TIME_FIELD_IDS } from './typedTime';
import styles from './QueryPage.module.css';

const ERROR_ID = 'query-vintage-error';

/** Forecast vintage; rendered only for datasets with a publish-time column. */
export function VintageControl({ dataset, draft, onChange, error, timeErrors }: ControlProps) {
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
        <TimeField
          id={TIME_FIELD_IDS.ptat}
          label="Publish time"
          value={draft.ptat}
          describedBy={described}
          runError={timeErrors?.ptat}
          onChange={(ptat) => onChange({ ptat })}
        />
      )}
      {draft.pt === 'range' && (
        <>
          <TimeField
            id={TIME_FIELD_IDS.pts}
            label="Published from"
            value={draft.pts}
            describedBy={described}
            runError={timeErrors?.pts}
            onChange={(pts) => onChange({ pts })}
          />
          <TimeField
            id={TIME_FIELD_IDS.pte}
            label="Published before"
            value={draft.pte}
            describedBy={described}
            runError={timeErrors?.pte}
            onChange={(pte) => onChange({ pte })}
          />
        </>
      )}
      <FieldError id={ERROR_ID} message={error} />
    </fieldset>
  );
}
