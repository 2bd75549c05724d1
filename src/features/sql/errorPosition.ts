/**
 * Where in the editor an error points. DuckDB counts lines and columns (1-based) in the text it
 * ran, which is the selection when only the selection ran: the position is found in that text and
 * moved by where the text starts in the editor.
 */
export function errorOffset(ran: string, line: number, column: number): number {
  let start = 0;
  for (let l = 1; l < line; l++) {
    const next = ran.indexOf('\n', start);
    if (next < 0) return ran.length;
    start = next + 1;
  }
  const end = ran.indexOf('\n', start);
  const lineEnd = end < 0 ? ran.length : end;
  return Math.min(start + Math.max(0, column - 1), lineEnd);
}

/** The span to mark: the word (or the one character) at `at`, so a caret at a line's end still shows. */
export function errorSpan(text: string, at: number): { from: number; to: number } {
  const word = /[\w$]/;
  let to = at;
  while (to < text.length && word.test(text.charAt(to))) to++;
  if (to > at) return { from: at, to };
  // Not on a word: the character there, or the one before when the error sits at the very end.
  if (at < text.length && text.charAt(at) !== '\n') return { from: at, to: at + 1 };
  return at > 0 ? { from: at - 1, to: at } : { from: 0, to: Math.min(1, text.length) };
}
