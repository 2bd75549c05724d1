/**
 * A page's "History" disclosure: closed at first, and the history list (with the store and Dexie
 * under it) is fetched only when it is opened, so the page's first screen carries none of it.
 */
import { lazy, Suspense, useId, useState } from 'react';
import { Loading } from '@/components/Loading';
import styles from './HistoryPanel.module.css';

const HistoryList = lazy(() => import('./HistoryList').then((m) => ({ default: m.HistoryList })));

export function HistoryPanel({ dataset }: { dataset?: string }) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  return (
    <section aria-label="Query history" className={styles.panel}>
      <button type="button" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((o) => !o)}>
        History
      </button>
      {open && (
        <div id={bodyId} className={styles.body}>
          <Suspense fallback={<Loading label="Loading history…" />}>
            <HistoryList dataset={dataset} compact />
          </Suspense>
        </div>
      )}
    </section>
  );
}
