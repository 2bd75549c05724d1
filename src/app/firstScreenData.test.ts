// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_API_KEY, setConnection } from '@/api/connection';
import { datasetKeys } from '@/api/datasets/keys';
import { createQueryClient } from '@/api/queryClient';
import { DEMO_FIRST_RENDER_WAIT_MS, prefetchFirstScreen } from '@/app/firstScreenData';
import { setupMockServer } from '@/test/mockServer';
import { DATASETS } from '@/mock/data/catalog';

const { server } = setupMockServer();

const catalogKey = datasetKeys.list({});

function useDemo(): void {
  setConnection({ mode: 'demo', baseUrl: '', apiKey: DEMO_API_KEY, remember: false });
}

afterEach(() => {
  vi.useRealTimers();
  useDemo();
});

describe('prefetchFirstScreen', () => {
  it('in demo mode, the catalog renders once its list is in the cache', async () => {
    useDemo();
    const queryClient = createQueryClient();
    await prefetchFirstScreen(queryClient, '/', '');
    expect(queryClient.getQueryData<{ data: unknown[] }>(catalogKey)?.data).toHaveLength(DATASETS.length);
  });

  it('in demo mode, a slow answer holds the first render no longer than the bound', async () => {
    useDemo();
    server.use(http.get('*/v1/datasets', () => new Promise<never>(() => undefined)));
    vi.useFakeTimers();
    const queryClient = createQueryClient();
    let rendered = false;
    void prefetchFirstScreen(queryClient, '/', '').then(() => (rendered = true));
    await vi.advanceTimersByTimeAsync(DEMO_FIRST_RENDER_WAIT_MS - 1);
    expect(rendered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(rendered).toBe(true);
    expect(queryClient.getQueryState(catalogKey)?.status).toBe('pending');
  });

  it('with a server of the user’s own, the first render does not wait: the skeleton paints at once', async () => {
    setConnection({ mode: 'remote', baseUrl: 'https://api.example.test', apiKey: 'k', remember: false });
    server.use(http.get('https://api.example.test/v1/datasets', () => HttpResponse.json({ data: [] })));
    const queryClient = createQueryClient();
    await prefetchFirstScreen(queryClient, '/', '');
    expect(queryClient.getQueryState(catalogKey)?.status).toBe('pending');
  });

  it('pages without first-screen data render at once, and the price map does not wait for its engine', async () => {
    useDemo();
    const queryClient = createQueryClient();
    await prefetchFirstScreen(queryClient, '/usage', '');
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    let rendered = false;
    vi.useFakeTimers();
    void prefetchFirstScreen(queryClient, '/price-map', '').then(() => (rendered = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(rendered).toBe(true);
  });

  it('a dataset page or query-builder link asks for the dataset’s metadata before the page’s code arrives', async () => {
    useDemo();
    const queryClient = createQueryClient();
    await prefetchFirstScreen(queryClient, '/datasets/ercot_load/query', '');
    await prefetchFirstScreen(queryClient, '/datasets/ercot%5Fspp_day_ahead_hourly', '');
    await vi.waitFor(() => {
      expect(queryClient.getQueryData<{ id: string }>(datasetKeys.detail('ercot_load'))?.id).toBe(
        'ercot_load',
      );
      expect(
        queryClient.getQueryData<{ id: string }>(datasetKeys.detail('ercot_spp_day_ahead_hourly'))?.id,
      ).toBe('ercot_spp_day_ahead_hourly');
    });
  });

  it('a crafted path asks for nothing it cannot read, and an unknown record is left for the page to say', async () => {
    useDemo();
    const queryClient = createQueryClient();
    await prefetchFirstScreen(queryClient, '/datasets/%E0%A4%A/query', '');
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    await prefetchFirstScreen(queryClient, '/datasets/no_such_dataset', '');
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(datasetKeys.detail('no_such_dataset'))?.status).toBe('error'),
    );
  });
});
