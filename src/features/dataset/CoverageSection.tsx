import { useState } from 'react';
import type { Dataset } from '@/contract';
import { formatInteger, formatRelative, formatTimestamp, MARKET_TIME_ZONE } from '@/lib/format';
import styles from './DatasetPage.module.css';
import { Section } from './Section';

function Instant({ value, now }: { value: string; now: number }) {
  return (
    <>
      <time dateTime={value}>{formatTimestamp(value, { timeZone: 'UTC' })}</time>
      <span className={styles.secondary}>
        {formatTimestamp(value, { timeZone: MARKET_TIME_ZONE })} (market) · {formatRelative(value, now)}
      </span>
    </>
  );
}

function Code({ value }: { value: string | null }) {
  return value ? <code>{value}</code> : <span className={styles.secondary}>none</span>;
}

export function CoverageSection({ dataset }: { dataset: Dataset }) {
  // Ages are read at mount; a reload or a refetch (new metadata) is when they are worth updating.
  const [now] = useState(Date.now);
  return (
    <Section title="Coverage" id="coverage">
      <dl className={styles.coverage}>
        <div>
          <dt>Earliest data</dt>
          <dd>
            <Instant value={dataset.earliestData} now={now} />
          </dd>
        </div>
        <div>
          <dt>Latest data</dt>
          <dd>
            <Instant value={dataset.latestData} now={now} />
          </dd>
        </div>
        <div>
          <dt>Approximate rows</dt>
          <dd>{formatInteger(dataset.number_of_rows_approximate)}</dd>
        </div>
        <div>
          <dt>Time index column</dt>
          <dd>
            <Code value={dataset.time_index_column} />
          </dd>
        </div>
        <div>
          <dt>Subseries column</dt>
          <dd>
            <Code value={dataset.subseries_index_column} />
          </dd>
        </div>
        <div>
          <dt>Publish time column</dt>
          <dd>
            <Code value={dataset.publish_time_column} />
          </dd>
        </div>
        <div>
          <dt>Primary key</dt>
          <dd>
            {dataset.primary_key_columns.map((c, i) => (
              <span key={c}>
                {i > 0 && ', '}
                <code>{c}</code>
              </span>
            ))}
          </dd>
        </div>
        <div>
          <dt>Data time zone</dt>
          <dd>{dataset.data_timezone}</dd>
        </div>
      </dl>
    </Section>
  );
}
