import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { setConnection } from '@/api/connection';
import { fetchDataset } from '@/api/datasets/fetchers';
import { fetchApiUsage } from '@/api/usage/fetchers';
import { createMockApi } from '@/mock/createMockApi';
import { mswHandlers } from '@/mock/mswHandlers';

/**
 * The client checks every JSON answer against the contract's schema in development and tests, so
 * a mock or server that drifts from the contract fails where it drifts, not three screens later.
 */
const BASE = 'http://drift.test';
const mock = createMockApi({ baseUrl: BASE, rateLimits: false });
const server = setupServer(
  http.get(`${BASE}/v1/datasets/drifted`, () =>
    // A dataset whose cadence is a word the contract does not have, and without its columns.
    HttpResponse.json({ id: 'drifted', source: 'ercot', name: 'x', description: '', cadence: 'HOURLY' }),
  ),
  ...mswHandlers(mock),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => setConnection({ mode: 'remote', baseUrl: BASE, apiKey: 'test-key', remember: false }));

describe('answers checked against the contract', () => {
  it("pass when they are the mock's", async () => {
    expect((await fetchDataset('ercot_load')).id).toBe('ercot_load');
    expect((await fetchApiUsage()).plan).toBe('Internal');
  });

  it('fail loudly, naming the field, when a server drifts', async () => {
    await expect(fetchDataset('drifted')).rejects.toThrow(
      /does not match the contract's dataset shape: cadence: .*/,
    );
  });
});
