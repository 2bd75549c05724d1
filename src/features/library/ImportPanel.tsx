import { useEffect, useId, useRef } from 'react';
import type { ImportFlow, ImportSource } from './useImportFlow';
import styles from './LibraryPage.module.css';

const sourceName = (source: ImportSource) => (source.kind === 'file' ? `“${source.name}”` : 'the link');

/** Names listed per group; a big file's preview says how many more rather than drawing them all. */
const NAMES_SHOWN = 100;

function NameList({ title, names }: { title: string; names: string[] }) {
  if (names.length === 0) return null;
  const more = names.length - NAMES_SHOWN;
  return (
    <>
      <h3 className={styles.previewHeading}>{title}</h3>
      <ul className={styles.previewList}>
        {names.slice(0, NAMES_SHOWN).map((name, i) => (
          // Names may repeat; their order does not change while the preview shows.
          <li key={`${String(i)}-${name}`}>{name}</li>
        ))}
        {more > 0 && <li>and {more.toLocaleString('en-US')} more</li>}
      </ul>
    </>
  );
}

interface Props {
  flow: ImportFlow;
  onConfirm: () => void;
  onCancel: () => void;
}

/** What an import would do (or why it cannot), with Confirm and Cancel: nothing is written before Confirm. */
export function ImportPanel({ flow, onConfirm, onCancel }: Props) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const showing = flow.step === 'preview' || flow.step === 'problems';
  useEffect(() => {
    if (showing) heading.current?.focus();
  }, [showing]);

  if (flow.step === 'idle') return null;
  if (flow.step === 'done') {
    return (
      <p role="status" className={styles.ok}>
        {flow.message}
      </p>
    );
  }
  if (flow.step === 'reading') return <p role="status">Reading {sourceName(flow.source)}…</p>;
  if (flow.step === 'problems') {
    return (
      <section className={styles.importPanel} aria-labelledby={headingId}>
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          {sourceName(flow.source)} was not imported
        </h2>
        <div role="alert">
          <p>Your library is unchanged. A file or link is imported whole or not at all; what was wrong:</p>
          <ul className={styles.problems}>
            {flow.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
        <button type="button" onClick={onCancel}>
          Dismiss
        </button>
      </section>
    );
  }
  const { plan } = flow;
  const changes = plan.add.length + plan.replace.length;
  return (
    <section className={styles.importPanel} aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        Import from {sourceName(flow.source)}
      </h2>
      {changes === 0 ? (
        <p>Every view in it is already in your library as it is: there is nothing to import.</p>
      ) : (
        <p>
          Nothing is saved until you confirm. Views already in your library and not listed here stay as they
          are.
        </p>
      )}
      <NameList title={`Will be added (${String(plan.add.length)})`} names={plan.add.map((v) => v.name)} />
      <NameList
        title={`Will replace the saved view of the same id (${String(plan.replace.length)})`}
        names={plan.replace.map((v) => v.name)}
      />
      <NameList
        title={`Already saved as they are (${String(plan.unchanged.length)})`}
        names={plan.unchanged.map((v) => v.name)}
      />
      <div className={styles.actions}>
        {changes > 0 && (
          <button type="button" className="primary" onClick={onConfirm} disabled={flow.step === 'writing'}>
            Confirm import
          </button>
        )}
        <button type="button" onClick={onCancel} disabled={flow.step === 'writing'}>
          Cancel
        </button>
      </div>
      {flow.step === 'writing' && <p role="status">Saving…</p>}
    </section>
  );
}
