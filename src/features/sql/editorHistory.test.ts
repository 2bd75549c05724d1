// @vitest-environment jsdom
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { editorHistory, redo, undo } from './editorHistory';

function editor(doc: string) {
  return new EditorView({ state: EditorState.create({ doc, extensions: editorHistory() }) });
}
const type = (view: EditorView, at: number, text: string) =>
  view.dispatch({ changes: { from: at, insert: text }, userEvent: 'input.type' });

describe('undo and redo in the SQL editor', () => {
  it('undoes a run of typing as one step, and a replaced text as another', () => {
    const view = editor('SELECT 1');
    type(view, 8, ',');
    type(view, 9, ' 2');
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: 'PIVOT rt ON x' } });
    expect(undo(view)).toBe(true);
    expect(view.state.doc.toString()).toBe('SELECT 1, 2');
    expect(undo(view)).toBe(true);
    expect(view.state.doc.toString()).toBe('SELECT 1');
    expect(undo(view)).toBe(false);
    expect(redo(view)).toBe(true);
    expect(view.state.doc.toString()).toBe('SELECT 1, 2');
    expect(redo(view)).toBe(true);
    expect(view.state.doc.toString()).toBe('PIVOT rt ON x');
    expect(redo(view)).toBe(false);
  });

  it('forgets what was undone once something new is typed', () => {
    const view = editor('a');
    view.dispatch({ changes: { from: 1, insert: 'b' } });
    undo(view);
    type(view, 1, 'c');
    expect(redo(view)).toBe(false);
    expect(view.state.doc.toString()).toBe('ac');
    undo(view);
    expect(view.state.doc.toString()).toBe('a');
  });
});
