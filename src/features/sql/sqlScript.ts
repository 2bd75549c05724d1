/**
 * The SQL view as a Python script (issue 29 §6): each `query` table fetched with `gridstatusio`
 * (the query builder's own get_dataset arguments), made to look like the page's table (instants as
 * UTC without a zone, `_local` columns as the wall clock without a zone, as decision 0024 loads
 * them), each `sql` table built with `CREATE TABLE … AS` in order, then the SQL run by DuckDB's
 * Python API and its result printed.
 *
 * The DataFrames are registered on a connection by name (`con.register`), not left for DuckDB to
 * find among Python's variables: a table may be named `duckdb`, `client` or `class`. The key is
 * read from the environment by gridstatusio, never written. Every value is one literal
 * (codeLiterals.ts); a table's name is an SQL identifier (SQL_TABLE_NAME) and still goes in quoted.
 */
import { API_KEY_ENV } from '@/api/connection';
import { pyComment, pyString as py } from '@/lib/codeLiterals';
import { getDatasetArgs } from '@/lib/gridstatusioArgs';
import { tableSourceParams } from '@/sql/sqlLink';
import type { SqlTableSpec } from '@/sql/types';

export interface SqlScriptInput {
  /** The server the script calls: the base URL before `/v1`. */
  baseUrl: string;
  sql: string;
  tables: readonly SqlTableSpec[];
}

const PAGE_TABLE = [
  'def as_page_table(df):',
  '    """Times as the SQL page holds them: instants in UTC and wall clocks (_local), both without a zone."""',
  '    for name in df.columns:',
  '        if isinstance(df[name].dtype, pd.DatetimeTZDtype):',
  '            if name.endswith("_local"):',
  '                df[name] = df[name].dt.tz_localize(None)',
  '            else:',
  '                df[name] = df[name].dt.tz_convert("UTC").dt.tz_localize(None)',
  '    return df',
];

function tableLines(table: SqlTableSpec): string[] {
  const name = py(table.name);
  if (table.source.kind === 'sql')
    return [`con.execute(${py(`CREATE TABLE ${table.name} AS ${table.source.sql}`)})`];
  const { args, notes } = getDatasetArgs(table.source.dataset, tableSourceParams(table.source.params));
  return [
    ...notes,
    `con.register(${name}, as_page_table(client.get_dataset(`,
    ...args.map((a) => `    ${a},`),
    ')))',
  ];
}

export function sqlScript({ baseUrl, sql, tables }: SqlScriptInput): string {
  const fetches = tables.some((t) => t.source.kind === 'query');
  const lines = [
    'import duckdb',
    'import pandas as pd',
    ...(fetches ? ['from gridstatusio import GridStatusClient'] : []),
    '',
    ...(fetches
      ? [
          `# Reads the key from the ${API_KEY_ENV} environment variable.`,
          `client = GridStatusClient(host=${py(`${baseUrl.replace(/\/+$/, '')}/v1`)})`,
          '',
          ...PAGE_TABLE,
          '',
        ]
      : []),
    'con = duckdb.connect()',
  ];
  for (const table of tables) {
    lines.push('', pyComment(`Table ${table.name}`), ...tableLines(table));
  }
  lines.push(
    '',
    `result = con.sql(${py(sql)})`,
    'print(result.df() if result is not None else "The SQL returned no rows.")',
  );
  return `${lines.join('\n')}\n`;
}
