// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { DEMO_API_KEY, setConnection } from '@/api/connection';
import {
  cancelExportJob,
  getExportJobs,
  startExportJob,
  subscribeExportJobs,
  type ExportJob,
} from '@/features/query/exportJobs';
import { setupMockServer } from '@/test/mockServer';

const { server } = setupMockServer();

const params = {
  filter_column: 'location',
  filter_value: 'HB_NORTH',
  start_time: '2025-07-13T00:00:00+00:00',
  end_time: '2025-07-15T00:00:00+00:00',
  columns: 'spp',
};

function finished(id: number): Promise<ExportJob> {
  return new Promise((resolve) => {
    const check = () => {
      const job = getExportJobs().find((j) => j.id === id);
      if (job && job.status !== 'running' && job.status !== 'waiting') {
        unsubscribe();
        resolve(job);
      }
    };
    const unsubscribe = subscribeExportJobs(check);
    check();
  });
}

describe('export jobs', () => {
  beforeEach(() => setConnection({ mode: 'demo', baseUrl: '', apiKey: DEMO_API_KEY, remember: false }));

  it('waits out a 429 and retries the same page, then saves every row', async () => {
    let refused = 0;
    server.use(
      http.get(
        '*/v1/datasets/:id/query',
        () => {
          refused += 1;
          return HttpResponse.json(
            { detail: 'Too Many Requests. Limit: 20 per 1 second.' },
            { status: 429, headers: { 'Retry-After': '0' } },
          );
        },
        { once: true },
      ),
    );
    const statuses = new Set<string>();
    const stop = subscribeExportJobs(() => getExportJobs().forEach((j) => statuses.add(j.status)));
    const saved: { blob: Blob; name: string }[] = [];
    const id = startExportJob({
      datasetId: 'ercot_spp_real_time_15_min',
      label: 'test',
      params,
      estimate: 192,
      save: (blob, name) => saved.push({ blob, name }),
    });
    const job = await finished(id);
    stop();
    expect(refused).toBe(1);
    expect(statuses).toContain('waiting');
    expect(job.status).toBe('done');
    expect(job.rows).toBe(192);
    expect(saved[0]?.name).toBe('ercot_spp_real_time_15_min.csv');
    const text = (await saved[0]?.blob.text()) ?? '';
    expect(text.split('\n')[0]).toBe('interval_start_utc,interval_end_utc,spp');
    expect(text.trimEnd().split('\n')).toHaveLength(193);
    expect(text).not.toContain(DEMO_API_KEY);
  });

  it('can be cancelled', async () => {
    const save = vi.fn();
    const id = startExportJob({
      datasetId: 'ercot_spp_real_time_15_min',
      label: 'test',
      params,
      estimate: null,
      save,
    });
    cancelExportJob(id);
    const job = await finished(id);
    expect(job.status).toBe('cancelled');
    expect(save).not.toHaveBeenCalled();
  });
});
