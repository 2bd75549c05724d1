// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { DEMO_API_KEY, setConnection } from '@/api/connection';
import {
  canResumeExportJob,
  cancelExportJob,
  dismissExportJob,
  projectTotal,
  startExportJob,
  resumeExportJob,
  type ExportJob,
} from '@/api/exports/exportJobs';
import { getExportJobs, subscribeExportJobs } from '@/api/exports/exportJobList';
import { formatTimestamp } from '@/lib/format';
import { TEST_NOW } from '@/test/clock';
import { setupMockServer } from '@/test/mockServer';
import { exportJobStopped } from '@/test/exportJobs';

const { server } = setupMockServer();

const params = {
  filter_column: 'location',
  filter_value: 'HB_NORTH',
  start_time: '2025-07-13T00:00:00+00:00',
  end_time: '2025-07-15T00:00:00+00:00',
  columns: 'spp',
};

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
      estimate: { rows: 192, kind: 'about' },
      save: (blob, name) => saved.push({ blob, name }),
    });
    const job = await exportJobStopped(id);
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

  it('replaces an upper-bound estimate by a projection from how far the pages reach, then by the truth', async () => {
    const seen: (ExportJob['estimate'] | undefined)[] = [];
    let id = -1;
    const stop = subscribeExportJobs(() => seen.push(getExportJobs().find((j) => j.id === id)?.estimate));
    // Two days of one hub's prices above $20: a filter that keeps an unknown share of the 192 intervals.
    const filtered = {
      ...params,
      filter_column: 'spp',
      filter_operator: '>' as const,
      filter_value: '20',
      columns: 'spp',
    };
    id = startExportJob({
      datasetId: 'ercot_spp_real_time_15_min',
      label: 'test',
      params: filtered,
      estimate: {
        rows: 192 * 900,
        kind: 'at most',
        span: {
          startMs: Date.parse(params.start_time),
          endMs: Date.parse(params.end_time),
          descending: false,
        },
      },
      save: () => undefined,
      pageSize: 5000,
    });
    const job = await exportJobStopped(id);
    stop();
    const projected = seen.find((e) => e && e.kind === 'about' && e.rows < 192 * 900);
    expect(projected, 'a projection once the first page arrived').toBeDefined();
    expect(job.estimate).toEqual({ rows: job.rows, kind: 'about' });
  });

  it('projects the total a walk through time will reach', () => {
    const span = { startMs: 0, endMs: 1000, descending: false };
    expect(projectTotal(50, 250, span)).toBe(200);
    expect(projectTotal(50, 750, { ...span, descending: true })).toBe(200);
    // Too early to say, or a time outside the span: no projection.
    expect(projectTotal(5, 5, span)).toBeNull();
    expect(projectTotal(5, 2000, span)).toBeNull();
    expect(projectTotal(5, Number.NaN, span)).toBeNull();
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
    const job = await exportJobStopped(id);
    expect(job.status).toBe('cancelled');
    expect(save).not.toHaveBeenCalled();
  });

  describe('stopped by a server that does not answer or a spent quota', () => {
    const DATASET = 'ercot_spp_real_time_15_min';
    const QUERY = '*/v1/datasets/:id/query';

    afterEach(() => {
      vi.useRealTimers();
      for (const job of getExportJobs()) dismissExportJob(job.id);
    });

    /** 192 rows in pages of 50; retries come at once. */
    function exportTo(saved: Blob[]): number {
      return startExportJob({
        datasetId: DATASET,
        label: 'test',
        params,
        estimate: { rows: 192, kind: 'about' },
        pageSize: 50,
        retryDelaysMs: [1, 1],
        save: (blob) => saved.push(blob),
      });
    }

    it('waits out the Retry-After of a 503, then carries on with every row', async () => {
      server.use(
        http.get(
          QUERY,
          () =>
            HttpResponse.json(
              { detail: 'Down for maintenance.' },
              { status: 503, headers: { 'Retry-After': '1' } },
            ),
          { once: true },
        ),
      );
      const messages: string[] = [];
      const stop = subscribeExportJobs(() =>
        getExportJobs().forEach((j) => j.message && messages.push(j.message)),
      );
      const started = Date.now();
      const saved: Blob[] = [];
      const id = exportTo(saved);
      const job = await exportJobStopped(id);
      stop();
      expect(job.status).toBe('done');
      expect(job.rows).toBe(192);
      // The retry delay given was 1 ms; the server asked for a second.
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      expect(messages.some((m) => /try 2 of 3 in 1 s/.test(m))).toBe(true);
    });

    async function reference(): Promise<string> {
      const saved: Blob[] = [];
      const id = exportTo(saved);
      expect((await exportJobStopped(id)).status).toBe('done');
      dismissExportJob(id);
      return (await saved[0]?.text()) ?? '';
    }

    /** Resumes a stopped job (as the Resume button does) and returns its CSV. */
    async function resumeToEnd(id: number, saved: Blob[]): Promise<string> {
      expect(canResumeExportJob(id)).toBe(true);
      expect(resumeExportJob(id)).toBe(true);
      const job = await exportJobStopped(id);
      expect(job.status).toBe('done');
      expect(job.rows).toBe(192);
      expect(saved).toHaveLength(1);
      return (await saved[0]?.text()) ?? '';
    }

    it('retries a page that times out, then stops resumably; Resume writes every row once', async () => {
      const expected = await reference();
      setConnection({
        mode: 'demo',
        baseUrl: '',
        apiKey: DEMO_API_KEY,
        remember: false,
        timeoutSeconds: 0.1,
      });
      // The second page is never answered, three times in a row (the first try and two retries).
      const held: Request[] = [];
      server.use(
        http.get(QUERY, ({ request }) => {
          if (new URL(request.url).searchParams.get('cursor') === '' || held.length >= 3) return undefined;
          held.push(request);
          return new Promise<Response>((resolve) => {
            request.signal.addEventListener('abort', () => resolve(HttpResponse.error()), { once: true });
          });
        }),
      );
      const messages: string[] = [];
      const stop = subscribeExportJobs(() =>
        getExportJobs().forEach((j) => j.message !== null && messages.push(j.message)),
      );
      const saved: Blob[] = [];
      const id = exportTo(saved);
      const job = await exportJobStopped(id);
      stop();

      expect(held).toHaveLength(3);
      expect(held.every((r) => r.signal.aborted)).toBe(true);
      expect(messages).toContain(
        'Page 2 failed (The server did not answer within 0.1 s.); try 2 of 3 in 1 s.',
      );
      expect(job.status).toBe('failed');
      expect(job.rows).toBe(50);
      expect(job.message).toBe(
        'stopped at page 2: the server stopped answering (The server did not answer within 0.1 s.) Resume to try again.',
      );
      expect(saved).toHaveLength(0);

      const text = await resumeToEnd(id, saved);
      expect(text).toBe(expected);
      const lines = text.trimEnd().split('\n');
      expect(new Set(lines).size).toBe(lines.length);
    });

    it('does not wait out a 429 six hours long: it stops saying when the quota resets', async () => {
      const expected = await reference();
      vi.useFakeTimers({ toFake: ['Date'], now: TEST_NOW });
      let refused = 0;
      server.use(
        http.get(QUERY, ({ request }) => {
          if (new URL(request.url).searchParams.get('cursor') === '' || refused > 0) return undefined;
          refused += 1;
          return HttpResponse.json(
            { detail: 'Daily request limit reached.' },
            { status: 429, headers: { 'Retry-After': String(6 * 3600) } },
          );
        }),
      );
      const statuses = new Set<string>();
      const stop = subscribeExportJobs(() => getExportJobs().forEach((j) => statuses.add(j.status)));
      const saved: Blob[] = [];
      const id = exportTo(saved);
      const job = await exportJobStopped(id);
      stop();

      expect(refused).toBe(1);
      expect(statuses).not.toContain('waiting');
      expect(job.status).toBe('failed');
      expect(job.rows).toBe(50);
      const resets = formatTimestamp(TEST_NOW + 6 * 3600 * 1000, { timeZone: 'local' });
      expect(job.message).toBe(
        `stopped at page 2: the request quota of this key is spent; it resets at ${resets} (local time). Resume after that.`,
      );

      expect(await resumeToEnd(id, saved)).toBe(expected);
    });

    it('still waits out a short Retry-After and carries on by itself', async () => {
      server.use(
        http.get(
          QUERY,
          () =>
            HttpResponse.json(
              { detail: 'Too Many Requests. Limit: 20 per 1 second.' },
              { status: 429, headers: { 'Retry-After': '0' } },
            ),
          { once: true },
        ),
      );
      const saved: Blob[] = [];
      const job = await exportJobStopped(exportTo(saved));
      expect(job.status).toBe('done');
      expect(job.rows).toBe(192);
    });
  });
});
