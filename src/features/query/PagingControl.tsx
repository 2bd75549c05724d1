import { useState } from 'react';
import { describedBy, FieldError } from './FieldError';
import type { ControlProps } from './controlProps';
import styles from './QueryPage.module.css';

const ERROR_ID = 'query-paging-error';

const wholeNumber = (text: string): number | null => (/^\d+$/.test(text.trim()) ? Number(text) : null);

/** The boxes keep what is typed; the draft takes it once it is a whole number. */
export function PagingControl({ draft, onChange, error }: ControlProps) {
  const [pageSize, setPageSize] = useState(String(draft.ps));
  const [limit, setLimit] = useState(draft.limit === null ? '' : String(draft.limit));
  const described = describedBy(ERROR_ID, error);
  return (
    <fieldset className={styles.control}>
      <legend>Paging</legend>
      <div className={styles.row}>
        <label>
          Page size
          <input
            type="number"
            min={1}
            max={50000}
            value={pageSize}
            aria-describedby={described}
            onChange={(e) => {
              setPageSize(e.target.value);
              const n = wholeNumber(e.target.value);
              if (n !== null && n >= 1) onChange({ ps: n });
            }}
          />
        </label>
        <label>
          Row limit
          <input
            type="number"
            min={1}
            value={limit}
            placeholder="none"
            aria-describedby={described}
            onChange={(e) => {
              setLimit(e.target.value);
              const n = wholeNumber(e.target.value);
              if (e.target.value.trim() === '') onChange({ limit: null });
              else if (n !== null && n >= 1) onChange({ limit: n });
            }}
          />
        </label>
      </div>
      <FieldError id={ERROR_ID} message={error} />
    </fieldset>
  );
}
