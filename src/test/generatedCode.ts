/**
 * Reading generated code the way its language does, for tests that feed hostile values into the
 * code generators: a value must arrive as exactly one literal, and the code around it must have the
 * same shape as with a harmless value. Python is read twice, by a small tokenizer here (always) and
 * by python3's own parser (where python3 is installed); TypeScript by the compiler's parser; shell
 * by bash itself, with `curl` a function that prints its arguments.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';

/** Values that end a literal, a line or a comment early in one language or another. */
export const HOSTILE_VALUES: readonly string[] = [
  `O'Brien "quoted"`,
  'ends with a backslash \\',
  'back\\slash\\" and \\\\',
  'line\nimport os; os.system("touch pwned")',
  'carriage\rprint(1)',
  'crlf\r\n#',
  '$(touch pwned)',
  '`touch pwned`',
  '${process.exit(1)}',
  '__import__("os").system("touch pwned")',
  '"""); __import__("os").system("touch pwned"); ("""',
  `'); touch pwned; echo ('`,
  'separator\u2028line\u2029paragraph',
  'bidi \u202eoverride\u202c',
  'next line \u0085 and delete \u007f',
  'tab\tbell\u0007escape\u001b[31m',
  '\\N{LATIN SMALL LETTER A} \\u0041 \\x41',
  '# not a comment',
  '@/etc/passwd',
  '-o pwned',
  'pwn* [a-z] {x,y}',
  'tag \u{e0041} emoji \u{1f600}',
];
/** What no shell argument can hold (NUL), nor any UTF-8 text (a lone surrogate). */
export const HOSTILE_BEYOND_SHELL: readonly string[] = ['nul\u0000byte', 'lone \ud800 surrogate'];

/** Characters that should never appear raw in code a person pastes: only `\n` ends lines. */
const UNSEEN_IN_CODE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu;
export const unseenIn = (code: string): string[] =>
  Array.from(code.matchAll(UNSEEN_IN_CODE), (m) => m[0]).filter((ch) => ch !== '\n');

// ---------------------------------------------------------------------------------------------
// Python, by a tokenizer of the subset the generators write.

export type PyToken =
  | { kind: 'string'; value: string }
  | { kind: 'comment' }
  | { kind: 'newline' }
  | { kind: 'name' | 'number' | 'op'; text: string };

const SIMPLE_ESCAPES: Record<string, string> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  n: '\n',
  r: '\r',
  t: '\t',
  b: '\b',
  f: '\f',
  v: '\v',
  a: '\u0007',
  '0': '\0',
};

function pyUnescape(body: string): string {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body.charAt(i);
    if (c !== '\\') {
      out += c;
      continue;
    }
    const e = body.charAt(++i);
    const width = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0;
    if (width > 0) {
      const digits = body.slice(i + 1, i + 1 + width);
      if (!/^[0-9a-fA-F]+$/.test(digits) || digits.length !== width) throw new Error(`bad \\${e} escape`);
      out += String.fromCodePoint(parseInt(digits, 16));
      i += width;
    } else if (e === '\n') {
      // A backslash at the end of a line continues the string.
    } else if (e === 'N') {
      throw new Error('\\N{…} escapes are not written by the generators');
    } else out += SIMPLE_ESCAPES[e] ?? `\\${e}`;
  }
  return out;
}

/** Python's tokens as Python reads them (for the generators' subset: no f-strings, no prefixes). */
export function pythonTokens(source: string): PyToken[] {
  const tokens: PyToken[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source.charAt(i);
    if (c === '\n' || c === '\r') {
      tokens.push({ kind: 'newline' });
      i += source.startsWith('\r\n', i) ? 2 : 1;
    } else if (c === ' ' || c === '\t' || c === '\f') i++;
    else if (c === '#') {
      // A comment runs to the end of the physical line, which only \n or \r end.
      while (i < source.length && source.charAt(i) !== '\n' && source.charAt(i) !== '\r') i++;
      tokens.push({ kind: 'comment' });
    } else if (c === '"' || c === "'") {
      const quote = source.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
      let j = i + quote.length;
      let body = '';
      for (;;) {
        if (j >= source.length) throw new Error('unterminated string');
        const d = source.charAt(j);
        if (source.startsWith(quote, j)) break;
        if (quote.length === 1 && (d === '\n' || d === '\r')) throw new Error('line break in a string');
        if (d === '\\') {
          body += source.slice(j, j + 2);
          j += 2;
        } else {
          body += d;
          j++;
        }
      }
      tokens.push({ kind: 'string', value: pyUnescape(body) });
      i = j + quote.length;
    } else {
      const m = /^(?:[A-Za-z_][A-Za-z0-9_]*|\d+(?:\.\d*)?(?:e[+-]?\d+)?|\*\*|==|<=|>=|!=|\S)/u.exec(
        source.slice(i),
      );
      const text = m?.[0] ?? c;
      const kind = /^[A-Za-z_]/.test(text) ? 'name' : /^\d/.test(text) ? 'number' : 'op';
      tokens.push({ kind, text });
      i += text.length;
    }
  }
  return tokens;
}

/** The tokens with every string's value replaced: two programs of one shape give the same text. */
export const pythonShape = (tokens: readonly PyToken[]): string =>
  tokens.map((t) => (t.kind === 'string' ? '<str>' : 'text' in t ? t.text : `<${t.kind}>`)).join(' ');

export const pythonStrings = (tokens: readonly PyToken[]): string[] =>
  tokens.flatMap((t) => (t.kind === 'string' ? [t.value] : []));

// ---------------------------------------------------------------------------------------------
// Python, by python3's own parser.

const AST_READER = String.raw`
import ast, json, sys

def dotted(f):
    if isinstance(f, ast.Name):
        return f.id
    if isinstance(f, ast.Attribute):
        return dotted(f.value) + "." + f.attr
    return "?"

def read(source):
    try:
        tree = ast.parse(source)
    except Exception as e:  # SyntaxError, and ValueError for a NUL or a lone surrogate
        return {"error": repr(e), "shape": "", "strings": [], "calls": []}
    calls = [dotted(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)]
    strings = []
    class Blank(ast.NodeTransformer):
        def visit_Constant(self, node):
            if isinstance(node.value, str):
                strings.append(node.value)
                return ast.Constant(value="<str>")
            return node
    shape = ast.dump(Blank().visit(tree))
    return {"shape": shape, "strings": strings, "calls": calls}

print(json.dumps([read(s) for s in json.loads(sys.stdin.read())]))
`;

export interface PythonAst {
  error?: string;
  /** ast.dump of the module with every string constant blanked. */
  shape: string;
  strings: string[];
  /** Every call's function as a dotted name (`pd.Timestamp`, `series`). */
  calls: string[];
}

export const HAS_PYTHON = spawnSync('python3', ['--version']).status === 0;

/** Each source as python3's `ast` reads it (one process for all). */
export function pythonAsts(sources: readonly string[]): PythonAst[] {
  const output = execFileSync('python3', ['-c', AST_READER], {
    input: JSON.stringify(sources),
    encoding: 'utf8',
    env: { ...process.env, PYTHONIOENCODING: 'utf-8' },
    maxBuffer: 256 * 1024 * 1024,
  });
  return JSON.parse(output) as PythonAst[];
}

// ---------------------------------------------------------------------------------------------
// TypeScript, by the compiler's parser.

export interface TsRead {
  diagnostics: string[];
  /** Every node's kind in order, string literals blanked and template pieces kept. */
  shape: string;
  strings: string[];
}

export function readTypeScript(source: string): TsRead {
  const file = ts.createSourceFile('snippet.mts', source, ts.ScriptTarget.ESNext, true, ts.ScriptKind.TS);
  // The parser's own list (what a transpile reports as syntactic), read without a transpile's cost.
  const parsed = (file as ts.SourceFile & { parseDiagnostics?: readonly ts.Diagnostic[] }).parseDiagnostics;
  const diagnostics =
    parsed ??
    ts.transpileModule(source, {
      fileName: 'snippet.mts',
      reportDiagnostics: true,
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ESNext },
    }).diagnostics ??
    [];
  const shape: string[] = [];
  const strings: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node)) {
      strings.push(node.text);
      shape.push('<str>');
    } else if (ts.isTemplateLiteralToken(node) || ts.isNoSubstitutionTemplateLiteral(node))
      shape.push(`${ts.SyntaxKind[node.kind]}(${node.text})`);
    else if (ts.isIdentifier(node)) shape.push(node.text);
    else shape.push(ts.SyntaxKind[node.kind]);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return {
    diagnostics: diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
    shape: shape.join(' '),
    strings,
  };
}

// ---------------------------------------------------------------------------------------------
// Shell, by bash.

const NEXT_SCRIPT = '--gridscope-next-script--';

export interface ShellRun {
  /** The arguments `curl` received, one list per script, in order. */
  args: string[][];
  /** Files that appeared in the working directory (a value that ran as a command makes one). */
  created: string[];
}

/**
 * Runs `scripts` one after the other in one bash, in an empty directory, with `curl` a function
 * that prints its arguments.
 */
export function runWithFakeCurl(scripts: readonly string[], env: Record<string, string> = {}): ShellRun {
  const dir = mkdtempSync(join(tmpdir(), 'gridscope-shell-'));
  const marker = `printf '%s\\0' '${NEXT_SCRIPT}'`;
  try {
    // On stdin: the scripts together exceed what one argument may hold.
    const output = execFileSync('bash', [], {
      input: [`curl() { printf '%s\\0' "$@"; }`, ...scripts.flatMap((s) => [s, marker])].join('\n'),
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', ...env },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const args: string[][] = [[]];
    for (const arg of output.split('\0').slice(0, -1)) {
      if (arg === NEXT_SCRIPT) args.push([]);
      else args.at(-1)?.push(arg);
    }
    return { args: args.slice(0, -1), created: readdirSync(dir) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
