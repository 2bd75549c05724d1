import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { formatTimestamp } from '@/lib/format';
import { whenIdle } from '@/lib/idle';
import {
  closeActiveView,
  openSavedView,
  readActiveView,
  updateActiveView,
  useActiveView,
} from '@/workspace/activeView';
import { downloadWorkspaceFile } from '@/workspace/file';
import { describeStorageError } from '@/workspace/storageErrors';
import type { SavedView, ViewDescriptor, ViewKind } from '@/workspace/types';
import { preloadViewStore, savedTimeOf, viewInMemory, writeView, type SaveWords } from './saveView';
import { SaveViewDialog } from './SaveViewDialog';
import { useSaveShortcut } from './useSaveShortcut';
import styles from './SaveViewBar.module.css';

interface Props {
  kind: ViewKind;
  /**
   * What the page saves at `path` (its route and query string), built when the user saves, not on
   * every render: cheap, from what the page already holds.
   */
  describe: (path: string) => ViewDescriptor;
}

type Asking = 'save' | 'fork' | null;

interface Failure {
  message: string;
  /** The view as it would have been saved: "Download as file" writes it. */
  view: SavedView;
}

/** How long the store's code and a reloaded view's save time may wait for an idle moment. */
const IDLE_WAIT_MS = 2_000;

/** `14:02` today, `2026-11-20 14:02` on another day (the viewer's clock). */
function savedTimeText(ms: number, now: number = Date.now()): string {
  const at = formatTimestamp(ms, { timeZone: 'local', zoneName: false });
  const today = formatTimestamp(now, { timeZone: 'local', zoneName: false });
  return at.slice(0, 10) === today.slice(0, 10) ? at.slice(11) : at;
}

/**
 * Save, Save as… and New for the page's view, with what is saved said beside them. Save writes
 * over the view the tab has open (or asks for a name the first time), Save as… always asks and
 * makes a new view, Ctrl/Cmd+S is Save. When the browser refuses to store the view, the reason is
 * said here, the page keeps everything, and the view can be downloaded as a workspace file.
 */
export function SaveViewBar({ kind, describe }: Props) {
  const active = useActiveView(kind);
  const location = useLocation();
  const path = `${location.pathname}${location.search}`;
  const [asking, setAsking] = useState<Asking>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [savedAt, setSavedAt] = useState<{ id: string; at: number } | null>(null);
  const writing = useRef(false);
  // The view this bar saved last: known at once, where the state above lands a render later.
  const justSaved = useRef<string | null>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const forkButton = useRef<HTMLButtonElement>(null);

  // The store's code arrives while the page is idle, so the first save does not wait for it.
  useEffect(() => whenIdle(preloadViewStore, IDLE_WAIT_MS), []);

  // After a reload the tab still knows which view is open; the store knows when it was saved.
  const knownAt = savedAt !== null && savedAt.id === active.id;
  useEffect(() => {
    const id = active.id;
    if (id === null || knownAt || justSaved.current === id) return;
    let live = true;
    const cancel = whenIdle(() => {
      savedTimeOf(id)
        .then((at) => {
          if (live && at !== null) setSavedAt({ id, at });
        })
        .catch(() => undefined);
    }, IDLE_WAIT_MS);
    return () => {
      live = false;
      cancel();
    };
  }, [active.id, knownAt]);

  const write = async (id: string | null, words: SaveWords, from: Asking) => {
    if (writing.current) return;
    writing.current = true;
    setBusy(true);
    const descriptor = describe(path);
    try {
      const view = await writeView(id, descriptor, words, readActiveView(kind));
      // The time first, so the tab's new view never looks unknown and sends for it.
      justSaved.current = view.id;
      setSavedAt({ id: view.id, at: view.updatedAt });
      openSavedView(view);
      setFailure(null);
      setAsking(null);
      saveButton.current?.focus();
    } catch (error) {
      const current = readActiveView(kind);
      // A first save's name and note stay with the page, offered again at the next try.
      if (from === 'save' && current.id === null)
        updateActiveView(kind, { name: words.name, note: words.note });
      setFailure({
        message: describeStorageError(error).message,
        view: viewInMemory(descriptor, words, current),
      });
      setAsking(null);
      (from === 'fork' ? forkButton : saveButton).current?.focus();
    } finally {
      writing.current = false;
      setBusy(false);
    }
  };

  const save = () => {
    if (writing.current || asking !== null) return;
    const current = readActiveView(kind);
    if (current.id !== null) void write(current.id, { name: current.name, note: current.note }, null);
    else setAsking('save');
  };

  useSaveShortcut(save);

  const cancel = () => {
    const from = asking;
    setAsking(null);
    (from === 'fork' ? forkButton : saveButton).current?.focus();
  };

  // Built only when the dialog opens: the descriptor's name is a suggestion for a first save.
  const initialWords = (): SaveWords => {
    if (asking === 'fork')
      return {
        name: active.name ? `${active.name} (copy)` : describe(path).suggestedName,
        note: active.note,
      };
    return { name: active.name || describe(path).suggestedName, note: active.note };
  };

  const changed = active.id !== null && active.savedPath !== path;

  return (
    // data-saved-at: when the open view was last written (the bench times a save to it).
    <div role="group" aria-label="Saved view" className={styles.bar} data-saved-at={savedAt?.at}>
      <div className={styles.buttons}>
        <button
          ref={saveButton}
          type="button"
          onClick={save}
          disabled={busy}
          aria-keyshortcuts="Control+S Meta+S"
          aria-describedby={failure ? `${kind}-save-failure` : undefined}
        >
          Save
        </button>
        <button ref={forkButton} type="button" onClick={() => setAsking('fork')} disabled={busy}>
          Save as…
        </button>
        {active.id !== null && (
          <button
            type="button"
            onClick={() => {
              closeActiveView(kind);
              setFailure(null);
            }}
            disabled={busy}
            title="Stop saving over this view: the next Save asks for a new name"
          >
            New
          </button>
        )}
      </div>
      <span role="status" className={styles.status}>
        {busy
          ? 'Saving…'
          : active.id !== null
            ? `Saved as “${active.name}”${knownAt ? ` · ${savedTimeText(savedAt.at)}` : ''}`
            : 'Not saved'}
        {!busy && changed && <span className={styles.changed}> · Unsaved changes</span>}
      </span>
      {failure && (
        <div id={`${kind}-save-failure`} role="alert" className={styles.failure}>
          <span>{failure.message}</span>
          <button type="button" onClick={() => downloadWorkspaceFile([failure.view])}>
            Download as file
          </button>
        </div>
      )}
      {asking !== null && (
        <SaveViewDialog
          title={asking === 'fork' ? 'Save as a new view' : 'Save view'}
          submitLabel="Save"
          initial={initialWords()}
          busy={busy}
          onSubmit={(words) => void write(null, words, asking)}
          onCancel={cancel}
        />
      )}
    </div>
  );
}
