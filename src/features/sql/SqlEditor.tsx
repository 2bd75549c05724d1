import {
  autocompletion,
  closeBrackets,
  closeBracketsKeymap,
  completionKeymap,
} from '@codemirror/autocomplete';
import { PostgreSQL, sql, type SQLNamespace } from '@codemirror/lang-sql';
import { bracketMatching, HighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorSelection, EditorState, Prec, StateEffect, StateField } from '@codemirror/state';
import {
  Decoration,
  drawSelection,
  EditorView,
  keymap,
  lineNumbers,
  type DecorationSet,
} from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { editorKeys } from './editorKeys';
import { errorOffset, errorSpan } from './errorPosition';
import styles from './SqlPage.module.css';

/** What ran: the editor's whole text, or the selection and where it starts. */
export interface SqlRun {
  sql: string;
  /** Offset in the editor's text where `sql` starts (0 for the whole text). */
  from: number;
}

/** An error to mark: DuckDB's 1-based position in the text of the run that failed. */
export interface SqlEditorError {
  run: SqlRun;
  line: number;
  column: number;
}

/** What the page's Run button asks of the editor. */
export interface SqlEditorHandle {
  /** The selection when there is one, else everything: what Ctrl/Cmd+Enter would run. */
  currentRun(): SqlRun;
}

interface Props {
  ref?: Ref<SqlEditorHandle>;
  value: string;
  onChange: (text: string) => void;
  /** Ctrl/Cmd+Enter: the selection when there is one, else everything. */
  onRun: (run: SqlRun) => void;
  /** Table name → column names, for completion. */
  schema: SQLNamespace;
  error: SqlEditorError | null;
  /** The accessible name of the text area. */
  label: string;
  /** Read after the editor's name (the shadow root it lives in cannot point at the page's ids). */
  description?: string;
}

const setErrorMark = StateEffect.define<{ from: number; to: number } | null>();
const errorMark = Decoration.mark({ class: 'cm-sql-error', attributes: { 'aria-invalid': 'true' } });

/** The marked error: cleared by the next edit, since the text it pointed at has changed. */
const errorField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, tr) {
    for (const effect of tr.effects)
      if (effect.is(setErrorMark))
        marks =
          effect.value === null
            ? Decoration.none
            : Decoration.set(errorMark.range(effect.value.from, effect.value.to));
    return tr.docChanged ? Decoration.none : marks;
  },
  provide: (field) => EditorView.decorations.from(field),
});

/** Colours from the app's tokens, which meet AA contrast in both themes. */
const highlight = HighlightStyle.define([
  {
    tag: [tags.keyword, tags.operatorKeyword, tags.modifier],
    color: 'var(--color-accent)',
    fontWeight: '600',
  },
  { tag: [tags.string, tags.special(tags.string)], color: 'var(--color-success)' },
  { tag: [tags.number, tags.bool, tags.null], color: 'var(--color-warning)' },
  {
    tag: [tags.comment, tags.lineComment, tags.blockComment],
    color: 'var(--color-muted)',
    fontStyle: 'italic',
  },
  { tag: tags.typeName, color: 'var(--color-danger)' },
]);

/*
 * The editor's whole look is here, not in the page's stylesheet: it lives in a shadow root (see
 * SqlEditor), which the page's styles do not reach. The app's colour tokens are custom properties,
 * which do.
 */
const theme = EditorView.theme({
  '&': {
    backgroundColor: 'var(--color-bg)',
    color: 'var(--color-text)',
    border: '1px solid var(--color-border)',
    borderRadius: 'var(--radius)',
    minHeight: '10rem',
    maxHeight: '28rem',
    fontSize: '0.9rem',
  },
  '&.cm-focused': { outline: '2px solid var(--color-focus)', outlineOffset: '1px' },
  '.cm-scroller': { minHeight: '10rem', overflow: 'auto' },
  '.cm-content': { fontFamily: 'var(--font-mono)', caretColor: 'var(--color-text)' },
  '.cm-sql-error': {
    textDecoration: 'wavy underline var(--color-danger)',
    backgroundColor: 'var(--color-danger-bg)',
  },
  '.cm-gutters': { backgroundColor: 'var(--color-surface)', color: 'var(--color-muted)', border: 'none' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground': {
    backgroundColor: 'var(--color-surface-2)',
  },
  '&.cm-focused .cm-cursor': { borderLeftColor: 'var(--color-text)' },
  '.cm-tooltip': {
    backgroundColor: 'var(--color-surface)',
    color: 'var(--color-text)',
    border: '1px solid var(--color-border)',
  },
  '.cm-tooltip-autocomplete ul li[aria-selected]': {
    backgroundColor: 'var(--color-accent)',
    color: 'var(--color-accent-contrast)',
  },
});

/** The selection's text and start, or the whole text when nothing is selected. */
function runOf(state: EditorState): SqlRun {
  const { from, to } = state.selection.main;
  return from === to ? { sql: state.doc.toString(), from: 0 } : { sql: state.sliceDoc(from, to), from };
}

/**
 * The SQL editor: CodeMirror 6 with DuckDB-flavoured (PostgreSQL) highlighting, completion of the
 * session's tables and columns, Ctrl/Cmd+Enter to run, and DuckDB's error position marked. Tab is
 * left to the browser, so keyboard users move on past the editor; indent with spaces.
 */
export function SqlEditor({ ref, value, onChange, onRun, schema, error, label, description }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const language = useRef(new Compartment());
  useImperativeHandle(ref, () => ({
    currentRun: () => (view.current ? runOf(view.current.state) : { sql: value, from: 0 }),
  }));
  // The latest callbacks, read by the editor's handlers (made once, with the view).
  const latest = useRef({ onChange, onRun });
  useEffect(() => {
    latest.current = { onChange, onRun };
  });

  useEffect(() => {
    if (!host.current) return;
    // CodeMirror writes its styles at run time. Into the document they would go as a <style>
    // element, which the app's policy (`style-src 'self'`) refuses; into a shadow root they go as
    // a constructed stylesheet, which the policy does not govern.
    const shadow = host.current.shadowRoot ?? host.current.attachShadow({ mode: 'open' });
    const parent = document.createElement('div');
    shadow.append(parent);
    const editor = new EditorView({
      parent,
      root: shadow,
      state: EditorState.create({
        doc: value,
        extensions: [
          Prec.highest(
            keymap.of([
              {
                key: 'Mod-Enter',
                preventDefault: true,
                run: (v) => {
                  latest.current.onRun(runOf(v.state));
                  return true;
                },
              },
            ]),
          ),
          lineNumbers(),
          drawSelection(),
          bracketMatching(),
          closeBrackets(),
          indentOnInput(),
          autocompletion(),
          keymap.of([...closeBracketsKeymap, ...completionKeymap]),
          editorKeys,
          syntaxHighlighting(highlight),
          language.current.of(sql({ dialect: PostgreSQL, upperCaseKeywords: true })),
          errorField,
          theme,
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({
            'aria-label': label,
            ...(description ? { 'aria-description': description } : {}),
          }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      parent.remove();
      view.current = null;
    };
    // The view is made once; later values and schemas reach it through the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A value from outside (an example, a link): replace the text, leaving typing alone.
  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === value) return;
    editor.dispatch({
      changes: { from: 0, to: editor.state.doc.length, insert: value },
      selection: EditorSelection.cursor(value.length),
    });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({
      effects: language.current.reconfigure(sql({ dialect: PostgreSQL, upperCaseKeywords: true, schema })),
    });
  }, [schema]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    if (error === null) {
      editor.dispatch({ effects: setErrorMark.of(null) });
      return;
    }
    const text = editor.state.doc.toString();
    // The run's text is still where it was only if the editor was not changed since.
    if (text.slice(error.run.from, error.run.from + error.run.sql.length) !== error.run.sql) return;
    const at = error.run.from + errorOffset(error.run.sql, error.line, error.column);
    const span = errorSpan(text, at);
    editor.dispatch({
      effects: [setErrorMark.of(span), EditorView.scrollIntoView(span.from, { y: 'center' })],
      selection: EditorSelection.cursor(span.from),
    });
  }, [error]);

  return <div ref={host} className={styles.editor} data-sql-editor="" />;
}
