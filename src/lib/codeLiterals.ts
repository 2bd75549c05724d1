/**
 * Values written into generated code (the Code tab's curl, Python and TypeScript, Compare's
 * Python script): each goes in as one literal of the target language, quoted by that language's
 * own rules, so no value can end its literal, its line or its comment early. The generators build
 * everything else from fixed text, parsed trees and whole numbers.
 */

/**
 * Characters escaped even where a language would take them raw: control characters, line and
 * paragraph separators, format characters (bidi overrides reorder what a reader sees) and lone
 * surrogates (which no UTF-8 file can hold).
 */
const UNSEEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;
const UNSEEN_ALL = new RegExp(UNSEEN.source, 'gu');

const hex = (n: number, width: number): string => n.toString(16).padStart(width, '0');

function quoted(text: string, escape: (codePoint: number) => string): string {
  let out = '"';
  for (const ch of text) {
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (UNSEEN.test(ch)) out += escape(ch.codePointAt(0) ?? 0);
    else out += ch;
  }
  return `${out}"`;
}

/** A Python `str` literal (`\xHH`, `\uHHHH`, `\UHHHHHHHH` for what is escaped). */
export const pyString = (text: string): string =>
  quoted(text, (c) => (c < 0x100 ? `\\x${hex(c, 2)}` : c < 0x10000 ? `\\u${hex(c, 4)}` : `\\U${hex(c, 8)}`));

/** A JavaScript/TypeScript string literal (`\uHHHH`, `\u{H…}` for what is escaped). */
export const jsString = (text: string): string =>
  quoted(text, (c) => (c < 0x10000 ? `\\u${hex(c, 4)}` : `\\u{${c.toString(16)}}`));

/** One POSIX shell word: single quotes take everything literally except `'`, which closes and reopens. */
export const shellQuote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * A whole number as code. Throws for anything else: the URL readers let only whole numbers through,
 * so another value here is a bug to surface, not text to write.
 */
export function intLiteral(n: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`Not a whole number: ${String(n)}`);
  return String(n);
}

/** A Python comment holding `text` on one line: what could end or disguise the line becomes `?`. */
export const pyComment = (text: string): string => `# ${text.replace(UNSEEN_ALL, '?')}`;
