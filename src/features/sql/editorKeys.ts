/**
 * The SQL editor's keys: CodeMirror's own (`defaultKeymap`, `historyKeymap`) so Enter, Backspace,
 * Delete, undo and redo are CodeMirror transactions, and one handler of our own for text typed
 * over a selection. Any key left to the browser's own editing lets Chromium write inline `style`
 * attributes into the editor, which the app's policy (`style-src 'self'`) refuses.
 */
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { EditorView, keymap } from '@codemirror/view';

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

export const editorKeys = [history(), keymap.of([...defaultKeymap, ...historyKeymap]), typing];
