/**
 * A stand-in for the API in the table bench, in a worker of its own so that making the JSON is
 * not counted as the page's work: it answers cursor pages of `ercot_lmp_by_settlement_point`-shaped
 * rows as `array_of_arrays` text, the way the mock's HTTP server would send them.
 */
export interface FakePageRequest {
  id: number;
  cursor: string;
}
/** The body as bytes, as the network delivers it (a transferred buffer, not a cloned string). */
export interface FakePageReply {
  id: number;
  body: ArrayBuffer;
}

const FAKE_TOTAL_ROWS = 1_000_000;
const FAKE_PAGE_SIZE = 50_000;
const LOCATIONS = 500;
const FIVE_MIN = 300_000;
const START = Date.UTC(2024, 0, 1, 6);

const names = Array.from({ length: LOCATIONS }, (_, i) =>
  i < 8
    ? (['HB_NORTH', 'HB_SOUTH', 'HB_WEST', 'HB_HOUSTON', 'LZ_AEN', 'LZ_CPS', 'LZ_LCRA', 'LZ_WEST'][i] ?? '')
    : `RN_UNIT${i}_ALL`,
);
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', '+00:00');

function pageText(index: number): string {
  const from = index * FAKE_PAGE_SIZE;
  const to = Math.min(FAKE_TOTAL_ROWS, from + FAKE_PAGE_SIZE);
  const rows: unknown[] = [
    ['interval_start_utc', 'interval_end_utc', 'location', 'location_type', 'market', 'lmp'],
  ];
  for (let i = from; i < to; i++) {
    const t = START + Math.floor(i / LOCATIONS) * FIVE_MIN;
    const loc = i % LOCATIONS;
    // Prices around 25–45 $/MWh, a few negative at night, nulls now and then.
    const lmp =
      i % 997 === 0
        ? null
        : Math.round((25 + 20 * Math.sin(i * 12.9898) - (loc % 50 === 0 ? 40 : 0)) * 100) / 100;
    rows.push([
      iso(t),
      iso(t + FIVE_MIN),
      names[loc],
      loc < 4 ? 'Trading Hub' : loc < 8 ? 'Load Zone' : 'Resource Node',
      'REAL_TIME_SCED',
      lmp,
    ]);
  }
  const next = to < FAKE_TOTAL_ROWS ? `c${index + 1}` : null;
  return JSON.stringify({
    data: rows,
    meta: { page: 1, limit: null, page_size: FAKE_PAGE_SIZE, hasNextPage: next !== null, cursor: next },
    dataset_metadata: {
      id: 'ercot_lmp_by_settlement_point',
      all_columns: [
        {
          name: 'interval_start_utc',
          type: 'TIMESTAMP',
          is_numeric: false,
          is_datetime: true,
          description: '',
          unit: null,
        },
        {
          name: 'interval_end_utc',
          type: 'TIMESTAMP',
          is_numeric: false,
          is_datetime: true,
          description: '',
          unit: null,
        },
        {
          name: 'location',
          type: 'VARCHAR',
          is_numeric: false,
          is_datetime: false,
          description: '',
          unit: null,
        },
        {
          name: 'location_type',
          type: 'VARCHAR',
          is_numeric: false,
          is_datetime: false,
          description: '',
          unit: null,
        },
        {
          name: 'market',
          type: 'VARCHAR',
          is_numeric: false,
          is_datetime: false,
          description: '',
          unit: null,
        },
        {
          name: 'lmp',
          type: 'DOUBLE PRECISION',
          is_numeric: true,
          is_datetime: false,
          description: '',
          unit: '$/MWh',
        },
      ],
    },
  });
}

interface WorkerScope {
  onmessage: ((event: MessageEvent<FakePageRequest>) => void) | null;
  postMessage(message: FakePageReply, transfer: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;
scope.onmessage = (event) => {
  const { id, cursor } = event.data;
  const index = cursor === '' ? 0 : Number(cursor.slice(1));
  const body = new TextEncoder().encode(pageText(index)).buffer;
  scope.postMessage({ id, body }, [body]);
};
