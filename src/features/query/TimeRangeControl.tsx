import { describedBy, FieldError } from './FieldError';
import type { ControlProps } from './controlProps';
import { TIME_PRESET_LABELS, TIME_PRESETS, type TimePreset } from './queryUrl';
import { zoneLabel } from './timeRange';
import styles from './QueryPage.module.css';

const ERROR_ID = 'query-time-error';

/** Presets count back from the end of the dataset's data when that is earlier than now (see presetAnchor). */
export function TimeRangeControl({ draft, onChange, error }: ControlProps) {
  const described = describedBy(ERROR_ID, error);
  return (
    <fieldset className={styles.control}>
      <legend>Time</legend>
      <label>
        Time range
        <select
          value={draft.range}
          aria-describedby={described}
          onChange={(e) => onChange({ range: e.target.value as TimePreset })}
        >
          {TIME_PRESETS.map((preset) => (
            <option key={preset} value={preset}>
              {TIME_PRESET_LABELS[preset]}
            </option>
          ))}
        </select>
      </label>
      {draft.range === 'custom' && (
        <>
          <label>
            Start (inclusive)
            <input
              type="text"
              value={draft.start}
              placeholder="YYYY-MM-DD HH:MM"
              aria-describedby={described}
              onChange={(e) => onChange({ start: e.target.value.trim() })}
            />
          </label>
          <label>
            End (exclusive)
            <input
              type="text"
              value={draft.end}
              placeholder="YYYY-MM-DD HH:MM"
              aria-describedby={described}
              onChange={(e) => onChange({ end: e.target.value.trim() })}
            />
          </label>
          <p className={styles.hint}>Times without an offset are read in {zoneLabel(draft.tz)}.</p>
        </>
      )}
      <FieldError id={ERROR_ID} message={error} />
    </fieldset>
  );
}
