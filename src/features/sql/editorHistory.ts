/**
 * Undo and redo for the SQL editor. This stands in for `@codemirror/commands`' history, which is
 * not installed: the `codemirror` 6.65.7 package the project pins is CodeMirror 5's code published
 * under a 6.x number, so the CodeMirror 6 modules here are only those `@codemirror/lang-sql`
 * brings (view, state, language, autocomplete). When `@codemirror/commands` is added, use its
 * `history()` and `historyKeymap` instead and delete this file.
 *
 * Every change is recorded as its inverse; undo applies the latest inverse (the document is then
 * exactly the one that inverse was made for, because changes are undone in reverse order) and
 * records the inverse of that for redo. Typing within a short pause joins one step.
 */
import type { ChangeSet, EditorSelection } from '@codemirror/state';
import { Annotation, StateField, type Extension, type Transaction } from '@codemirror/state';
import { keymap, type EditorView } from '@codemirror/view';

interface Step {
  changes: ChangeSet;
  selection: EditorSelection;
  at: number;
}

interface History {
  done: readonly Step[];
  undone: readonly Step[];
}

/** Marks the transactions undo and redo make, so they are not recorded as new edits. */
const fromHistory = Annotation.define<'undo' | 'redo'>();
/** Keystrokes closer together than this are one step to undo. */
const JOIN_MS = 500;
const MAX_STEPS = 200;

function record(history: History, tr: Transaction): History {
  const inverse: Step = {
    changes: tr.changes.invert(tr.startState.doc),
    selection: tr.startState.selection,
    at: Date.now(),
  };
  const last = history.done[history.done.length - 1];
  const typing = tr.isUserEvent('input.type') || tr.isUserEvent('delete');
  if (last && typing && inverse.at - last.at < JOIN_MS)
    // Undo this keystroke, then the earlier ones: one step for the whole run of typing.
    return {
      done: [
        ...history.done.slice(0, -1),
        { changes: inverse.changes.compose(last.changes), selection: last.selection, at: inverse.at },
      ],
      undone: [],
    };
  return { done: [...history.done, inverse].slice(-MAX_STEPS), undone: [] };
}

const historyField = StateField.define<History>({
  create: () => ({ done: [], undone: [] }),
  update(history, tr) {
    const kind = tr.annotation(fromHistory);
    if (!tr.docChanged) return history;
    const inverse: Step = {
      changes: tr.changes.invert(tr.startState.doc),
      selection: tr.startState.selection,
      at: 0,
    };
    if (kind === 'undo') return { done: history.done.slice(0, -1), undone: [...history.undone, inverse] };
    if (kind === 'redo') return { done: [...history.done, inverse], undone: history.undone.slice(0, -1) };
    return record(history, tr);
  },
});

function apply(kind: 'undo' | 'redo') {
  return (view: EditorView): boolean => {
    const history = view.state.field(historyField);
    const stack = kind === 'undo' ? history.done : history.undone;
    const step = stack[stack.length - 1];
    if (!step) return false;
    view.dispatch({
      changes: step.changes,
      selection: step.selection,
      annotations: fromHistory.of(kind),
      scrollIntoView: true,
      userEvent: kind,
    });
    return true;
  };
}

export const undo = apply('undo');
export const redo = apply('redo');

/** Undo with Mod-z, redo with Mod-y or Shift-Mod-z. */
export function editorHistory(): Extension {
  return [
    historyField,
    keymap.of([
      { key: 'Mod-z', run: undo, preventDefault: true },
      { key: 'Mod-y', run: redo, preventDefault: true },
      { key: 'Shift-Mod-z', run: redo, preventDefault: true },
    ]),
  ];
}
