/**
 * The requests the official `gridstatusio` Python client (gridstatusio/gs_client.py) sends, in
 * TypeScript, so its own test suite can be ported to Vitest and run against the mock over HTTP:
 * the same URLs, parameters (those set to None left out, as `requests` does), headers, JSON
 * format (`array-of-arrays`) and paging loop (`cursor=` for the first page in cursor mode, then
 * `meta.cursor`; `page` counting up in both modes, until `meta.hasNextPage` is false).
 */

const CLIENT_VERSION = '0.15.1';

/** A result as the client's DataFrame holds it: the column names and the rows in order. */
export interface Frame {
  columns: string[];
  rows: unknown[][];
}

/** The client's `get_dataset` arguments (Python names), those the ERCOT tests use. */
export interface GetDatasetArgs {
  dataset: string;
  start?: string;
  end?: string;
  publish_time_start?: string;
  publish_time_end?: string;
  columns?: string[];
  filter_column?: string;
  filter_value?: string | string[];
  filter_operator?: string;
  resample?: string;
  limit?: number;
  page_size?: number;
  use_cursor_pagination?: boolean;
}

type Params = Record<string, string | number | undefined>;

/** The client raises `Exception(f"Error {status}: {text}")` for any answer but 200 (and retries 429/5xx). */
class ClientError extends Error {}

/**
 * `pd.to_datetime` of a date-only string is a naive Timestamp, which `requests` sends as
 * `YYYY-MM-DD HH:MM:SS`; one with an offset (or `Z`) is sent with `+00:00`.
 */
function handleDate(value: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2})?))?\s*(Z|[+-]\d{2}:?\d{2})?$/.exec(value);
  if (m === null) throw new Error(`handleDate: unsupported date ${value}`);
  const [, day, time = '00:00:00', zone] = m;
  const seconds = time.length === 5 ? `${time}:00` : time;
  const offset =
    zone === undefined ? '' : zone === 'Z' ? '+00:00' : zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
  return `${day} ${seconds}${offset}`;
}

export class OfficialClient {
  /** Every URL the client asked for, in order (for tests of what it sent). */
  readonly requested: URL[] = [];

  constructor(
    readonly host: string,
    readonly apiKey: string,
  ) {}

  /** `GridStatusClient.get`: the JSON format parameters unless given, the client's headers. */
  async get(url: string, params: Params = {}): Promise<unknown> {
    const target = new URL(url);
    const all: Params = { ...params };
    if (all.return_format === undefined) {
      all.return_format = 'json';
      all.json_schema = 'array-of-arrays';
    }
    for (const [name, value] of Object.entries(all)) {
      if (value !== undefined) target.searchParams.append(name, String(value));
    }
    this.requested.push(target);
    const response = await fetch(target, {
      headers: {
        'x-api-key': this.apiKey,
        'x-client': 'gridstatusio-python',
        'x-client-version': CLIENT_VERSION,
      },
    });
    const text = await response.text();
    if (response.status !== 200) throw new ClientError(`Error ${response.status}: ${text}`);
    return JSON.parse(text) as unknown;
  }

  /** `get_dataset`: every page of a query, concatenated. */
  async getDataset(args: GetDatasetArgs): Promise<Frame> {
    const { use_cursor_pagination: useCursor = true, filter_operator: operator = '=' } = args;
    let page = 1;
    let hasNextPage = true;
    let cursor: string | null = '';
    const frame: Frame = { columns: [], rows: [] };
    while (hasNextPage) {
      const params: Params = {
        start_time: args.start === undefined ? undefined : handleDate(args.start),
        end_time: args.end === undefined ? undefined : handleDate(args.end),
        publish_time_start:
          args.publish_time_start === undefined ? undefined : handleDate(args.publish_time_start),
        publish_time_end: args.publish_time_end === undefined ? undefined : handleDate(args.publish_time_end),
        limit: args.limit,
        page,
        page_size: args.page_size,
        resample_frequency: args.resample,
        resample_function: args.resample === undefined ? undefined : 'mean',
      };
      // `requests` sends an empty string as `cursor=` and drops None (the client's meta.cursor at the end).
      if (useCursor) params.cursor = cursor ?? undefined;
      // The client always sets the three filter parameters (None ones are dropped by `requests`).
      const value = Array.isArray(args.filter_value)
        ? operator === 'in'
          ? args.filter_value.join(',')
          : String(args.filter_value)
        : args.filter_value;
      params.filter_column = args.filter_column;
      params.filter_value = value;
      params.filter_operator = operator;
      if (args.columns !== undefined) params.columns = args.columns.join(',');

      const body = (await this.get(`${this.host}/datasets/${args.dataset}/query`, params)) as {
        data: unknown[][];
        meta: { hasNextPage?: boolean; cursor?: string | null } | null;
      };
      const [header = [], ...rows] = body.data;
      frame.columns = header as string[];
      frame.rows.push(...rows);
      hasNextPage = body.meta?.hasNextPage ?? false;
      cursor = body.meta?.cursor ?? null;
      page += 1;
    }
    return frame;
  }

  /** `get_daily_peak_report`: the date in the URL (today's by default), the raw JSON back. */
  getDailyPeakReport(iso: string, marketDate: string): Promise<unknown> {
    return this.get(`${this.host}/reports/daily_peak/${iso}?date=${marketDate}`);
  }

  /** `get_api_usage`: the raw JSON. */
  getApiUsage(): Promise<unknown> {
    return this.get(`${this.host}/api_usage`);
  }
}

/** A column of a frame by name. */
export function column(frame: Frame, name: string): unknown[] {
  const i = frame.columns.indexOf(name);
  if (i < 0) throw new Error(`no column ${name} in ${frame.columns.join(', ')}`);
  return frame.rows.map((row) => row[i]);
}
