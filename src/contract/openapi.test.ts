import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { createMockApi } from '@/mock/createMockApi';
import { ROUTES } from '@/mock/handlers/routes';
import { ENDPOINTS } from './endpoints';
import { routePattern } from './routes';
import { openApiDocument } from './openapi';

const BASE = 'http://mock.test';

interface Document {
  openapi: string;
  info: { version: string };
  paths: Record<string, { get: { parameters: { name: string; in: string }[]; security: object[] } }>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
}

async function served(path: string, headers: Record<string, string> = {}): Promise<Response> {
  const api = createMockApi({ baseUrl: BASE, rateLimits: false });
  return api.handle(new Request(`${BASE}${path}`, { headers }));
}

describe('GET /openapi.json', () => {
  it('is served without a key and is a valid OpenAPI 3.1 document', async () => {
    const response = await served('/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const document = (await response.json()) as Document;
    expect(document).toEqual(openApiDocument());
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1.0.0');

    const result = await new Validator().validate(document as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('resolves every $ref to a component it defines', () => {
    const document = openApiDocument();
    const refs = JSON.stringify(document).match(/"\$ref":"[^"]+"/g) ?? [];
    const components = (document.components as { schemas: Record<string, unknown> }).schemas;
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) {
      const id = /#\/components\/schemas\/([^"]+)"/.exec(ref)?.[1] ?? ref;
      expect(components, ref).toHaveProperty(id);
    }
  });

  it('declares both ways of sending the key, as alternatives on every keyed route', () => {
    const document = openApiDocument() as unknown as Document;
    expect(document.components.securitySchemes).toEqual({
      ApiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key' },
      ApiKeyQuery: { type: 'apiKey', in: 'query', name: 'api_key' },
    });
    expect(document.paths['/v1/datasets']?.get.security).toEqual([{ ApiKeyHeader: [] }, { ApiKeyQuery: [] }]);
    expect(document.paths['/health']?.get.security).toEqual([]);
  });

  it('lists every route of the mock, and the mock answers every path it lists', async () => {
    const document = openApiDocument() as unknown as Document;
    const documented = Object.keys(document.paths).map((p) => p.replace(/\{([^}]+)\}/g, ':$1'));
    expect(ROUTES.map((r) => r.pattern).sort()).toEqual([...documented].sort());
    for (const endpoint of Object.values(ENDPOINTS)) {
      const concrete = routePattern(endpoint).replace(/:([a-z_]+)/g, (_, name: string) =>
        name === 'dataset_id' ? 'ercot_load' : name === 'iso' ? 'ercot' : 'x',
      );
      const response = await served(concrete, { 'x-api-key': 'test-key' });
      // 404 may be the resource's (`Pricing location 'x' not found.`), never the route's.
      const body = (await response.clone().json()) as { detail?: unknown };
      expect(body.detail, concrete).not.toBe('Not Found');
    }
  });

  it('documents every query parameter of the query route, and the path route without the filter ones', () => {
    const document = openApiDocument() as unknown as Document;
    const names = (path: string): string[] =>
      (document.paths[path]?.get.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    const query = names('/v1/datasets/{dataset_id}/query');
    for (const name of [
      'start_time',
      'filter_operator',
      'cursor',
      'resample_frequency',
      'publish_time',
      'json_schema',
    ])
      expect(query).toContain(name);
    const byPath = names('/v1/datasets/{dataset_id}/query/{filter_column_id}/{filter_value_path}');
    expect(byPath).not.toContain('filter_column');
    expect(byPath).toContain('resample_by');
  });
});
