/**
 * DuckDB's error messages read as a kind, a message and the position it marked. DuckDB writes
 * `Kind Error: what\n\nLINE n: <the line, or 80 characters of it around the spot>\n<spaces>^`
 * (parser errors repeat the LINE block); the caret's column counts the `LINE n: ` prefix and a
 * leading `...` when the line was cut, so the column in the statement is found from where the
 * shown text sits in the line of the SQL (when the SQL is given) or from the caret alone.
 */
import type { SqlErrorInfo } from './types';

const KIND = /^([A-Z][A-Za-z]*(?: [A-Z][A-Za-z]*)* Error): ?/;
const LINE_BLOCK = /\n\nLINE (\d+): (.*)\n( *)\^/;
const ELLIPSIS = '...';

/** The index in `text` of its `characters`-th character: DuckDB counts characters, JavaScript UTF-16 units. */
function unitIndex(text: string, characters: number): number {
  let units = 0;
  let counted = 0;
  for (const char of text) {
    if (counted === characters) break;
    units += char.length;
    counted += 1;
  }
  return units + (characters - counted);
}

/** The 1-based column of the caret, from the text DuckDB showed, the caret's place under it and the line of the SQL. */
function caretColumn(
  prefixLength: number,
  shown: string,
  caret: number,
  sqlLine: string | undefined,
): number | null {
  const offset = caret - prefixLength;
  if (offset < 0) return null;
  if (!shown.startsWith(ELLIPSIS)) return unitIndex(shown, offset) + 1;
  // A cut line: where the shown part starts in the real line says how much was cut.
  if (sqlLine === undefined) return null;
  const body = shown.slice(ELLIPSIS.length).replace(/\.\.\.$/, '');
  const at = sqlLine.indexOf(body);
  return at < 0 || offset < ELLIPSIS.length ? null : at + unitIndex(body, offset - ELLIPSIS.length) + 1;
}

/**
 * DuckDB-WASM reports an error of a script of several statements as JSON
 * (`{"exception_type":"Parser","exception_message":"…","position":"10"}`): the same message, its
 * kind apart, and the offset of the spot in the whole script.
 */
function fromJson(message: string): { message: string; position: number | null } | null {
  if (!message.startsWith('{')) return null;
  try {
    const parsed = JSON.parse(message) as Record<string, unknown>;
    const type = parsed.exception_type;
    const text = parsed.exception_message;
    if (typeof type !== 'string' || typeof text !== 'string') return null;
    const position = Number(parsed.position);
    return { message: `${type} Error: ${text}`, position: Number.isInteger(position) ? position : null };
  } catch {
    return null;
  }
}

/** The 1-based line and column of an offset (in characters) of `sql`. */
function lineAndColumn(sql: string, offset: number): { line: number; column: number } | null {
  if (offset < 0 || offset > sql.length) return null;
  const before = sql.slice(0, offset);
  const lineStart = Math.max(before.lastIndexOf('\n'), before.lastIndexOf('\r')) + 1;
  return { line: before.split(/\r?\n|\r/).length, column: offset - lineStart + 1 };
}

/** An error message of DuckDB as its parts; the SQL it ran, when given, places a caret on a cut line. */
export function parseSqlError(raw: string, sql?: string): SqlErrorInfo {
  const json = fromJson(raw);
  const message = json?.message ?? raw;
  const info = parseText(message, sql);
  if (info.line !== null || json?.position == null || sql === undefined) return info;
  return { ...info, ...lineAndColumn(sql, json.position) };
}

function parseText(message: string, sql: string | undefined): SqlErrorInfo {
  const kindMatch = KIND.exec(message);
  const kind = kindMatch?.[1] ?? 'Error';
  const rest = kindMatch ? message.slice(kindMatch[0].length) : message;
  const block = LINE_BLOCK.exec(rest);
  if (block === null) return { kind, message: rest.trim(), line: null, column: null };
  const line = Number(block[1]);
  const shown = block[2] ?? '';
  const caret = (block[3] ?? '').length;
  const prefixLength = `LINE ${line}: `.length;
  const column = caretColumn(prefixLength, shown, caret, sql?.split(/\r?\n|\r/)[line - 1]);
  return { kind, message: rest.slice(0, block.index).trim(), line, column };
}
