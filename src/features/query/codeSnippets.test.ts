import { setConnection } from '@/api/connection';
import { curlSnippet, fetchSnippet, pythonSnippet } from '@/features/query/codeSnippets';

const params = {
  start_time: '2024-07-01',
  end_time: '2024-07-08',
  filter_column: 'location',
  filter_value: "HB_NORTH,O'HARE",
  filter_operator: 'in' as const,
  columns: 'spp,location',
  resample_frequency: '1h',
  resample_function: 'mean' as const,
  timezone: 'market',
  page_size: 500,
};

describe('code snippets', () => {
  beforeEach(() =>
    setConnection({
      mode: 'remote',
      baseUrl: 'http://127.0.0.1:4010',
      apiKey: 'secret-key-123',
      remember: false,
    }),
  );

  it('curl sends the key from the environment in the x-api-key header', () => {
    const code = curlSnippet('http://127.0.0.1:4010', 'ercot_spp_real_time_15_min', params);
    expect(code).toContain(`-H "x-api-key: $GRIDSTATUS_API_KEY"`);
    expect(code).toContain(
      "curl -G --globoff --url 'http://127.0.0.1:4010/v1/datasets/ercot_spp_real_time_15_min/query'",
    );
    expect(code).toContain(`--data-urlencode 'filter_value=HB_NORTH,O'\\''HARE'`);
    expect(code).not.toContain('api_key=');
  });

  it('Python calls get_dataset with the matching arguments', () => {
    const code = pythonSnippet('http://127.0.0.1:4010', 'ercot_spp_real_time_15_min', params);
    expect(code).toContain('client.get_dataset(');
    expect(code).toContain('dataset="ercot_spp_real_time_15_min"');
    expect(code).toContain('start="2024-07-01"');
    expect(code).toContain('filter_value=["HB_NORTH", "O\'HARE"]');
    expect(code).toContain('filter_operator="in"');
    expect(code).toContain('columns=["spp", "location"]');
    expect(code).toContain('resample="1h"');
    expect(code).toContain('tz="US/Central"');
  });

  it('never writes the key itself', () => {
    for (const make of [curlSnippet, pythonSnippet, fetchSnippet]) {
      const code = make('http://127.0.0.1:4010', 'ercot_load', params);
      expect(code).not.toContain('secret-key-123');
      expect(code).toContain('GRIDSTATUS_API_KEY');
    }
  });
});
