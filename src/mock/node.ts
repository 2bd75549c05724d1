import { setupServer, type SetupServer } from 'msw/node';
import { createMockApi, type MockApi, type MockApiOptions } from './createMockApi';
import { mswHandlers } from './mswHandlers';

/** The mock for Vitest: an msw/node server over the real handlers, and the instance behind it. */
export function createNodeMock(options?: MockApiOptions): { server: SetupServer; api: MockApi } {
  const api = createMockApi(options);
  return { server: setupServer(...mswHandlers(api)), api };
}
