import { useMemo, useState } from 'react';
import { MARKET_TIME_ZONE } from '@/lib/format';
import { describedBy, FieldError } from './FieldError';
import type { ControlProps } from './controlProps';
import styles from './QueryPage.module.css';

const ERROR_ID = 'query-timezone-error';

function zoneNames(): string[] {
  const supported = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', 'market', MARKET_TIME_ZONE, ...supported.filter((z) => z !== 'UTC')];
}

/**
 * A text box with the browser's zone list as suggestions: type to search, any IANA name works.
 * The list (418 names in Chromium) is made when the box is first pointed at or focused, where its
 * suggestions can show, not with the page's first render: in a fresh page, reading the browser's
 * zone list took 2–3 ms and making its options 3–9 ms, before a cold query link's results.
 */
export function TimezoneControl({ draft, onChange, error }: ControlProps) {
  const [suggesting, setSuggesting] = useState(false);
  const zones = useMemo(() => (suggesting ? zoneNames() : []), [suggesting]);
  const suggest = (): void => setSuggesting(true);
  return (
    <fieldset className={styles.control}>
      <legend>Timezone</legend>
      <label>
        Timezone
        <input
          type="text"
          list="query-timezones"
          value={draft.tz}
          aria-describedby={describedBy(ERROR_ID, error)}
          onChange={(e) => onChange({ tz: e.target.value.trim() })}
          onFocus={suggest}
          onPointerEnter={suggest}
        />
      </label>
      <datalist id="query-timezones">
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone === 'market' ? `Market time (${MARKET_TIME_ZONE})` : zone}
          </option>
        ))}
      </datalist>
      <FieldError id={ERROR_ID} message={error} />
    </fieldset>
  );
}
