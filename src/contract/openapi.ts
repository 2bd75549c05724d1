/**
 * The OpenAPI 3.1 description of the API, generated from the contract's zod schemas and endpoint
 * table (never kept by hand). The mock serves it at `GET /openapi.json`.
 */
import { z } from 'zod';
import { ENDPOINTS, type Endpoint } from './endpoints';
import { API_KEY_HEADER, API_KEY_QUERY_PARAM, API_VERSION, PAGING_HEADERS } from './http';
import { errorBodySchema } from './schemas';

type Json = Record<string, unknown>;

const COMPONENT = '#/components/schemas/';
const REASONS: Readonly<Record<number, string>> = {
  400: 'A value of the right type that breaks a rule',
  401: 'Missing or unknown API key',
  403: 'The plan lacks this feature',
  404: 'Unknown resource or route',
  405: 'Method not allowed (only GET, HEAD and OPTIONS are answered)',
  422: 'A parameter of the wrong type, or a query that would scan too many rows',
  429: 'Over the per-second rate or the daily/monthly quota; see Retry-After',
};

/** The JSON Schema of a registered component (`$ref` to it) or of an anonymous schema, inline. */
function schemaOf(schema: z.ZodType): Json {
  const id = z.globalRegistry.get(schema)?.id;
  if (id !== undefined) return { $ref: `${COMPONENT}${id}` };
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'input' }) as Json;
  return rest;
}

function components(): Json {
  const all = z.toJSONSchema(z.globalRegistry, { io: 'input', uri: (id) => `${COMPONENT}${id}` });
  const schemas: Json = {};
  for (const [id, schema] of Object.entries(all.schemas)) {
    const { $schema: _s, $id: _i, ...rest } = schema as Json;
    schemas[id] = rest;
  }
  return schemas;
}

function parameters(endpoint: Endpoint): Json[] {
  const params: Json[] = Object.entries(endpoint.pathParams).map(([name, description]) => ({
    name,
    in: 'path',
    required: true,
    description,
    schema: { type: 'string' },
  }));
  const shape = endpoint.query?.shape ?? {};
  for (const [name, field] of Object.entries(shape) as [string, z.ZodType][]) {
    const { description, ...schema } = schemaOf(field);
    params.push({ name, in: 'query', required: false, ...(description ? { description } : {}), schema });
  }
  return params;
}

function okResponse(endpoint: Endpoint): Json {
  if (endpoint.id === ENDPOINTS.openApi.id) {
    return {
      description: 'An OpenAPI 3.1 document',
      content: { 'application/json': { schema: { type: 'object' } } },
    };
  }
  const json = endpoint.ok.json.map(schemaOf);
  const content: Json = {
    'application/json': { schema: json.length === 1 ? json[0] : { oneOf: json } },
  };
  if (endpoint.ok.csv) content['text/csv'] = { schema: { type: 'string' } };
  const headers: Json = {};
  if (endpoint.ok.pagingHeaders) {
    for (const name of Object.values(PAGING_HEADERS)) {
      headers[name] = { description: `Paging of CSV answers (${name})`, schema: { type: 'string' } };
    }
  }
  if (endpoint.ok.csv) {
    headers['Content-Disposition'] = { description: 'With download=true', schema: { type: 'string' } };
  }
  return { description: 'OK', content, ...(Object.keys(headers).length > 0 ? { headers } : {}) };
}

function errorResponse(status: number): Json {
  const response: Json = {
    description: REASONS[status] ?? 'Error',
    content: { 'application/json': { schema: schemaOf(errorBodySchema) } },
  };
  if (status === 429)
    response.headers = { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } };
  return response;
}

function operation(endpoint: Endpoint): Json {
  const statuses = [...endpoint.errors, ...(endpoint.auth ? [401, 429] : []), 405].sort((a, b) => a - b);
  const responses: Json = { '200': okResponse(endpoint) };
  for (const status of new Set(statuses)) responses[String(status)] = errorResponse(status);
  return {
    operationId: endpoint.id,
    summary: endpoint.summary,
    parameters: parameters(endpoint),
    responses,
    security: endpoint.auth ? [{ ApiKeyHeader: [] }, { ApiKeyQuery: [] }] : [],
  };
}

let cached: Json | null = null;

/** The document (built once, then reused). */
export function openApiDocument(): Json {
  if (cached !== null) return cached;
  const paths: Json = {};
  for (const endpoint of Object.values(ENDPOINTS) as Endpoint[])
    paths[endpoint.path] = { get: operation(endpoint) };
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'Market data API (ERCOT)',
      version: API_VERSION,
      description:
        'A read-only, GridStatus-style market-data API: dataset catalog, metadata, row queries, updates, audits, pricing locations, the daily peak report and usage.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: components(),
      securitySchemes: {
        ApiKeyHeader: { type: 'apiKey', in: 'header', name: API_KEY_HEADER },
        ApiKeyQuery: { type: 'apiKey', in: 'query', name: API_KEY_QUERY_PARAM },
      },
    },
  };
  return cached;
}
