import { memo, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { formatTimestamp } from '@/lib/format';
import { MAX_VIEW_NAME } from '@/workspace/fileReader';
import { VIEW_KIND_LABELS, type SavedView } from '@/workspace/types';
import { isSafeViewPath } from '@/workspace/viewPath';
import { Sparkline } from './Sparkline';
import styles from './LibraryPage.module.css';

/** `2026-11-25 09:41` in the viewer's own zone: when they themselves saved or opened it. */
const when = (ms: number): string => formatTimestamp(ms, { timeZone: 'local', zoneName: false });
const NOTE_SHOWN = 160;

export interface ViewRowActions {
  open: (view: SavedView) => void;
  star: (view: SavedView) => void;
  rename: (view: SavedView, name: string) => void;
  duplicate: (view: SavedView) => void;
  exportFile: (view: SavedView) => void;
  share: (view: SavedView) => void;
  remove: (view: SavedView) => void;
  select: (view: SavedView, selected: boolean) => void;
}

interface Props {
  view: SavedView;
  selected: boolean;
  actions: ViewRowActions;
}

/** `byKey`: ended with Enter or Escape, so the focus goes back to the Rename button (not on a click away). */
function RenameField({
  view,
  onDone,
}: {
  view: SavedView;
  onDone: (name: string | null, byKey: boolean) => void;
}) {
  const [text, setText] = useState(view.name);
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      onDone(text.trim() === '' ? null : text.trim(), true);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      onDone(null, true);
    }
  };
  return (
    <span className={styles.rename}>
      <label htmlFor={`rename-${view.id}`} className="visually-hidden">
        New name for {view.name} (Enter to keep, Escape to cancel)
      </label>
      <input
        id={`rename-${view.id}`}
        value={text}
        maxLength={MAX_VIEW_NAME}
        // The field appears because the user asked to rename: it takes the focus at once.
        autoFocus
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => onDone(null, false)}
      />
    </span>
  );
}

/** One saved view in the library: what it is, when it was used, and what can be done with it. */
export const ViewRow = memo(function ViewRow({ view, selected, actions }: Props) {
  const [renaming, setRenaming] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (renaming || !refocus.current) return;
    refocus.current = false;
    renameButton.current?.focus();
  }, [renaming]);
  const safe = isSafeViewPath(view.kind, view.path);
  const note = view.note.length > NOTE_SHOWN ? `${view.note.slice(0, NOTE_SHOWN - 1)}…` : view.note;
  return (
    <li className={styles.row}>
      <input
        type="checkbox"
        className={styles.select}
        aria-label={`Select ${view.name}`}
        checked={selected}
        onChange={(e) => actions.select(view, e.target.checked)}
      />
      <button
        type="button"
        className={styles.star}
        aria-pressed={view.starred}
        aria-label={`Star ${view.name}`}
        title={view.starred ? 'Starred: click to unstar' : 'Star'}
        onClick={() => actions.star(view)}
      >
        <span aria-hidden="true">{view.starred ? '★' : '☆'}</span>
      </button>
      <div className={styles.body}>
        <div className={styles.titleLine}>
          {renaming ? (
            <RenameField
              view={view}
              onDone={(name, byKey) => {
                refocus.current = byKey;
                setRenaming(false);
                if (name !== null && name !== view.name) actions.rename(view, name);
              }}
            />
          ) : safe ? (
            <Link to={view.path} className={styles.name} onClick={() => actions.open(view)}>
              {view.name}
            </Link>
          ) : (
            <span className={styles.name}>
              {view.name}{' '}
              <span className={styles.warning}>
                (its address is not a page of this app: it cannot be opened)
              </span>
            </span>
          )}
          {view.sparkline !== null && <Sparkline values={view.sparkline} />}
        </div>
        <p className={styles.meta}>
          <span className={styles.kind}>{VIEW_KIND_LABELS[view.kind]}</span>
          {view.datasets.length > 0 && <span>{view.datasets.join(', ')}</span>}
          {view.timeRange !== null && <span>{view.timeRange}</span>}
          <span>{view.openedAt === null ? 'Never opened' : `Opened ${when(view.openedAt)}`}</span>
          <span>Updated {when(view.updatedAt)}</span>
        </p>
        {note !== '' && (
          <p className={styles.note} title={view.note.length > NOTE_SHOWN ? view.note : undefined}>
            {note}
          </p>
        )}
        <div className={styles.rowActions}>
          <button
            ref={renameButton}
            type="button"
            aria-label={`Rename ${view.name}`}
            onClick={() => setRenaming(true)}
            disabled={renaming}
          >
            Rename
          </button>
          <button type="button" aria-label={`Duplicate ${view.name}`} onClick={() => actions.duplicate(view)}>
            Duplicate
          </button>
          <button type="button" aria-label={`Export ${view.name}`} onClick={() => actions.exportFile(view)}>
            Export
          </button>
          <button type="button" aria-label={`Share link ${view.name}`} onClick={() => actions.share(view)}>
            Share link
          </button>
          <button
            type="button"
            className={styles.danger}
            aria-label={`Delete ${view.name}`}
            onClick={() => actions.remove(view)}
          >
            Delete
          </button>
        </div>
      </div>
    </li>
  );
});
