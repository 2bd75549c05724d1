import { useState } from 'react';
import { describeBackend, HTTP_MOCK_URL, scriptBaseUrl, useConnection } from '@/api/connection';
import type { DatasetQueryParams } from '@/contract';
import { curlSnippet, fetchSnippet, pythonSnippet } from './codeSnippets';
import styles from './QueryPage.module.css';

interface Props {
  datasetId: string;
  params: DatasetQueryParams;
}

function Snippet({ title, code }: { title: string; code: string }) {
  const [message, setMessage] = useState('');
  const copy = async () => {
    try {
      // Absent on insecure origins and in some embedded browsers, whatever the DOM types say.
      const clipboard = navigator.clipboard as Clipboard | undefined;
      if (!clipboard) throw new Error('no clipboard');
      await clipboard.writeText(code);
      setMessage('Copied.');
    } catch {
      setMessage('Copying is not available here: select the code and press Ctrl+C (⌘C).');
    }
  };
  return (
    <section className={styles.snippet} aria-label={title}>
      <h2>{title}</h2>
      <pre tabIndex={0}>
        <code>{code}</code>
      </pre>
      <button type="button" onClick={() => void copy()}>
        Copy {title}
      </button>
      <span role="status">{message}</span>
    </section>
  );
}

/**
 * The query as curl, Python and fetch, each runnable as written: against the server the app calls
 * (or its proxy), and for the built-in demo data against the same data served over HTTP. The key
 * stays an environment variable.
 */
export function CodePanel({ datasetId, params }: Props) {
  const connection = useConnection();
  const base = scriptBaseUrl(connection);
  return (
    <div>
      <p className={styles.hint}>
        {connection.mode === 'demo' ? (
          <>
            The demo data lives in this page; the same data runs over HTTP at <code>{HTTP_MOCK_URL}</code>{' '}
            after <code>npm run api</code> in this project, with <code>GRIDSTATUS_API_KEY=demo-key</code>.
          </>
        ) : (
          <>
            These call {describeBackend(connection)} at <code>{base}</code>; set{' '}
            <code>GRIDSTATUS_API_KEY</code> to your key first.
          </>
        )}
      </p>
      <Snippet title="curl" code={curlSnippet(base, datasetId, params)} />
      <Snippet title="Python" code={pythonSnippet(base, datasetId, params)} />
      <Snippet title="TypeScript" code={fetchSnippet(base, datasetId, params)} />
    </div>
  );
}
