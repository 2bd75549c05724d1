// @vitest-environment jsdom
import fc from 'fast-check';
import { hasControlCharacters } from '@/lib/urlState';
import {
  type DatasetQueryParams,
  FILTER_OPERATORS,
  ORDERS,
  RESAMPLE_FUNCTIONS,
  TIME_COMPARISONS,
} from '@/contract';
import {
  lastSqlPageState,
  openInSqlHref,
  openInSqlHrefFor,
  parseSqlPageSearch,
  rememberSqlPageState,
  SQL_LINK_MAX_SQL,
  SQL_LINK_MAX_TABLES,
  sqlPageSearch,
  suggestTableName,
  type SqlPageState,
} from './sqlLink';
import type { SqlTableSpec } from './types';

const RT: SqlTableSpec = {
  name: 'rt_spp_hb_north_hourly',
  source: {
    kind: 'query',
    dataset: 'ercot_spp_real_time_15_min',
    params: {
      start_time: '2025-01-01T00:00:00Z',
      end_time: '2025-02-01',
      filter_column: 'location',
      filter_value: 'HB_NORTH',
      resample_frequency: '1 hour',
      resample_function: 'mean',
      limit: 5000,
    },
  },
};

const search = (...parts: string[]): string => `?${parts.join('&')}`;

// Characters a user can type: no control characters but line breaks and tabs in SQL.
const text = (maxLength: number) =>
  fc.string({ unit: 'grapheme', maxLength }).filter((s) => !hasControlCharacters(s));
const sqlText = fc
  .string({ unit: 'grapheme', maxLength: 200 })
  .filter((s) => !hasControlCharacters(s.replace(/[\t\n\r]/g, '')));
const name = fc.stringMatching(/^[a-z_][a-z0-9_]{0,62}$/);
const params: fc.Arbitrary<DatasetQueryParams> = fc.record(
  {
    order: fc.constantFrom(...ORDERS),
    filter_column: text(20),
    filter_value: text(40),
    filter_operator: fc.constantFrom(...FILTER_OPERATORS),
    limit: fc.integer({ min: 1, max: 10_000_000 }),
    columns: text(40),
    timezone: text(20),
    time: text(20),
    time_comparison: fc.constantFrom(...TIME_COMPARISONS),
    start_time: text(25),
    end_time: text(25),
    publish_time: text(25),
    resample_frequency: text(10),
    resample_by: text(20),
    resample_function: fc.constantFrom(...RESAMPLE_FUNCTIONS),
  },
  { requiredKeys: [] },
);
const source = fc.oneof(
  fc.record({ kind: fc.constant('query' as const), dataset: fc.stringMatching(/^[a-z0-9_]{1,40}$/), params }),
  fc.record({ kind: fc.constant('sql' as const), sql: sqlText.filter((s) => s.trim() !== '') }),
);
const state: fc.Arbitrary<SqlPageState> = fc.record({
  sql: sqlText,
  tables: fc.uniqueArray(fc.record({ name, source }), {
    maxLength: SQL_LINK_MAX_TABLES,
    selector: (table) => table.name,
  }),
});

describe('the SQL page link', () => {
  it('reads back every state it writes, with nothing to report', () => {
    fc.assert(
      fc.property(state, (s) => {
        const read = parseSqlPageSearch(sqlPageSearch(s));
        expect(read.problems).toEqual([]);
        expect(read.state).toEqual(s);
      }),
      { numRuns: 300 },
    );
  });

  it('is readable: names, datasets and parameters as written, one table after another', () => {
    const link = sqlPageSearch({
      sql: 'SELECT * FROM rt_spp_hb_north_hourly LIMIT 100',
      tables: [
        RT,
        {
          name: 'spikes',
          source: { kind: 'sql', sql: 'SELECT * FROM rt_spp_hb_north_hourly WHERE spp > 1000' },
        },
      ],
    });
    expect(link).toBe(
      '?sql=SELECT+*+FROM+rt_spp_hb_north_hourly+LIMIT+100' +
        '&table=rt_spp_hb_north_hourly:ercot_spp_real_time_15_min:start_time=2025-01-01T00:00:00Z;' +
        'end_time=2025-02-01;filter_column=location;filter_value=HB_NORTH;resample_frequency=1+hour;' +
        'resample_function=mean;limit=5000' +
        '&table=spikes:sql:SELECT+*+FROM+rt_spp_hb_north_hourly+WHERE+spp+%3E+1000',
    );
    expect(sqlPageSearch({ sql: '', tables: [] })).toBe('');
  });

  it('keeps the order of the tables, so a saved result is built after the tables it reads', () => {
    const tables: SqlTableSpec[] = [
      {
        name: 'later',
        source: { kind: 'sql', sql: 'SELECT * FROM base JOIN other USING (interval_start_utc)' },
      },
      { name: 'base', source: { kind: 'query', dataset: 'ercot_load', params: {} } },
      { name: 'other', source: { kind: 'sql', sql: 'SELECT * FROM base' } },
    ];
    // The link keeps them as given: a table read before it is built fails in the engine, with its message.
    expect(parseSqlPageSearch(sqlPageSearch({ sql: '', tables })).state.tables).toEqual(tables);
  });

  it('drops a table whose name is not a plain lower-case identifier, and says so', () => {
    const read = parseSqlPageSearch(
      search(
        'table=Robert%27);DROP+TABLE+x;--:ercot_load:',
        'table=1abc:ercot_load:',
        `table=${'a'.repeat(64)}:ercot_load:`,
        'table=ok:ercot_load:',
      ),
    );
    expect(read.state.tables.map((t) => t.name)).toEqual(['ok']);
    expect(read.problems).toHaveLength(3);
    expect(read.problems[0]).toMatch(/A table named “Robert'\)/);
  });

  it('keeps the first of two tables of one name', () => {
    const read = parseSqlPageSearch(search('table=t:ercot_load:limit=1', 'table=t:sql:SELECT+2'));
    expect(read.state.tables).toEqual([
      { name: 't', source: { kind: 'query', dataset: 'ercot_load', params: { limit: 1 } } },
    ]);
    expect(read.problems).toEqual(['A second table named t was left out; the first was kept.']);
  });

  it('drops a table whose dataset is not a dataset id, or whose source is missing', () => {
    const read = parseSqlPageSearch(
      search('table=a:../../etc/passwd:', 'table=b:ERCOT_LOAD:', 'table=c', 'table=d:ercot%2Fload:'),
    );
    expect(read.state.tables).toEqual([]);
    expect(read.problems).toHaveLength(4);
    expect(read.problems[2]).toBe('Table c was left out: the link does not say where its rows come from.');
  });

  it("keeps only a dataset query's parameters, as the contract types them, and leaves paging to the loader", () => {
    const read = parseSqlPageSearch(
      search(
        'table=t:ercot_load:limit=100;order=sideways;cursor=abc;page=2;page_size=10;download=true;' +
          'json_schema=array_of_arrays;return_format=csv;x-api-key=secret;limit=7;filter_operator=in;' +
          'filter_value=1%253B2;time_comparison=%3E%3D;limit2=1',
      ),
    );
    expect(read.state.tables[0]?.source).toEqual({
      kind: 'query',
      dataset: 'ercot_load',
      params: { limit: 100, filter_operator: 'in', filter_value: '1;2', time_comparison: '>=' },
    });
    const problems = read.problems.join('\n');
    expect(problems).toContain('“sideways” is not a value order takes');
    for (const paging of ['cursor', 'page', 'page_size', 'download', 'json_schema', 'return_format'])
      expect(problems).toContain(`Table t: ${paging} was left out`);
    expect(problems).toContain('“x-api-key” is not a parameter of a dataset query');
    expect(problems).toContain('limit was given twice');
    expect(problems).toContain('“limit2” is not a parameter');
  });

  it('refuses a limit that is not a whole number of at least one', () => {
    const read = parseSqlPageSearch(search('table=t:ercot_load:limit=0;limit=1.5'));
    expect(read.state.tables[0]?.source).toEqual({ kind: 'query', dataset: 'ercot_load', params: {} });
    expect(read.problems).toHaveLength(2);
  });

  it('builds at most 20 tables and says how many the link named', () => {
    const many = Array.from({ length: 3000 }, (_, i) => `table=t${i}:ercot_load:`);
    const read = parseSqlPageSearch(search(...many));
    expect(read.state.tables).toHaveLength(SQL_LINK_MAX_TABLES);
    expect(read.state.tables.at(-1)?.name).toBe('t19');
    expect(read.problems).toEqual(['The link names 3,000 tables or more; the first 20 were kept.']);
  });

  it('refuses SQL longer than a link carries rather than cutting it', () => {
    const long = `SELECT ${'1'.repeat(SQL_LINK_MAX_SQL)}`;
    const read = parseSqlPageSearch(
      search(
        `sql=${encodeURIComponent(long)}`,
        `table=t:sql:${encodeURIComponent(long)}`,
        'table=u:ercot_load:',
      ),
    );
    expect(read.state).toEqual({
      sql: '',
      tables: [{ name: 'u', source: { kind: 'query', dataset: 'ercot_load', params: {} } }],
    });
    expect(read.problems).toEqual([
      'The SQL is 20,007 characters long, more than a link carries (20,000); it was left out rather than cut.',
      'The SQL of table t is 20,007 characters long, more than a link carries (20,000); it was left out rather than cut.',
    ]);
  });

  it('keeps markup and script URLs as the text they are', () => {
    const hostile = "SELECT '<script>alert(1)</script>' AS x, 'javascript:alert(1)' AS y";
    const s: SqlPageState = {
      sql: hostile,
      tables: [
        { name: 'x', source: { kind: 'sql', sql: hostile } },
        {
          name: 'y',
          source: {
            kind: 'query',
            dataset: 'ercot_load',
            params: { filter_value: '<img src=x onerror=alert(1)>' },
          },
        },
      ],
    };
    expect(parseSqlPageSearch(sqlPageSearch(s))).toEqual({ state: s, problems: [] });
  });

  it('refuses control characters other than line breaks and tabs in SQL', () => {
    const read = parseSqlPageSearch(search('sql=SELECT+1%00', 'table=t:sql:SELECT%0A%091'));
    expect(read.state).toEqual({
      sql: '',
      tables: [{ name: 't', source: { kind: 'sql', sql: 'SELECT\n\t1' } }],
    });
    expect(read.problems).toEqual(['The SQL holds control characters; it was left out.']);
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (s) => {
        const read = parseSqlPageSearch(s);
        expect(Array.isArray(read.problems)).toBe(true);
      }),
    );
    expect(parseSqlPageSearch('?sql=%E0%A4%A&table=%').state.sql).toBe('\uFFFD%A');
    expect(parseSqlPageSearch('?evil=1').problems).toEqual([
      '“evil” is not a setting of the SQL page; it was left out.',
    ]);
  });
});

describe('Open in SQL', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('opens a first table with a query of it', () => {
    const href = openInSqlHref(RT);
    expect(href.startsWith('/sql?')).toBe(true);
    expect(parseSqlPageSearch(href.slice('/sql'.length)).state).toEqual({
      sql: 'SELECT * FROM rt_spp_hb_north_hourly LIMIT 100',
      tables: [RT],
    });
  });

  it("adds to the tab's last SQL view, under a name of its own, and keeps its SQL", () => {
    rememberSqlPageState({ sql: 'SELECT 42', tables: [{ ...RT, source: { kind: 'sql', sql: 'SELECT 1' } }] });
    const read = parseSqlPageSearch(openInSqlHref(RT).slice(4)).state;
    expect(read.sql).toBe('SELECT 42');
    expect(read.tables.map((t) => t.name)).toEqual(['rt_spp_hb_north_hourly', 'rt_spp_hb_north_hourly_2']);
    expect(lastSqlPageState().tables).toHaveLength(1);
  });

  it('does not load a result twice: the same source is the table the view has', () => {
    rememberSqlPageState({ sql: '', tables: [{ ...RT, name: 'mine' }] });
    expect(parseSqlPageSearch(openInSqlHref(RT).slice(4)).state).toEqual({
      sql: 'SELECT * FROM mine LIMIT 100',
      tables: [{ ...RT, name: 'mine' }],
    });
  });

  it("rewrites a batch's SQL to the names its tables got", () => {
    rememberSqlPageState({
      sql: 'SELECT 1',
      tables: [{ name: 'a', source: { kind: 'sql', sql: 'SELECT 2' } }],
    });
    const batch: SqlTableSpec[] = [
      { name: 'a', source: { kind: 'query', dataset: 'ercot_load', params: {} } },
      { name: 'b', source: { kind: 'sql', sql: 'SELECT a.x, ab.y FROM a JOIN ab USING (t)' } },
    ];
    const read = parseSqlPageSearch(openInSqlHrefFor(batch).slice(4)).state;
    expect(read.tables.map((t) => [t.name, t.source.kind === 'sql' ? t.source.sql : ''])).toEqual([
      ['a', 'SELECT 2'],
      ['a_2', ''],
      ['b', 'SELECT a_2.x, ab.y FROM a_2 JOIN ab USING (t)'],
    ]);
  });

  it('starts a fresh view when the last one has no room for the batch', () => {
    const full = Array.from({ length: SQL_LINK_MAX_TABLES }, (_, i): SqlTableSpec => ({
      name: `t${i}`,
      source: { kind: 'sql', sql: `SELECT ${i}` },
    }));
    rememberSqlPageState({ sql: 'SELECT 1', tables: full });
    expect(parseSqlPageSearch(openInSqlHref(RT).slice(4)).state.tables).toEqual([RT]);
  });

  it('names a table as analysts do', () => {
    expect(
      suggestTableName('ercot_spp_real_time_15_min', RT.source.kind === 'query' ? RT.source.params : {}),
    ).toBe('rt_spp_hb_north_hourly');
    expect(
      suggestTableName('ercot_spp_day_ahead_hourly', { filter_column: 'location', filter_value: 'HB_WEST' }),
    ).toBe('da_spp_hourly_hb_west');
    expect(suggestTableName('ercot_spp_day_ahead_hourly', { resample_frequency: '1d' })).toBe('da_spp_daily');
    expect(suggestTableName('ercot_load', {})).toBe('load');
    expect(suggestTableName('ercot_load', { filter_value: 'a,b,c', filter_operator: 'in' })).toBe('load');
    expect(suggestTableName('ercot_load', { filter_value: 'x', filter_operator: '>' })).toBe('load');
    expect(suggestTableName('9lives', { filter_value: "'); DROP TABLE x; --" })).toBe(
      't_9lives_drop_table_x',
    );
    expect(suggestTableName('ercot_load', { filter_value: 'ü'.repeat(200) })).toBe('load');
    expect(suggestTableName(`x${'_y'.repeat(100)}`, {})).toMatch(/^[a-z_][a-z0-9_]{0,62}$/);
  });
});
