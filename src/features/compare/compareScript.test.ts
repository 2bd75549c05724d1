import type { Dataset } from '@/contract';
import {
  compareUrlState,
  dataSeries,
  seriesOf,
  type DataSeries,
  type SeriesSpec,
} from '@/compare/compareWorkspace';
import { readUrlState } from '@/lib/urlState';
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
import { compareScript, type ScriptInput } from './compareScript';

const datasets = new Map<string, Dataset>([
  [
    'ercot_load_forecast_by_forecast_zone',
    { id: 'ercot_load_forecast_by_forecast_zone', publish_time_column: 'publish_time_utc' } as Dataset,
  ],
  ['ercot_load', { id: 'ercot_load', publish_time_column: null } as Dataset],
]);

describe('the Compare workspace as Python', () => {
  const script = compareScript({
    baseUrl: 'http://127.0.0.1:4010/',
    from: '2025-07-08',
    to: '2025-07-14',
    zone: 'US/Central',
    cadence: '1h',
    series: [
      dataSeries('A', 'ercot_load', 'load'),
      dataSeries('B', 'ercot_load_forecast_by_forecast_zone', 'system_total', { lead: 24 }),
      dataSeries('C', 'ercot_spp_day_ahead_hourly', 'spp', {
        filterColumn: 'location',
        filterValue: 'HB_"X"',
        shift: -364,
        fn: 'max',
      }),
      { kind: 'expr', key: 'D', expr: '(b - A) / a' },
    ],
    datasets,
  });

  it('fetches each series as the page does and builds the derived columns from the letters', () => {
    expect(script).toContain('client = GridStatusClient(host="http://127.0.0.1:4010/v1")');
    expect(script).toContain('END = pd.Timestamp("2025-07-15", tz=TZ)');
    expect(script).toContain('frame["A"] = series("ercot_load", "load", resample="1h")');
    expect(script).toContain(
      'frame["B"] = series("ercot_load_forecast_by_forecast_zone", "system_total", lead_hours=24)',
    );
    expect(script).toContain(
      'frame["C"] = series("ercot_spp_day_ahead_hourly", "spp", shift_days=-364, resample="1h", resample_function="max", filters={"location": "HB_\\"X\\""})',
    );
    expect(script).toContain('frame["D"] = (frame["B"] - frame["A"]) / frame["A"]');
    expect(script).toContain('VINTAGED = {"ercot_load_forecast_by_forecast_zone"}');
  });

  it('never holds the key', () => {
    expect(script).toContain('GRIDSTATUS_API_KEY');
    expect(script).not.toMatch(/demo-key|api_key=/);
  });
});

const input = (series: SeriesSpec[], patch: Partial<ScriptInput> = {}): ScriptInput => ({
  baseUrl: 'http://127.0.0.1:4010',
  from: '2025-07-08',
  to: '2025-07-14',
  zone: 'US/Central',
  cadence: '1h',
  series,
  datasets,
  ...patch,
});
const scriptOfLink = (search: string): string =>
  compareScript(input(seriesOf(readUrlState(compareUrlState, new URLSearchParams(search)).state)));
const expressionLines = (script: string): string[] =>
  script.split('\n').filter((line) => /^frame\["[A-H]"\] = (?!series\()|^# [A-H] is left out/.test(line));

/** The calls a script makes: what the workspace's own code calls, and nothing a value brought. */
const SCRIPT_CALLS = new Set([
  'GridStatusClient',
  'pd.Timestamp',
  'pd.date_range',
  'pd.DateOffset',
  'start.isoformat',
  'end.isoformat',
  '?.isoformat',
  'dict',
  '?.items',
  'kwargs.update',
  'pd.Timedelta',
  'client.get_dataset',
  'next',
  'pd.to_datetime',
  '?.assign',
  'df.sort_values',
  '?.groupby',
  '?.tail',
  'pd.Series',
  '?.to_numpy',
  'time.dt.tz_convert',
  'values.index.tz_localize',
  'wall.tz_localize',
  'len',
  'values.index.notna',
  '?.reindex',
  'values.resample',
  '?.mean',
  'pd.DataFrame',
  'series',
  'frame.insert',
  'frame.index.tz_convert',
  'print',
  'frame.describe',
  'float',
]);

describe('the script holds what was parsed, never the typed text', () => {
  const FINDING = 'A=ercot_load:load&C=expr:__import__(%22os%22).system(%22touch%20pwned%22)&view=code';

  it('leaves out an expression that does not parse, with a one-line note and no call of it', () => {
    const script = scriptOfLink(FINDING);
    expect(script).not.toMatch(/__import__|system\(/);
    expect(expressionLines(script)).toEqual([
      '# C is left out: its expression does not parse (Unexpected “_” at position 1).',
    ]);
    expect(script.split('\n')).toHaveLength(
      scriptOfLink('A=ercot_load:load&view=code').split('\n').length + 1,
    );
  });

  it('a line break in the link is refused by the reader, and adds no line when given directly', () => {
    const broken = FINDING.replace('expr:', 'expr:A%0A');
    expect(readUrlState(compareUrlState, new URLSearchParams(broken)).invalid).toEqual(['C']);
    expect(expressionLines(scriptOfLink(broken))).toEqual([]);
    const direct = compareScript(
      input([
        dataSeries('A', 'ercot_load', 'load'),
        { kind: 'expr', key: 'C', expr: 'A\n__import__("os").system("touch pwned")' },
        { kind: 'expr', key: 'D', expr: 'A\r\n- 2' },
      ]),
    );
    expect(expressionLines(direct)).toEqual([
      '# C is left out: its expression does not parse (Unexpected “_” at position 3).',
      'frame["D"] = frame["A"] - 2',
    ]);
  });

  it.skipIf(!HAS_PYTHON)('python3 finds no call the workspace did not write', () => {
    const [ast] = pythonAsts([scriptOfLink(FINDING)]);
    expect(ast?.error).toBeUndefined();
    expect(ast?.calls.filter((c) => !SCRIPT_CALLS.has(c))).toEqual([]);
  });

  it('writes each derived column from its tree: series, numbers, operators and brackets', () => {
    const script = compareScript(
      input([
        dataSeries('A', 'ercot_load', 'load'),
        dataSeries('B', 'ercot_load', 'load', { shift: -7 }),
        { kind: 'expr', key: 'C', expr: 'd * 2' },
        { kind: 'expr', key: 'D', expr: 'a-(b-1e3)/ -(A+.5)' },
        { kind: 'expr', key: 'E', expr: '1e999 * os' },
        { kind: 'expr', key: 'F', expr: 'G + 1' },
        { kind: 'expr', key: 'G', expr: 'F + 1' },
        { kind: 'expr', key: 'H', expr: '--E' },
      ]),
    );
    expect(expressionLines(script)).toEqual([
      'frame["D"] = frame["A"] - (frame["B"] - 1000) / -(frame["A"] + 0.5)',
      '# E is left out: there is no series OS.',
      '# H is left out: series E is left out.',
      // After D, which it reads.
      'frame["C"] = frame["D"] * 2',
      '# F is left out: its expressions refer to each other in a circle.',
      '# G is left out: its expressions refer to each other in a circle.',
    ]);
  });

  const data = (patch: Partial<DataSeries>) => [
    dataSeries('A', 'ercot_load', 'load', patch),
    { kind: 'expr' as const, key: 'B' as const, expr: '(A - 1) / 2' },
  ];
  const FIELDS: Record<string, (value: string) => ScriptInput> = {
    baseUrl: (v) => input(data({}), { baseUrl: v }),
    zone: (v) => input(data({}), { zone: v }),
    from: (v) => input(data({}), { from: v }),
    dataset: (v) => input(data({ dataset: v })),
    column: (v) => input(data({ column: v })),
    filterColumn: (v) => input(data({ filterColumn: v, filterValue: 'HB_NORTH' })),
    filterValue: (v) => input(data({ filterColumn: 'location', filterValue: v })),
    'a vintaged dataset': (v) =>
      input(data({}), {
        datasets: new Map([[v, { id: v, publish_time_column: 'publish_time_utc' } as Dataset]]),
      }),
  };
  const cases = Object.entries(FIELDS).flatMap(([field, make]) =>
    [...HOSTILE_VALUES, ...HOSTILE_BEYOND_SHELL].map((value) => ({ field, make, value })),
  );
  const expected = (field: string, value: string) => (field === 'baseUrl' ? `${value}/v1` : value);

  it('puts every other value in as one Python string, the code around it unchanged', () => {
    for (const { field, make, value } of cases) {
      const harmless = pythonTokens(compareScript(make('harmless')));
      const script = compareScript(make(value));
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
      const harmless = pythonAsts(fields.map(([, make]) => compareScript(make('harmless'))));
      const read = pythonAsts(cases.map(({ make, value }) => compareScript(make(value))));
      cases.forEach(({ field, value }, i) => {
        const expectedShape = harmless[fields.findIndex(([f]) => f === field)]?.shape;
        expect(read[i]?.error, `${field}: ${JSON.stringify(value)}`).toBeUndefined();
        expect(read[i]?.shape, `${field}: ${JSON.stringify(value)}`).toBe(expectedShape);
        expect(read[i]?.strings, field).toContain(expected(field, value));
      });
    },
    60_000,
  );

  it('writes day shifts and lead times as whole numbers only', () => {
    expect(() => compareScript(input(data({ shift: 0.5 })))).toThrow(RangeError);
    expect(() => compareScript(input(data({ lead: Number.NaN })))).toThrow(RangeError);
  });
});
