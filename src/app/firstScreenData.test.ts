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
});
