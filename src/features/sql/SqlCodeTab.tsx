/**
 * The SQL view as a runnable Python script, with a button that copies it. The script reads the key
 * from the environment: it is never written into the text.
 */
import { useState } from 'react';
import { API_KEY_ENV, scriptBaseUrl, useConnection } from '@/api/connection';
import type { SqlTable } from '@/sql/types';
import { sqlScript } from './sqlScript';

interface Props {
  sql: string;
  tables: readonly SqlTable[];
}

export function SqlCodeTab({ sql, tables }: Props) {
  const connection = useConnection();
  const script = sqlScript({ baseUrl: scriptBaseUrl(connection), sql, tables });
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(script);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <section aria-label="Python">
      <p>
        The same tables and SQL in Python, with gridstatusio, pandas and DuckDB (
        <code>pip install gridstatusio duckdb pandas</code>). The key is read from the {API_KEY_ENV}{' '}
        environment variable.
      </p>
      <button type="button" onClick={() => void copy()}>
        Copy script
      </button>{' '}
      <span role="status">
        {copied === 'copied'
          ? 'Copied.'
          : copied === 'failed'
            ? 'The browser did not allow copying; select the text instead.'
            : ''}
      </span>
      <pre tabIndex={0} aria-label="Python script">
        <code>{script}</code>
      </pre>
    </section>
  );
}
