import { useEffect, useState } from 'react';
import { setHistoryRecording, useHistoryRecording } from '@/workspace/historySetting';
import { describeStorageError } from '@/workspace/storageErrors';
import { askToPersist, formatBytes, readStorageUse, type StorageUse } from '@/workspace/storageUse';
import type { SavedWorkCounts } from '@/workspace/savedWorkCounts';
import styles from './SettingsPage.module.css';
import { formatCount } from '@/lib/format';

type Counts =
  { state: 'loading' } | { state: 'ready'; counts: SavedWorkCounts } | { state: 'failed'; message: string };

function spaceLine(use: StorageUse | null): string {
  if (use === null) return 'Space used: …';
  if (use.usage === null) return 'Space used: unknown (this browser does not say).';
  const quota = use.quota === null ? '' : ` of ${formatBytes(use.quota)} this browser allows this site`;
  return `Space used: ${formatBytes(use.usage)}${quota}.`;
}

function persistedLine(use: StorageUse | null): string {
  if (use === null || use.persisted === null) return 'Kept when space runs short: unknown.';
  return use.persisted
    ? 'Kept when space runs short: yes, the browser will not clear saved work to make room.'
    : 'Kept when space runs short: not promised; the browser may clear saved work when the disk is nearly full. Export your library to a file to keep a copy.';
}

/** Saved work in this browser: how much, how much space, and whether the browser keeps it. */
export function SavedWorkSection() {
  const recording = useHistoryRecording();
  const [counts, setCounts] = useState<Counts>({ state: 'loading' });
  const [use, setUse] = useState<StorageUse | null>(null);
  const [asked, setAsked] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    // The store's code (Dexie) arrives only now: Settings' own chunk does not carry it.
    import('@/workspace/savedWorkCounts')
      .then(({ countSavedWork }) => countSavedWork())
      .then(
        (found) => live && setCounts({ state: 'ready', counts: found }),
        (error: unknown) =>
          live && setCounts({ state: 'failed', message: describeStorageError(error).message }),
      );
    void readStorageUse().then((found) => live && setUse(found));
    return () => {
      live = false;
    };
  }, []);

  const onPersist = () => {
    askToPersist().then(
      (granted) => {
        setAsked(
          granted
            ? 'The browser will keep saved work when space runs short.'
            : 'The browser declined. Browsers decide by how much you use a site, or ask you; export your library to a file to keep a copy.',
        );
        void readStorageUse().then(setUse);
      },
      () => setAsked('The browser would not answer; export your library to a file to keep a copy.'),
    );
  };

  return (
    <section className={`${styles.fieldset} ${styles.savedWork}`} aria-labelledby="settings-saved-work">
      <h2 id="settings-saved-work" className={styles.sectionHeading}>
        Saved work
      </h2>
      {counts.state === 'loading' && <p>Counting saved work…</p>}
      {counts.state === 'failed' && <p className={styles.fieldError}>{counts.message}</p>}
      {counts.state === 'ready' && (
        <p>
          {formatCount(counts.counts.views, 'saved view')} and{' '}
          {formatCount(counts.counts.history, 'history entry', 'history entries')} in this browser.
        </p>
      )}
      <label className={styles.choice}>
        <input
          type="checkbox"
          checked={recording}
          aria-describedby="settings-history-hint"
          onChange={(e) => setHistoryRecording(e.target.checked)}
        />
        Record query history
      </label>
      <p id="settings-history-hint" className={styles.hint}>
        Every query the app runs is listed in the library’s History (never with the key). Turned off, no new
        query is recorded; what is recorded stays until you clear it there.
      </p>
      <p>{spaceLine(use)}</p>
      <p>{persistedLine(use)}</p>
      {use?.canPersist === true && use.persisted !== true && (
        <button type="button" onClick={onPersist}>
          Keep saved work when space runs short
        </button>
      )}
      {use?.canPersist === false && <p className={styles.hint}>This browser cannot be asked to keep it.</p>}
      {asked !== null && (
        <p role="status" className={styles.hint}>
          {asked}
        </p>
      )}
    </section>
  );
}
