import { networkInterfaces } from 'node:os';
import { startHttpServer, type HttpMock } from './server';

const NOW = Date.UTC(2024, 6, 15, 17, 30);
let mock: HttpMock;

beforeAll(async () => {
  mock = await startHttpServer({ port: 0, now: () => NOW });
});
afterAll(async () => {
  await mock.close();
});

const port = (): string => new URL(mock.url).port;

/** This machine's own non-loopback IPv4 addresses (none in some sandboxes). */
const outwardAddresses = (): string[] =>
  Object.values(networkInterfaces())
    .flat()
    .filter((a) => a !== undefined && a.family === 'IPv4' && !a.internal)
    .flatMap((a) => (a === undefined ? [] : [a.address]));

describe('the HTTP mock is not reachable from elsewhere and cannot be changed', () => {
  it('listens on 127.0.0.1 by default', () => {
    expect(new URL(mock.url).hostname).toBe('127.0.0.1');
  });

  const addresses = outwardAddresses();
  // A sandbox without a network has no outward address to try.
  (addresses.length > 0 ? it.each(addresses) : it.skip.each(['(none)']))(
    'refuses connections on the outward address %s',
    async (address) => {
      await expect(fetch(`http://${address}:${port()}/health`)).rejects.toThrow();
    },
  );

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])(
    'answers %s with 405 whatever the body or key',
    async (method) => {
      for (const path of ['/v1/datasets', '/v1/datasets/ercot_load/query', '/health']) {
        const response = await fetch(`${mock.url}${path}`, {
          method,
          headers: { 'x-api-key': 'demo-key', 'content-type': 'application/json' },
          body: '{"id":"ercot_load","name":"changed"}',
        });
        expect(response.status).toBe(405);
        expect(await response.json()).toEqual({ detail: 'Method Not Allowed' });
      }
      const after = await fetch(`${mock.url}/v1/datasets/ercot_load`, {
        headers: { 'x-api-key': 'demo-key' },
      });
      expect(((await after.json()) as { name: string }).name).not.toBe('changed');
    },
  );

  it('never sends a stack trace, whatever the input', async () => {
    const nasty = [
      '/v1/datasets/%E0%A4%A',
      '/v1/datasets/ercot_load/query?start_time=%00&page=-1e999',
      '/v1/datasets/ercot_load/query?filter_column=load&filter_value=%27%3B--&filter_operator=in',
      '/v1/pricing_locations/nearby?latitude=NaN&longitude=Infinity',
      `/v1/datasets/${'a'.repeat(5000)}`,
      '/v1/reports/daily_peak/ercot?date=9999-99-99',
    ];
    for (const path of nasty) {
      const response = await fetch(`${mock.url}${path}`, { headers: { 'x-api-key': 'demo-key' } });
      const text = await response.text();
      expect(response.status).toBeLessThan(500);
      expect(text).not.toMatch(/\bat .+:\d+:\d+|node_modules|\.ts\b|Error:/);
    }
  });
});
