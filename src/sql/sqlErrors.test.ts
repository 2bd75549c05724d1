import { parseSqlError } from './sqlErrors';

describe('parseSqlError', () => {
  it('reads a parser error once, though DuckDB repeats its LINE block', () => {
    expect(
      parseSqlError(
        'Parser Error: syntax error at or near "SELEC"\n\nLINE 1: SELEC 1\n        ^\n\nLINE 1: SELEC 1\n        ^',
      ),
    ).toEqual({
      kind: 'Parser Error',
      message: 'syntax error at or near "SELEC"',
      line: 1,
      column: 1,
    });
  });

  it('places the caret of a binder error on its line and column', () => {
    const message =
      'Binder Error: Referenced column "nop" not found in FROM clause!\nCandidate bindings: "spp"\n\nLINE 3: WHERE spp > \'x\' AND nop = 1\n                           ^';
    expect(parseSqlError(message)).toEqual({
      kind: 'Binder Error',
      message: 'Referenced column "nop" not found in FROM clause!\nCandidate bindings: "spp"',
      line: 3,
      column: 20,
    });
  });

  it('counts characters as the editor does, past a letter with an accent', () => {
    const message =
      'Binder Error: Referenced column "nop" not found in FROM clause!\n\nLINE 1: select \'é\' x, nop from t\n                      ^';
    expect(parseSqlError(message).column).toBe(15);
    const emoji = "Binder Error: x\n\nLINE 1: select '😀' x, nop from t\n                      ^";
    expect(parseSqlError(emoji).column).toBe(16);
  });

  it('finds the column of a cut line in the SQL that ran', () => {
    const sql = `select 1 from t where ${'ts = 1 and '.repeat(10)}nop = 2`;
    const message =
      'Binder Error: Referenced column "nop" not found in FROM clause!\nCandidate bindings: "ts"\n\nLINE 1: ...= 1 and ts = 1 and ts = 1 and ts = 1 and ts = 1 and ts = 1 and nop = 2\n                                                                          ^';
    expect(parseSqlError(message, sql)).toMatchObject({ line: 1, column: sql.indexOf('nop') + 1 });
    // Without the SQL, a cut line's column cannot be known.
    expect(parseSqlError(message)).toMatchObject({ line: 1, column: null });
  });

  it('gives no position when DuckDB marked none', () => {
    expect(parseSqlError('Parser Error: syntax error at end of input')).toEqual({
      kind: 'Parser Error',
      message: 'syntax error at end of input',
      line: null,
      column: null,
    });
    expect(parseSqlError('Catalog Error: Table with name "t" already exists!')).toMatchObject({
      kind: 'Catalog Error',
      line: null,
    });
    expect(parseSqlError('something odd')).toEqual({
      kind: 'Error',
      message: 'something odd',
      line: null,
      column: null,
    });
  });
});

describe('parseSqlError of a script', () => {
  it('reads the JSON DuckDB-WASM gives for a script of several statements', () => {
    const message = JSON.stringify({
      exception_type: 'Parser',
      exception_message: 'syntax error at or near "SELEC"\n\nLINE 2: SELEC 2\n        ^',
      error_subtype: 'SYNTAX_ERROR',
      position: '10',
    });
    expect(parseSqlError(message, 'SELECT 1;\nSELEC 2')).toEqual({
      kind: 'Parser Error',
      message: 'syntax error at or near "SELEC"',
      line: 2,
      column: 1,
    });
  });

  it('places the spot from its offset when no LINE block came with it', () => {
    const message = JSON.stringify({
      exception_type: 'Binder',
      exception_message: 'no such column',
      position: '13',
    });
    expect(parseSqlError(message, 'SELECT 1;\nSELECT x')).toEqual({
      kind: 'Binder Error',
      message: 'no such column',
      line: 2,
      column: 4,
    });
  });
});
