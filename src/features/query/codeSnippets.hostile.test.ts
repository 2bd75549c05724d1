/**
 * Every value the Code tab writes into its snippets, fed with text that ends a literal, a line or a
 * comment early: each must arrive as one literal holding the value, and the code around it must be
 * the code a harmless value gets. Read by bash (curl), by python3 and a tokenizer (Python) and by
 * the TypeScript parser.
 */
import type { DatasetQueryParams } from '@/contract';
import { curlSnippet, fetchSnippet, pythonSnippet } from '@/features/query/codeSnippets';
import { readQueryState } from '@/features/query/queryUrl';
import {
  HAS_PYTHON,
  HOSTILE_BEYOND_SHELL,
  HOSTILE_VALUES,
  pythonAsts,
  pythonShape,
  pythonStrings,
  pythonTokens,
  readTypeScript,
  runWithFakeCurl,
  unseenIn,
} from '@/test/generatedCode';

const BASE = 'http://127.0.0.1:4010';
const DATASET = 'ercot_spp_real_time_15_min';
const HARMLESS = 'harmless';

/** A query that uses every text parameter the snippets write. */
const query = (patch: Partial<DatasetQueryParams> = {}): DatasetQueryParams => ({
  start_time: '2025-07-01',
  end_time: '2025-07-03',
  time: 'latest',
  filter_column: 'location',
  filter_value: 'HB_NORTH',
  filter_operator: '=',
  columns: 'spp',
  resample_frequency: '1 hour',
  resample_by: 'location',
  resample_function: 'mean',
  publish_time: 'latest',
  publish_time_start: '2025-06-30',
  publish_time_end: '2025-07-01',
  timezone: 'US/Central',
  page_size: 500,
  limit: 1000,
  ...patch,
});

type Field = keyof DatasetQueryParams | 'dataset' | 'base';
const TEXT_FIELDS: Field[] = [
  'dataset',
  'base',
  'start_time',
  'end_time',
  'time',
  'filter_column',
  'filter_value',
  'columns',
  'resample_frequency',
  'resample_by',
  'publish_time',
  'publish_time_start',
  'publish_time_end',
  'timezone',
];

interface Case {
  base: string;
  dataset: string;
  params: DatasetQueryParams;
}

function withValue(field: Field, value: string, params = query()): Case {
  if (field === 'dataset') return { base: BASE, dataset: value, params };
  if (field === 'base') return { base: value, dataset: DATASET, params };
  return { base: BASE, dataset: DATASET, params: { ...params, [field]: value } };
}

const make = (generate: typeof curlSnippet, c: Case): string => generate(c.base, c.dataset, c.params);

/** Fields the Python snippet writes as a list, one string per comma-separated item. */
const LISTS = new Set<Field>(['columns', 'resample_by']);
/** A harmless value the Python snippet writes in the same shape as `value` (as many list items). */
const harmlessLike = (field: Field, value: string): string =>
  LISTS.has(field)
    ? value
        .split(',')
        .map(() => HARMLESS)
        .join(',')
    : HARMLESS;
/** The strings Python should hold for `value` of `field`. */
function pythonValues(field: Field, value: string): string[] {
  if (field === 'time') return []; // it has no argument and is named in a comment
  if (field === 'base') return [`${value}/v1`];
  return LISTS.has(field) ? value.split(',') : [value];
}
const wellFormed = (text: string): string => text.replace(/\p{Cs}/gu, '\ufffd');

const cases = TEXT_FIELDS.flatMap((field) =>
  [...HOSTILE_VALUES, ...HOSTILE_BEYOND_SHELL].map((value) => ({ field, value })),
);

describe('hostile values in the Code tab’s snippets', () => {
  it('Python: each value is one string to the tokenizer, and the code keeps its shape', () => {
    for (const { field, value } of cases) {
      const harmless = pythonTokens(make(pythonSnippet, withValue(field, harmlessLike(field, value))));
      const code = make(pythonSnippet, withValue(field, value));
      const tokens = pythonTokens(code);
      expect(pythonShape(tokens), `${field}: ${JSON.stringify(value)}`).toBe(pythonShape(harmless));
      expect(pythonStrings(tokens), field).toEqual(expect.arrayContaining(pythonValues(field, value)));
      expect(unseenIn(code), field).toEqual([]);
    }
  });

  it.skipIf(!HAS_PYTHON)(
    'Python: python3 reads the same calls, with each value one constant',
    () => {
      const read = pythonAsts(
        cases.flatMap(({ field, value }) => [
          make(pythonSnippet, withValue(field, harmlessLike(field, value))),
          make(pythonSnippet, withValue(field, value)),
        ]),
      );
      cases.forEach(({ field, value }, i) => {
        const harmless = read[2 * i];
        const hostile = read[2 * i + 1];
        expect(harmless?.error).toBeUndefined();
        expect(hostile?.error, `${field}: ${JSON.stringify(value)}`).toBeUndefined();
        expect(hostile?.shape, `${field}: ${JSON.stringify(value)}`).toBe(harmless?.shape);
        expect(hostile?.calls).toEqual(['GridStatusClient', 'client.get_dataset']);
        expect(hostile?.strings).toEqual(expect.arrayContaining(pythonValues(field, value)));
      });
    },
    60_000,
  );

  it('Python: a list of filter values is one string per item', () => {
    const values = HOSTILE_VALUES.filter((v) => !v.includes(','));
    const code = pythonSnippet(
      BASE,
      DATASET,
      query({ filter_operator: 'in', filter_value: values.join(',') }),
    );
    const strings = pythonStrings(pythonTokens(code));
    for (const value of values) expect(strings).toContain(value);
    expect(code).toMatch(/^ {4}filter_value=\[.*\],$/m);
  });

  it('TypeScript: each value is one string literal and the code keeps its shape', () => {
    const harmless = readTypeScript(make(fetchSnippet, withValue('time', HARMLESS)));
    expect(harmless.diagnostics).toEqual([]);
    for (const { field, value } of cases) {
      const c = withValue(field, value);
      const code = make(fetchSnippet, c);
      const read = readTypeScript(code);
      expect(read.diagnostics, `${field}: ${JSON.stringify(value)}`).toEqual([]);
      expect(read.shape, `${field}: ${JSON.stringify(value)}`).toBe(harmless.shape);
      const expected =
        field === 'base'
          ? `${value}/v1/datasets/${DATASET}/query`
          : field === 'dataset'
            ? `${BASE}/v1/datasets/${encodeURIComponent(wellFormed(value))}/query`
            : value;
      expect(read.strings, field).toContain(expected);
      expect(unseenIn(code), field).toEqual([]);
    }
  }, 60_000);

  it('curl: bash passes each value as exactly one argument and runs none of it', () => {
    const shellCases = cases
      .filter(({ value }) => !HOSTILE_BEYOND_SHELL.includes(value))
      .map(({ field, value }) => ({ field, value, c: withValue(field, value) }));
    const { args, created } = runWithFakeCurl(
      shellCases.map(({ c }) => make(curlSnippet, c)),
      { GRIDSTATUS_API_KEY: 'demo-key' },
    );
    expect(args).toHaveLength(shellCases.length);
    shellCases.forEach(({ field, value, c }, i) => {
      const url = `${c.base}/v1/datasets/${encodeURIComponent(c.dataset)}/query`;
      const data = Object.entries(c.params).flatMap(([k, v]) => ['--data-urlencode', `${k}=${String(v)}`]);
      expect(args[i], `${field}: ${JSON.stringify(value)}`).toEqual([
        '-G',
        '--globoff',
        '--url',
        url,
        '-H',
        'x-api-key: demo-key',
        ...data,
      ]);
    });
    expect(created).toEqual([]);
  });

  it('the link refuses control characters in any setting, and says which it ignored', () => {
    const read = readQueryState(
      new URLSearchParams({
        v: '1',
        fcol: 'location',
        fval: 'HB_NORTH\nimport os',
        start: '2025-07-01',
        tz: 'US/Central\u2028',
      }),
    );
    expect(read.state.fval).toBe('');
    expect(read.state.fcol).toBe('location');
    expect(read.state.start).toBe('2025-07-01');
    expect(read.ignored).toEqual(['timezone', 'filter value']);
  });
});
