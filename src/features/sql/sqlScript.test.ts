import type { SqlTableSpec } from '@/sql/types';
import {
  HAS_PYTHON,
  HOSTILE_BEYOND_SHELL,
  HOSTILE_VALUES,
  pythonAsts,
  pythonShape,
  pythonStrings,
  pythonTokens,
  unseenIn,
} from '@/test/generatedCode';
import { sqlScript } from './sqlScript';

const BASE = 'https://api.example.com';
const RT: SqlTableSpec = {
  name: 'rt',
  source: {
    kind: 'query',
    dataset: 'ercot_spp_real_time_15_min',
    params: {
      start_time: '2025-07-01',
      end_time: '2025-07-03',
      filter_column: 'location',
      filter_value: 'HB_NORTH',
      page_size: 500,
    },
  },
};
const SPIKES: SqlTableSpec = {
  name: 'spikes',
  source: { kind: 'sql', sql: 'SELECT * FROM rt WHERE spp > 100' },
};
const SQL = 'SELECT hour(interval_start_utc) AS h, avg(spp) FROM rt GROUP BY h ORDER BY h';

describe('the SQL view as a Python script', () => {
  it('fetches each table with gridstatusio, builds the saved ones in order, then runs the SQL', () => {
    const script = sqlScript({ baseUrl: BASE, sql: SQL, tables: [RT, SPIKES] });
    expect(script).toContain('client = GridStatusClient(host="https://api.example.com/v1")');
    expect(script).toContain('# Reads the key from the GRIDSTATUS_API_KEY environment variable.');
    expect(script).toContain(
      [
        'con.register("rt", as_page_table(client.get_dataset(',
        '    dataset="ercot_spp_real_time_15_min",',
        '    start="2025-07-01",',
        '    end="2025-07-03",',
        '    filter_column="location",',
        '    filter_value="HB_NORTH",',
        '    filter_operator="=",',
        ')))',
      ].join('\n'),
    );
    // Paging is gridstatusio's business, as it is the loader's in the page.
    expect(script).not.toContain('page_size');
    expect(script).toContain('con.execute("CREATE TABLE spikes AS SELECT * FROM rt WHERE spp > 100")');
    expect(script.indexOf('"rt"')).toBeLessThan(script.indexOf('CREATE TABLE spikes'));
    expect(script).toContain(`result = con.sql("${SQL}")`);
    expect(script).toMatch(/print\(result\.df\(\)/);
  });

  it('makes the DataFrames look like the page: instants as UTC and wall clocks, without zones', () => {
    const script = sqlScript({ baseUrl: BASE, sql: SQL, tables: [RT] });
    expect(script).toContain('df[name] = df[name].dt.tz_convert("UTC").dt.tz_localize(None)');
    expect(script).toContain('if name.endswith("_local"):');
  });

  it('needs no client when every table is SQL', () => {
    const script = sqlScript({
      baseUrl: BASE,
      sql: 'SELECT 1',
      tables: [{ name: 'one', source: { kind: 'sql', sql: 'SELECT 1 AS x' } }],
    });
    expect(script).not.toContain('gridstatusio');
  });

  const hostile = [...HOSTILE_VALUES, ...HOSTILE_BEYOND_SHELL];
  const FIELDS: Record<string, (v: string) => string> = {
    sql: (v) => sqlScript({ baseUrl: BASE, sql: v, tables: [RT, SPIKES] }),
    'saved table sql': (v) =>
      sqlScript({
        baseUrl: BASE,
        sql: SQL,
        tables: [RT, { name: 'spikes', source: { kind: 'sql', sql: v } }],
      }),
    'filter value': (v) =>
      sqlScript({
        baseUrl: BASE,
        sql: SQL,
        tables: [
          {
            ...RT,
            source: { kind: 'query', dataset: 'ercot_load', params: { filter_column: 'x', filter_value: v } },
          },
          SPIKES,
        ],
      }),
    baseUrl: (v) => sqlScript({ baseUrl: v, sql: SQL, tables: [RT, SPIKES] }),
  };
  const cases = Object.entries(FIELDS).flatMap(([field, make]) =>
    hostile.map((value) => ({ field, make, value })),
  );
  const expected = (field: string, value: string) =>
    field === 'baseUrl'
      ? `${value}/v1`
      : field === 'saved table sql'
        ? `CREATE TABLE spikes AS ${value}`
        : value;

  it('puts hostile names and SQL in as one Python string each, the code around them unchanged', () => {
    for (const { field, make, value } of cases) {
      const harmless = pythonTokens(make('harmless'));
      const script = make(value);
      const tokens = pythonTokens(script);
      expect(pythonShape(tokens), `${field}: ${JSON.stringify(value)}`).toBe(pythonShape(harmless));
      expect(pythonStrings(tokens), field).toContain(expected(field, value));
      expect(unseenIn(script), field).toEqual([]);
    }
  });

  it.skipIf(!HAS_PYTHON)(
    'python3 reads the same program, with each value one constant',
    () => {
      const fields = Object.entries(FIELDS);
      const harmless = pythonAsts(fields.map(([, make]) => make('harmless')));
      const read = pythonAsts(cases.map(({ make, value }) => make(value)));
      cases.forEach(({ field, value }, i) => {
        const shape = harmless[fields.findIndex(([f]) => f === field)]?.shape;
        expect(read[i]?.error, `${field}: ${JSON.stringify(value)}`).toBeUndefined();
        expect(read[i]?.shape, `${field}: ${JSON.stringify(value)}`).toBe(shape);
        expect(read[i]?.strings, field).toContain(expected(field, value));
        expect(read[i]?.calls).not.toContain('os.system');
      });
    },
    60_000,
  );
});
