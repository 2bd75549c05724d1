/**
 * The SQL page's link: the SQL text and the tables it reads, each by name and source, so a link
 * rebuilds the tables and runs the SQL again (issue 29 §4). Pure: no DuckDB, so any page may
 * import it to write an "Open in SQL" link.
 *
 * The link is meant to be read by people too:
 *
 *   /sql?sql=SELECT+*+FROM+rt_spp+LIMIT+100
 *       &table=rt_spp:ercot_spp_real_time_15_min:start_time=2025-01-01;filter_column=location;filter_value=HB_NORTH
 *       &table=spikes:sql:SELECT+*+FROM+rt_spp+WHERE+spp+>+1000
 *
 * One `table` per table, in the order they are built (a `sql` source reads the tables before it):
 * `<name>:<dataset>:<the API's parameters as key=value;…>` for a dataset query, `<name>:sql:<SQL>`
 * for a saved result (`sql` is never a dataset id: ids are the contract's, none is `sql`). Within
 * the parameters only `%` and `;` are escaped (`%25`, `%3B`); around them the usual URL escaping,
 * minus the characters a query string may carry as they are (`: , / = ; @ ?`), and spaces as `+`.
 *
 * Reading never throws: a link is something a user pasted. Whatever cannot be used is dropped and
 * named in `problems`, for the page's link notice.
 */
import { datasetQueryParamsSchema, type DatasetQueryParams } from '@/contract';
import { hasControlCharacters } from '@/lib/urlState';
import { SQL_TABLE_NAME, type SqlTableSource, type SqlTableSpec } from './types';

export interface SqlPageState {
  sql: string;
  tables: readonly SqlTableSpec[];
}

/** Tables a link may build: more is not a view anyone wrote by hand, and each one is a walk of the API. */
export const SQL_LINK_MAX_TABLES = 20;
/** The longest SQL text a link carries (the page's SQL, or a saved result's). */
export const SQL_LINK_MAX_SQL = 20_000;

const EMPTY: SqlPageState = { sql: '', tables: [] };
const STORAGE_KEY = 'gridscope.sql';
const SQL_SOURCE = 'sql';
const DATASET_ID = /^[a-z0-9_]+$/;
/** Paging and the wire's format are the loader's business: a table holds every row. */
const LOADER_PARAMS = new Set(['cursor', 'page', 'page_size', 'download', 'json_schema', 'return_format']);
// Tab, line feed and carriage return are part of SQL text; the other control characters are not.
const controlInSql = (sql: string): boolean => hasControlCharacters(sql.replace(/[\t\n\r]/g, ''));

// ---------------------------------------------------------------------------------------------
// Writing

/** URL escaping that leaves the characters a query string may hold as they are, for readability. */
function component(text: string): string {
  // A lone surrogate cannot be written in a URL (encodeURIComponent throws): it becomes U+FFFD.
  const wellFormed = text.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '\uFFFD',
  );
  return encodeURIComponent(wellFormed)
    .replace(/%20/g, '+')
    .replace(/%(3A|2C|2F|3D|3B|40|3F|24|5B|5D)/gi, (escaped) => decodeURIComponent(escaped));
}

const escapeParam = (value: string): string => value.replace(/%/g, '%25').replace(/;/g, '%3B');
const unescapeParam = (value: string): string =>
  value.replace(/%(25|3B)/gi, (escaped) => (escaped === '%25' ? '%' : ';'));

/** A query's parameters as a table's source: paging and the wire's format left to the loader. */
export function tableSourceParams(params: DatasetQueryParams): DatasetQueryParams {
  return Object.fromEntries(
    Object.entries(params).filter(
      ([key, value]) => (value as unknown) !== undefined && !LOADER_PARAMS.has(key),
    ),
  );
}

function paramsText(params: DatasetQueryParams): string {
  return Object.entries(tableSourceParams(params))
    .map(([key, value]) => `${key}=${escapeParam(String(value))}`)
    .join(';');
}

function sourceText(source: SqlTableSource): string {
  return source.kind === 'sql'
    ? `${SQL_SOURCE}:${source.sql}`
    : `${source.dataset}:${paramsText(source.params)}`;
}

export function sqlPageSearch(state: SqlPageState): string {
  const parts: string[] = [];
  if (state.sql !== '') parts.push(`sql=${component(state.sql)}`);
  for (const table of state.tables)
    parts.push(`table=${component(`${table.name}:${sourceText(table.source)}`)}`);
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}

// ---------------------------------------------------------------------------------------------
// Reading

type ParamShape = Record<string, { safeParse(input: unknown): { success: boolean; data?: unknown } }>;
const PARAM_SCHEMAS = datasetQueryParamsSchema.shape as unknown as ParamShape;

/** One API parameter from link text: as text, or as a number where the contract wants one. */
function readParam(key: string, text: string): { value: unknown } | null {
  const schema = PARAM_SCHEMAS[key];
  if (schema === undefined || hasControlCharacters(text)) return null;
  const asText = schema.safeParse(text);
  if (asText.success) return { value: asText.data };
  if (/^-?\d+(\.\d+)?$/.test(text)) {
    const asNumber = schema.safeParse(Number(text));
    if (asNumber.success) return { value: asNumber.data };
  }
  return null;
}

const quote = (text: string, max = 40): string => `“${text.length > max ? `${text.slice(0, max)}…` : text}”`;

function readParams(name: string, text: string, problems: string[]): DatasetQueryParams {
  const params: Partial<Record<keyof DatasetQueryParams, unknown>> = {};
  if (text === '') return {};
  for (const pair of text.split(';')) {
    const at = pair.indexOf('=');
    const key = at < 0 ? pair : pair.slice(0, at);
    const value = at < 0 ? '' : unescapeParam(pair.slice(at + 1));
    if (LOADER_PARAMS.has(key)) {
      problems.push(
        `Table ${name}: ${key} was left out (a table is loaded whole, page by page, by the app).`,
      );
      continue;
    }
    if (!Object.hasOwn(PARAM_SCHEMAS, key)) {
      problems.push(`Table ${name}: ${quote(key)} is not a parameter of a dataset query; it was left out.`);
      continue;
    }
    if (Object.hasOwn(params, key)) {
      problems.push(`Table ${name}: ${key} was given twice; the first was kept.`);
      continue;
    }
    const read = readParam(key, value);
    if (read === null) {
      problems.push(`Table ${name}: ${quote(value)} is not a value ${key} takes; it was left out.`);
      continue;
    }
    params[key as keyof DatasetQueryParams] = read.value;
  }
  return params as DatasetQueryParams;
}

function readSql(text: string, what: string, problems: string[]): string | null {
  if (text.length > SQL_LINK_MAX_SQL) {
    problems.push(
      `${what} is ${text.length.toLocaleString('en-US')} characters long, more than a link carries ` +
        `(${SQL_LINK_MAX_SQL.toLocaleString('en-US')}); it was left out rather than cut.`,
    );
    return null;
  }
  if (controlInSql(text)) {
    problems.push(`${what} holds control characters; it was left out.`);
    return null;
  }
  return text;
}

function readTable(text: string, taken: ReadonlySet<string>, problems: string[]): SqlTableSpec | null {
  const first = text.indexOf(':');
  const second = first < 0 ? -1 : text.indexOf(':', first + 1);
  const name = first < 0 ? text : text.slice(0, first);
  if (!SQL_TABLE_NAME.test(name)) {
    problems.push(
      `A table named ${quote(name)} was left out: a table's name is lower-case letters, digits and _, ` +
        'starting with a letter or _, at most 63 characters.',
    );
    return null;
  }
  if (taken.has(name)) {
    problems.push(`A second table named ${name} was left out; the first was kept.`);
    return null;
  }
  if (second < 0) {
    problems.push(`Table ${name} was left out: the link does not say where its rows come from.`);
    return null;
  }
  const kind = text.slice(first + 1, second);
  const rest = text.slice(second + 1);
  if (kind === SQL_SOURCE) {
    const sql = readSql(rest, `The SQL of table ${name}`, problems);
    if (sql === null) return null;
    if (sql.trim() === '') {
      problems.push(`Table ${name} was left out: its SQL is empty.`);
      return null;
    }
    return { name, source: { kind: 'sql', sql } };
  }
  if (!DATASET_ID.test(kind)) {
    problems.push(`Table ${name} was left out: ${quote(kind)} is not a dataset id.`);
    return null;
  }
  return { name, source: { kind: 'query', dataset: kind, params: readParams(name, rest, problems) } };
}

export function parseSqlPageSearch(search: string): { state: SqlPageState; problems: readonly string[] } {
  const problems: string[] = [];
  let entries: [string, string][];
  try {
    entries = [...new URLSearchParams(search.startsWith('?') ? search.slice(1) : search)];
  } catch {
    return { state: EMPTY, problems: ['The link could not be read.'] };
  }
  let sql: string | null = null;
  const tables: SqlTableSpec[] = [];
  const taken = new Set<string>();
  let beyondCap = 0;
  for (const [key, value] of entries) {
    if (key === 'sql') {
      if (sql !== null) problems.push('The link gives the SQL twice; the first was kept.');
      else sql = readSql(value, 'The SQL', problems) ?? '';
    } else if (key === 'table') {
      if (tables.length >= SQL_LINK_MAX_TABLES) beyondCap += 1;
      else {
        const table = readTable(value, taken, problems);
        if (table !== null) {
          tables.push(table);
          taken.add(table.name);
        }
      }
    } else problems.push(`${quote(key)} is not a setting of the SQL page; it was left out.`);
  }
  if (beyondCap > 0)
    problems.push(
      `The link names ${(tables.length + beyondCap).toLocaleString('en-US')} tables or more; ` +
        `the first ${SQL_LINK_MAX_TABLES} were kept.`,
    );
  return { state: { sql: sql ?? '', tables }, problems };
}

// ---------------------------------------------------------------------------------------------
// The tab's last SQL view, and Open in SQL

export function rememberSqlPageState(state: SqlPageState): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, sqlPageSearch(state));
  } catch {
    // Storage may be off (private modes): Open in SQL then starts from an empty SQL view.
  }
}

export function lastSqlPageState(): SqlPageState {
  try {
    const search = window.sessionStorage.getItem(STORAGE_KEY);
    return search === null ? EMPTY : parseSqlPageSearch(search).state;
  } catch {
    return EMPTY;
  }
}

/** Same rows from the same place: opening a result twice reads the table it already has. */
function sameSource(a: SqlTableSource, b: SqlTableSource): boolean {
  return sourceText(a) === sourceText(b);
}

/** `name`, or `name_2`, `name_3`… (cut to fit the 63 characters of a name) when it is taken. */
function uniqueName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  for (let n = 2; ; n += 1) {
    const suffix = `_${n}`;
    const candidate = `${name.slice(0, 63 - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

const WORD = /[A-Za-z0-9_]+/g;

/**
 * The href of /sql with `specs` added to the tab's last SQL view, in order. A name already taken is
 * made unique (`_2`, `_3`…), and a table whose source the view already has is not loaded twice:
 * the view's table is used. Either way a `sql` source of the batch names the batch's tables by the
 * names it asked for; those names are rewritten (whole identifiers) to the ones they got.
 * When the view's SQL is empty it becomes `SELECT * FROM <the last table> LIMIT 100`.
 * At the cap of tables a link builds, the view starts again with the batch alone, rather than
 * dropping tables the SQL may read.
 */
export function openInSqlHrefFor(specs: readonly SqlTableSpec[]): string {
  const last = lastSqlPageState();
  const base = last.tables.length + specs.length > SQL_LINK_MAX_TABLES ? EMPTY : last;
  const tables = [...base.tables];
  const taken = new Set(tables.map((table) => table.name));
  const renamed = new Map<string, string>();
  let lastName = '';
  for (const spec of specs) {
    const source: SqlTableSource =
      spec.source.kind === 'sql'
        ? { kind: 'sql', sql: spec.source.sql.replace(WORD, (word) => renamed.get(word) ?? word) }
        : spec.source;
    const existing = tables.find((table) => sameSource(table.source, source));
    const name = existing?.name ?? uniqueName(spec.name, taken);
    if (existing === undefined) {
      tables.push({ name, source });
      taken.add(name);
    }
    if (name !== spec.name) renamed.set(spec.name, name);
    lastName = name;
  }
  const sql = base.sql.trim() === '' && lastName !== '' ? `SELECT * FROM ${lastName} LIMIT 100` : base.sql;
  return `/sql${sqlPageSearch({ sql, tables })}`;
}

export function openInSqlHref(spec: SqlTableSpec): string {
  return openInSqlHrefFor([spec]);
}

// ---------------------------------------------------------------------------------------------
// A name for a dataset's table

/** Words of dataset ids as analysts write them in table names. */
const ABBREVIATIONS: readonly [RegExp, string][] = [
  [/^ercot_/, ''],
  [/(^|_)spp_real_time/, '$1rt_spp'],
  [/(^|_)spp_day_ahead/, '$1da_spp'],
  [/(^|_)lmp_by_settlement_point/, '$1rt_lmp'],
  [/real_time/, 'rt'],
  [/day_ahead/, 'da'],
  [/_by_/, '_'],
];

/** `1h`, `1 hour` → hourly; `1d` → daily; anything else as its letters and digits. */
function frequencyWord(frequency: string): string {
  const m = /^\s*(\d+)\s*([a-z]+)\s*$/i.exec(frequency);
  if (m === null) return frequency;
  const [, count, unit = ''] = m;
  const u = unit.toLowerCase();
  if (count === '1') {
    if (/^(h|hr|hour|hours)$/.test(u)) return 'hourly';
    if (/^(d|day|days)$/.test(u)) return 'daily';
    if (/^(w|week|weeks)$/.test(u)) return 'weekly';
    if (/^(mo|month|months)$/.test(u)) return 'monthly';
  }
  return `${count}${u}`;
}

const words = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

export function suggestTableName(dataset: string, params: DatasetQueryParams): string {
  let name = words(dataset);
  for (const [pattern, replacement] of ABBREVIATIONS) name = name.replace(pattern, replacement);
  const parts: string[] = [];
  const operator = params.filter_operator ?? '=';
  if (params.filter_value !== undefined && (operator === '=' || operator === 'in')) {
    const values = params.filter_value.split(',');
    // A value or two names the table; a long list would only make the name long.
    if (values.length <= 2) parts.push(...values.map(words));
  }
  if (params.resample_frequency !== undefined) {
    // The dataset's own cadence (`_15_min`) no longer describes a resampled table.
    name = name.replace(/(_\d+_?(min|minute|hour)|_hourly)$/, '');
    parts.push(words(frequencyWord(params.resample_frequency)));
  }
  let result = [name, ...parts].filter((part) => part !== '').join('_');
  if (result === '' || !/^[a-z_]/.test(result)) result = `t_${result}`;
  result = result.slice(0, 63).replace(/_+$/, '');
  return SQL_TABLE_NAME.test(result) ? result : 'result';
}
