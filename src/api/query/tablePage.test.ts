// @vitest-environment jsdom
import { cellValue } from '@/lib/columnar';
import { decodeTablePage, IN_THREAD_BYTES } from './tablePage';

/** A Worker that records what it was sent and fails to start, as a blocked worker script does. */
class UnstartableWorker {
  static created = 0;
  static posted: number[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: { preventDefault: () => void }) => void) | null = null;
  constructor() {
    UnstartableWorker.created += 1;
  }
  postMessage(message: { bytes: ArrayBuffer }): void {
    UnstartableWorker.posted.push(message.bytes.byteLength);
    queueMicrotask(() => this.onerror?.({ preventDefault: () => undefined }));
  }
  terminate(): void {}
}

/** An `array_of_arrays` answer of `rows` rows, as bytes. */
function answer(rows: number): ArrayBuffer {
  const data: (string | number)[][] = [['interval_start_utc', 'location', 'lmp']];
  for (let i = 0; i < rows; i++)
    data.push([`2025-07-15T${String(i % 24).padStart(2, '0')}:00:00+00:00`, 'HB_NORTH', i / 4]);
  const body = {
    data,
    meta: { page: 1, page_size: rows, hasNextPage: false },
    dataset_metadata: { id: 'x' },
  };
  return new TextEncoder().encode(JSON.stringify(body)).buffer;
}

describe('decodeTablePage', () => {
  beforeEach(() => {
    UnstartableWorker.created = 0;
    UnstartableWorker.posted = [];
    vi.stubGlobal('Worker', UnstartableWorker);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('decodes a small page in the thread, without starting a worker for it', async () => {
    const bytes = answer(168);
    expect(bytes.byteLength).toBeLessThanOrEqual(IN_THREAD_BYTES);
    const page = await decodeTablePage(bytes);
    expect(page.rows.rowCount).toBe(168);
    expect(cellValue(page.rows, 2, 4)).toBe(1);
    expect(UnstartableWorker.created).toBe(0);
  });

  it('sends a large page to the worker, and decodes it in the thread when the worker cannot start', async () => {
    const bytes = answer(5000);
    const size = bytes.byteLength;
    expect(size).toBeGreaterThan(IN_THREAD_BYTES);
    const page = await decodeTablePage(bytes);
    expect(UnstartableWorker.created).toBe(1);
    expect(UnstartableWorker.posted).toEqual([size]);
    expect(page.rows.rowCount).toBe(5000);
  });
});
