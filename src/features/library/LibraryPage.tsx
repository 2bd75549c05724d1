import {
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
} from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { HistoryList } from '@/components/workspace/HistoryList';
import { Tabs } from '@/components/Tabs';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { openSavedView } from '@/workspace/activeView';
import { downloadWorkspaceFile } from '@/workspace/file';
import { MAX_FILE_BYTES, parseWorkspaceFile } from '@/workspace/fileReader';
import { useLiveViews, watchViews } from '@/workspace/liveViews';
import { readShareData, shareDataOf, shareLinkFor } from '@/workspace/shareLink';
import { describeStorageError } from '@/workspace/storageErrors';
import type { SavedView } from '@/workspace/types';
import { duplicateView, patchView } from '@/workspace/views';
import { filterViews, indexViews, SORT_LABELS, SORTS, type LibrarySort } from './filterViews';
import { ImportPanel } from './ImportPanel';
import { SharePanel, type ShareOffer } from './SharePanel';
import { useDeleteWithUndo } from './useDeleteWithUndo';
import { useImportFlow } from './useImportFlow';
import { ViewRow, type ViewRowActions } from './ViewRow';
import styles from './LibraryPage.module.css';
import { formatCount } from '@/lib/format';

// The library's code arrives before a click on "Library" (the navigation preloads it): the views
// are read from then on, so the page opens with its rows.
watchViews();

const TABS = ['Views', 'History'] as const;
type LibraryTab = (typeof TABS)[number];

/**
 * Rows drawn at a time; "Show more" adds as many. Paging rather than virtualising: rows vary in
 * height (notes, sparklines, an inline rename) and hold many controls, and a virtual list would
 * take the rows' controls in and out of the tab order. Fifty fill more than a screen, and drawing
 * them is the whole cost of a keystroke (the search itself is a pass over precomputed text).
 */
const LIBRARY_PAGE_SIZE = 50;

function EmptyLibrary() {
  return (
    <div className={styles.empty}>
      <p>No saved views yet.</p>
      <p>
        On the Today, query, Compare, price map, locations or peak report page, choose <strong>Save</strong>{' '}
        (or press Ctrl+S, ⌘S on a Mac) to keep the view here with a name and a note. Saved views stay in this
        browser, work offline and travel as files or links.
      </p>
      <p>You can also import a workspace file someone sent you.</p>
    </div>
  );
}

/** Rows drawn in the first commit of a new list: more than a screen holds, a fraction of a page. */
const FIRST_ROWS = 12;

/**
 * How many rows to draw: a new list (the page opened, a keystroke of the search, a sort) draws a
 * screenful first and the rest of its page in a transition started once that is committed (the
 * next keystroke interrupts it), so the rows a person sees arrive without waiting for the ones
 * below the fold.
 */
function useRowsInTwoSteps(listKey: string, shown: number): number {
  const [filled, setFilled] = useState<string | null>(null);
  useEffect(() => {
    if (filled !== listKey) startTransition(() => setFilled(listKey));
  }, [listKey, filled]);
  return filled === listKey ? shown : Math.min(shown, FIRST_ROWS);
}

function ViewsTab() {
  const live = useLiveViews();
  const navigate = useNavigate();
  const location = useLocation();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [sort, setSort] = useState<LibrarySort>('opened');
  const [starredOnly, setStarredOnly] = useState(false);
  // How many rows are drawn, for the search and filter it was set under: a new search starts from the top.
  const [paging, setPaging] = useState({ key: '', shown: LIBRARY_PAGE_SIZE });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const [share, setShare] = useState<ShareOffer | null>(null);
  const importFlow = useImportFlow();

  const fail = useCallback((text: string) => setNotice({ text, error: true }), []);
  const { deleted, remove, undo } = useDeleteWithUndo(fail);
  // The deleted row took the focus with it: Undo, announced beside "Deleted N views", takes it.
  const undoButton = useRef<HTMLButtonElement>(null);
  const hadDeleted = useRef(false);
  useEffect(() => {
    if (deleted.length > 0 && !hadDeleted.current) undoButton.current?.focus();
    hadDeleted.current = deleted.length > 0;
  }, [deleted.length]);

  const views = useMemo(() => (live.state === 'ready' ? live.views : []), [live]);
  const index = useMemo(() => indexViews(views), [views]);
  const found = useMemo(
    () => filterViews(index, { search: deferredSearch, starredOnly, sort }),
    [index, deferredSearch, starredOnly, sort],
  );
  const byId = useMemo(() => new Map(views.map((v) => [v.id, v])), [views]);
  const chosen = useMemo(() => [...selected].flatMap((id) => byId.get(id) ?? []), [selected, byId]);

  const pagingKey = `${deferredSearch}\n${String(starredOnly)}\n${sort}`;
  const shown = paging.key === pagingKey ? paging.shown : LIBRARY_PAGE_SIZE;
  const drawn = useRowsInTwoSteps(pagingKey, shown);

  // A share link opens the library with the set in its fragment: read it, show the preview, and
  // take the fragment out of the address so a reload or a bookmark does not offer it again.
  const { read } = importFlow;
  const handledHash = useRef<string | null>(null);
  useEffect(() => {
    const data = shareDataOf(location.hash);
    if (data === null || handledHash.current === location.hash) return;
    handledHash.current = location.hash;
    void read({ kind: 'link' }, () => readShareData(data));
    void navigate({ pathname: location.pathname, search: location.search, hash: '' }, { replace: true });
  }, [location, navigate, read]);

  const offerShare = useCallback(async (set: SavedView[]) => {
    setShare({ views: set, link: await shareLinkFor(set) });
  }, []);

  const actions = useMemo<ViewRowActions>(
    () => ({
      open: (view) => {
        openSavedView(view);
        void patchView(view.id, { openedAt: Date.now() }).catch(() => undefined);
      },
      star: (view) => {
        patchView(view.id, { starred: !view.starred }).catch((e: unknown) =>
          fail(describeStorageError(e).message),
        );
      },
      rename: (view, name) => {
        patchView(view.id, { name }).then(
          () => setNotice({ text: `Renamed to “${name}”.`, error: false }),
          (e: unknown) => fail(describeStorageError(e).message),
        );
      },
      duplicate: (view) => {
        duplicateView(view.id).then(
          (copy) => copy && setNotice({ text: `Saved a copy as “${copy.name}”.`, error: false }),
          (e: unknown) => fail(describeStorageError(e).message),
        );
      },
      exportFile: (view) => downloadWorkspaceFile([view]),
      share: (view) => void offerShare([view]),
      remove: (view) => void remove([view.id]),
      select: (view, on) =>
        setSelected((before) => {
          const next = new Set(before);
          if (on) next.add(view.id);
          else next.delete(view.id);
          return next;
        }),
    }),
    [fail, offerShare, remove],
  );

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file === undefined) return;
    void read({ kind: 'file', name: file.name }, async () =>
      file.size > MAX_FILE_BYTES
        ? {
            ok: false,
            problems: [
              `The file is ${formatCount(Math.ceil(file.size / 1024 / 1024), 'MB', 'MB')}, past the 50 MB a workspace file may be.`,
            ],
          }
        : parseWorkspaceFile(await file.text()),
    );
  };

  const allFoundSelected = found.length > 0 && found.every((v) => selected.has(v.id));
  const deleteSelected = () => {
    void remove(chosen.map((v) => v.id));
    setSelected(new Set());
  };

  if (live.state === 'failed') {
    return (
      <p role="alert" className={styles.error}>
        The saved views could not be read. {live.message}
      </p>
    );
  }

  return (
    <>
      <div className={styles.toolbar}>
        <div className={styles.field}>
          <label htmlFor="library-search">Search saved views</label>
          <input
            id="library-search"
            type="search"
            value={search}
            placeholder="Name, note, dataset, kind or time range"
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor="library-sort">Sort by</label>
          <select id="library-sort" value={sort} onChange={(e) => setSort(e.target.value as LibrarySort)}>
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <label className={styles.check}>
          <input type="checkbox" checked={starredOnly} onChange={(e) => setStarredOnly(e.target.checked)} />
          Starred only
        </label>
        <div className={styles.field}>
          <label htmlFor="library-import">Import file…</label>
          <input
            id="library-import"
            type="file"
            accept=".json,application/json"
            aria-describedby="library-import-hint"
            onChange={onFile}
          />
          <span id="library-import-hint" className={styles.hint}>
            A .gridscope.json workspace file
          </span>
        </div>
        <button type="button" onClick={() => downloadWorkspaceFile(views)} disabled={views.length === 0}>
          Export all
        </button>
      </div>

      <ImportPanel
        flow={importFlow.flow}
        onConfirm={() => void importFlow.confirm()}
        onCancel={importFlow.cancel}
      />
      {share !== null && <SharePanel offer={share} onClose={() => setShare(null)} />}
      <div role="status" className={styles.statusArea}>
        {deleted.length > 0 && (
          <p className={styles.undo}>
            Deleted {formatCount(deleted.length, 'view')}.{' '}
            <button ref={undoButton} type="button" onClick={() => void undo()}>
              Undo
            </button>
          </p>
        )}
        {notice !== null && !notice.error && <p>{notice.text}</p>}
      </div>
      {notice?.error && (
        <p role="alert" className={styles.error}>
          {notice.text}
        </p>
      )}

      {live.state === 'loading' ? (
        <p>Loading saved views…</p>
      ) : views.length === 0 ? (
        <EmptyLibrary />
      ) : (
        <>
          <div className={styles.selectionBar}>
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={allFoundSelected}
                disabled={found.length === 0}
                onChange={(e) => setSelected(e.target.checked ? new Set(found.map((v) => v.id)) : new Set())}
              />
              Select all {formatCount(found.length, 'matching view')}
            </label>
            {chosen.length > 0 && (
              <>
                <span>{formatCount(chosen.length, 'view')} selected:</span>
                <button type="button" onClick={() => downloadWorkspaceFile(chosen)}>
                  Export selection
                </button>
                <button type="button" onClick={() => void offerShare(chosen)}>
                  Share selection
                </button>
                <button type="button" className={styles.danger} onClick={deleteSelected}>
                  Delete selection
                </button>
              </>
            )}
          </div>
          {/* data-search: the search the list below answers (the input's value runs ahead of it while a deferred render is pending); the bench times keystrokes by it. */}
          <p className={styles.count} aria-live="polite" data-search={deferredSearch}>
            {found.length === 0
              ? 'No saved view matches.'
              : found.length > shown
                ? `Showing ${formatCount(shown, 'view')} of ${formatCount(found.length, 'match', 'matches')}.`
                : `${formatCount(found.length, 'view')}${found.length < views.length ? ` of ${formatCount(views.length, 'saved view')}` : ''}.`}
          </p>
          <ul className={styles.list} aria-label="Saved views">
            {found.slice(0, drawn).map((view) => (
              <ViewRow key={view.id} view={view} selected={selected.has(view.id)} actions={actions} />
            ))}
          </ul>
          {found.length > shown && (
            <button
              type="button"
              onClick={() => setPaging({ key: pagingKey, shown: shown + LIBRARY_PAGE_SIZE })}
            >
              Show {formatCount(Math.min(LIBRARY_PAGE_SIZE, found.length - shown), 'more view')}
            </button>
          )}
        </>
      )}
    </>
  );
}

/** Saved views and query history: the analyst's work kept in this browser (issue 28). */
export function LibraryPage() {
  useDocumentTitle('Library');
  const [tab, setTab] = useState<LibraryTab>('Views');
  return (
    <div className="page">
      <h1>Library</h1>
      <Tabs
        tabs={TABS}
        active={tab}
        onSelect={setTab}
        label="Library"
        idPrefix="library"
        classNames={{ tablist: styles.tabs, panel: styles.panel }}
        panel={tab === 'Views' ? <ViewsTab /> : <HistoryList />}
      />
    </div>
  );
}
