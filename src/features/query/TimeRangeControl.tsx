import { useState } from 'react';
import { formatTimestamp } from '@/lib/format';
import { describedBy, FieldError } from './FieldError';
import type { ControlProps } from './controlProps';
import { dataEndAge, presetRange } from './requestParams';
import { TimeField } from './TimeField';
import { TIME_FIELD_IDS } from './typedTime';
import { TIME_PRESET_LABELS, TIME_PRESETS, type TimePreset, zoneLabel } from './timeRange';
import styles from './QueryPage.module.css';

const ERROR_ID = 'query-time-error';
const ANCHOR_HINT_ID = 'query-time-anchor';

/** Presets count back from the end of the dataset's data when that is earlier than now (see presetAnchor). */
export function TimeRangeControl({ dataset, draft, onChange, error, timeErrors }: ControlProps) {
  const described = describedBy(ERROR_ID, error);
  // When the page opened: a dataset's data ends days before now, so minutes do not matter here.
  const [now] = useState(() => Date.now());
  const range = presetRange(draft, dataset, now);
  const dataEnd = range?.dataEnd ?? null;
  const fromDataEnd = range !== null && dataEnd !== null;
  return (
    <fieldset className={styles.control}>
      <legend>Time</legend>
      <label>
        Time range
        <select
          value={draft.range}
          aria-describedby={fromDataEnd ? [described, ANCHOR_HINT_ID].filter(Boolean).join(' ') : described}
          onChange={(e) => onChange({ range: e.target.value as TimePreset })}
        >
          {TIME_PRESETS.map((preset) => (
            <option key={preset} value={preset}>
              {TIME_PRESET_LABELS[preset]}
            </option>
          ))}
        </select>
      </label>
      {fromDataEnd && (
        <p id={ANCHOR_HINT_ID} className={styles.hint}>
          This dataset&apos;s data ends {dataEndAge({ ...range, dataEnd })} (
          {formatTimestamp(dataEnd, { timeZone: zoneLabel(draft.tz) })}): the range counts back from there.
        </p>
      )}
      {draft.range === 'custom' && (
        <>
          <TimeField
            id={TIME_FIELD_IDS.start}
            label="Start (inclusive)"
            value={draft.start}
            describedBy={described}
            runError={timeErrors?.start}
            onChange={(start) => onChange({ start })}
          />
          <TimeField
            id={TIME_FIELD_IDS.end}
            label="End (exclusive)"
            value={draft.end}
            describedBy={described}
            runError={timeErrors?.end}
            onChange={(end) => onChange({ end })}
          />
          <p className={styles.hint}>
            Times without an offset are read in {zoneLabel(draft.tz)}; today, yesterday and now-7d (or -3h,
            -30min) become fixed times when the query runs.
          </p>
        </>
      )}
      <FieldError id={ERROR_ID} message={error} />
    </fieldset>
  );
}
