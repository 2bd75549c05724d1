/**
 * Enter, Backspace and Delete as CodeMirror transactions. Like editorHistory.ts, this stands in for
 * `@codemirror/commands` (not installed): without a binding these keys fall to the browser's own
 * editing, and Chromium's writes inline `style` attributes into the editor, which the app's policy
 * (`style-src 'self'`) refuses. Replace with `defaultKeymap` when that package is added.
 */
import { EditorSelection, findClusterBreak, type EditorState } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';

/** A new line keeps the indentation of the one it breaks. */
function newline(view: EditorView): boolean {
  const { state } = view;
  const changes = state.changeByRange((range) => {
    const line = state.doc.lineAt(range.from);
    const indent = /^[ \t]*/.exec(line.text)?.[0] ?? '';
    const insert = `\n${indent}`;
    return {
      changes: { from: range.from, to: range.to, insert },
      range: EditorSelection.cursor(range.from + insert.length),
    };
  });
  view.dispatch(state.update(changes, { scrollIntoView: true, userEvent: 'input' }));
  return true;
}

function deleteBy(forward: boolean) {
  return (view: EditorView): boolean => {
    const { state } = view;
    const target = (s: EditorState, pos: number): number => {
      const line = s.doc.lineAt(pos);
      if (forward ? pos === line.to : pos === line.from)
        return forward ? Math.min(s.doc.length, pos + 1) : Math.max(0, pos - 1);
      return line.from + findClusterBreak(line.text, pos - line.from, forward);
    };
    const changes = state.changeByRange((range) => {
      const from = range.empty ? (forward ? range.from : target(state, range.from)) : range.from;
      const to = range.empty ? (forward ? target(state, range.from) : range.from) : range.to;
      return { changes: { from, to }, range: EditorSelection.cursor(from) };
    });
    if (!changes.changes.empty)
      view.dispatch(
        state.update(changes, {
          scrollIntoView: true,
          userEvent: forward ? 'delete.forward' : 'delete.backward',
        }),
      );
    return true;
  };
}

/**
 * Text typed over a selection goes in by transaction too: Chromium's own replacement merged the
 * selected lines' elements with inline styles. Input handlers (closing brackets) get their say
 * first. Typing at a caret, and input methods' composition, are left to CodeMirror.
 */
const typing = EditorView.domEventHandlers({
  beforeinput(event, view) {
    const { from, to } = view.state.selection.main;
    if (event.inputType !== 'insertText' || !event.data || view.composing || from === to) return false;
    const text = event.data;
    event.preventDefault();
    const defaultInsert = () =>
      view.state.update(view.state.replaceSelection(text), { scrollIntoView: true, userEvent: 'input.type' });
    if (
      !view.state
        .facet(EditorView.inputHandler)
        .some((handler) => handler(view, from, to, text, defaultInsert))
    )
      view.dispatch(defaultInsert());
    return true;
  },
});

export const editorKeys = [
  keymap.of([
    { key: 'Enter', run: newline },
    { key: 'Backspace', run: deleteBy(false) },
    { key: 'Delete', run: deleteBy(true) },
  ]),
  typing,
];
