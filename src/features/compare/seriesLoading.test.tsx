// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { DEMO_API_KEY, setConnection } from '@/api/connection';
import { createQueryClient } from '@/api/queryClient';
import { fetchDatasetQuery } from '@/api/query/fetchers';
import { usageKeys } from '@/api/usage/keys';
import type { Usage } from '@/api/usage/normalizeUsage';
import { setupMockServer } from '@/test/mockServer';
import { useSeriesLoads } from './seriesLoading';

setupMockServer();

describe("Compare's series loads", () => {
  it('render again for a new request rate, not for every new usage count', async () => {
    // Every answer refreshes the usage figures, and the loads read only their rate, which paces
    // the series' requests: each count rendered the whole workspace again (40–70 ms on a cold link).
    setConnection({ mode: 'demo', baseUrl: '', apiKey: DEMO_API_KEY, remember: false });
    const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    let renders = 0;
    renderHook(
      () => {
        renders++;
        return useSeriesLoads([], new Map(), null, []);
      },
      { wrapper },
    );
    const used = () => queryClient.getQueryData<Usage>(usageKeys.all)?.requestsThisPeriod.used;
    await waitFor(() => expect(used()).toBeDefined());
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const rendered = renders;
    const before = used();

    // A data request counts; the next usage answer says so.
    await fetchDatasetQuery('ercot_load', {
      start_time: '2025-07-08T05:00:00Z',
      end_time: '2025-07-08T06:00:00Z',
    });
    await act(() => queryClient.refetchQueries({ queryKey: usageKeys.all }));

    expect(used()).toBeGreaterThan(before ?? Infinity);
    expect(renders).toBe(rendered);

    // Another key, another plan: 5 requests a second, not 20. The loads render for the new pace.
    setConnection({ mode: 'demo', baseUrl: '', apiKey: 'free-key', remember: false });
    await act(() => queryClient.refetchQueries({ queryKey: usageKeys.all }));
    expect(queryClient.getQueryData<Usage>(usageKeys.all)?.plan).toBe('Free');
    expect(renders).toBeGreaterThan(rendered);
  });
});
