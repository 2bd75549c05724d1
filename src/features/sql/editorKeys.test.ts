// @vitest-environment jsdom
import { EditorSelection, EditorState } from '@codemirror/state';
import { EditorView, runScopeHandlers } from '@codemirror/view';
import { redo, undo } from '@codemirror/commands';
import { editorKeys } from './editorKeys';

function editor(doc: string, anchor: number, head = anchor) {
  return new EditorView({
    state: EditorState.create({
      doc,
      selection: EditorSelection.single(anchor, head),
      extensions: editorKeys,
    }),
  });
}
const press = (view: EditorView, key: string) =>
  runScopeHandlers(view, new KeyboardEvent('keydown', { key }), 'editor');

beforeAll(() => {
  // jsdom lays nothing out: CodeMirror measures text through ranges, which it gives no boxes.
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});

describe('keys of the SQL editor', () => {
  it('breaks a line keeping its indentation', () => {
    const view = editor('SELECT\n  a, b', 11);
    press(view, 'Enter');
    expect(view.state.doc.toString()).toBe('SELECT\n  a,\n  b');
    expect(view.state.selection.main.head).toBe(14);
  });

  it('deletes a character, a line break or the selection', () => {
    const view = editor('ab\ncd', 3);
    press(view, 'Backspace');
    expect(view.state.doc.toString()).toBe('abcd');
    press(view, 'Delete');
    expect(view.state.doc.toString()).toBe('abd');
    view.dispatch({ selection: EditorSelection.single(0, 2) });
    press(view, 'Backspace');
    expect(view.state.doc.toString()).toBe('d');
  });

  it('undoes and redoes what was typed', () => {
    const view = editor('SELECT 1', 8);
    view.dispatch({ changes: { from: 8, insert: ', 2' }, userEvent: 'input.type' });
    expect(undo(view)).toBe(true);
    expect(view.state.doc.toString()).toBe('SELECT 1');
    expect(redo(view)).toBe(true);
    expect(view.state.doc.toString()).toBe('SELECT 1, 2');
  });
});
