import fc from 'fast-check';
import {
  HAS_PYTHON,
  HOSTILE_BEYOND_SHELL,
  HOSTILE_VALUES,
  pythonAsts,
  pythonStrings,
  pythonTokens,
  readTypeScript,
  runWithFakeCurl,
  unseenIn,
} from '@/test/generatedCode';
import { intLiteral, jsString, pyComment, pyString, shellQuote } from './codeLiterals';

/** Any UTF-16 text: lone surrogates, controls and astral characters included. */
const anyText = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) });
const anyCodePoints = fc.string({ unit: 'binary' });
const samples = fc.sample(fc.oneof(anyText, anyCodePoints), { numRuns: 300, seed: 42 });
const everything = [...HOSTILE_VALUES, ...HOSTILE_BEYOND_SHELL, ...samples];

describe('values written into generated code', () => {
  it('a Python string literal is one token holding the value, with nothing unseen in it', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, anyCodePoints), (text) => {
        const tokens = pythonTokens(`x = ${pyString(text)}\n`);
        expect(tokens.map((t) => t.kind)).toEqual(['name', 'op', 'string', 'newline']);
        expect(pythonStrings(tokens)).toEqual([text]);
        expect(unseenIn(pyString(text))).toEqual([]);
      }),
    );
  });

  it.skipIf(!HAS_PYTHON)('python3 reads each Python literal back as the value itself', () => {
    const sources = everything.map((text) => `x = ${pyString(text)}\n`);
    const read = pythonAsts(sources);
    read.forEach((ast, i) => {
      expect(ast.error).toBeUndefined();
      expect(ast.strings).toEqual([everything[i]]);
      expect(ast.shape).toBe(read[0]?.shape);
    });
  });

  it('TypeScript reads each JS literal back as the value itself, as one string literal', () => {
    const code = everything.map((text) => `x(${jsString(text)});`).join('\n');
    const read = readTypeScript(code);
    expect(read.diagnostics).toEqual([]);
    expect(read.strings).toEqual(everything);
    expect(unseenIn(code)).toEqual([]);
  });

  it('bash reads each shell-quoted value as exactly one argument and runs none of it', () => {
    const shellable = [...HOSTILE_VALUES, ...samples].filter((t) => !t.includes('\0') && !/\p{Cs}/u.test(t));
    const { args, created } = runWithFakeCurl([`curl ${shellable.map(shellQuote).join(' ')}`]);
    expect(args).toEqual([shellable]);
    expect(created).toEqual([]);
  });

  it('a Python comment stays on its line, whatever it quotes', () => {
    for (const text of everything) {
      const tokens = pythonTokens(`${pyComment(text)}\nx = 1\n`);
      expect(tokens.map((t) => t.kind)).toEqual(['comment', 'newline', 'name', 'op', 'number', 'newline']);
    }
  });

  it('writes whole numbers only', () => {
    expect(intLiteral(-364)).toBe('-364');
    for (const bad of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])
      expect(() => intLiteral(bad)).toThrow(RangeError);
    expect(() => intLiteral('1); import os' as unknown as number)).toThrow(RangeError);
  });
});
