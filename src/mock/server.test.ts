import type { DatasetListResponse } from '@/contract/schemas';
import { startHttpServer, type HttpMock } from './server';

const NOW = Date.UTC(2024, 6, 15, 17, 30);
let mock: HttpMock;

beforeAll(async () => {
  mock = await startHttpServer({ port: 0, now: () => NOW });
});
afterAll(async () => {
  await mock.close();
});

describe('the mock over real HTTP', () => {
  it('listens on 127.0.0.1 and answers the health check', async () => {
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${mock.url}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', version: '1.0.0' });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('serves the catalog to a key and refuses a wrong one', async () => {
    const ok = await fetch(`${mock.url}/v1/datasets`, { headers: { 'x-api-key': 'demo-key' } });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as DatasetListResponse).data).toHaveLength(9);
    const wrong = await fetch(`${mock.url}/v1/datasets?api_key=nope`);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ detail: 'Invalid API key.' });
  });

  it('serves CSV with its headers', async () => {
    const csv = await fetch(`${mock.url}/v1/datasets?return_format=csv&download=true`, {
      headers: { 'x-api-key': 'demo-key' },
    });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="datasets.csv"');
    expect((await csv.text()).startsWith('id,source,name,')).toBe(true);
  });

  it('answers preflights, HEAD without a body, 405 for other methods and 404 for unknown paths', async () => {
    const preflight = await fetch(`${mock.url}/v1/datasets`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/x-api-key/);
    const head = await fetch(`${mock.url}/v1/datasets`, {
      method: 'HEAD',
      headers: { 'x-api-key': 'demo-key' },
    });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await fetch(`${mock.url}/v1/datasets`, { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
    expect(await post.json()).toEqual({ detail: 'Method Not Allowed' });
    for (const path of ['/', '/favicon.ico', '/v1/nothing']) {
      const missing = await fetch(`${mock.url}${path}`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ detail: 'Not Found' });
      expect(missing.headers.get('access-control-allow-origin')).toBe('*');
    }
  });
});

describe('startHttpServer', () => {
  it('runs several independent instances on free ports and closes them', async () => {
    const other = await startHttpServer({ port: 0, now: () => NOW });
    expect(other.url).not.toBe(mock.url);
    await fetch(`${other.url}/v1/datasets`, { headers: { 'x-api-key': 'demo-key' } });
    const usage = await fetch(`${other.url}/v1/api_usage`, { headers: { 'x-api-key': 'demo-key' } });
    expect(await usage.json()).toMatchObject({ requests_today: 1 });
    await other.close();
    await expect(fetch(`${other.url}/health`)).rejects.toThrow();
  });
});
