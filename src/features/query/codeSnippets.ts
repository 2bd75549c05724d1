/**
 * The current query as code to paste elsewhere. The key is always a reference to the
 * `GRIDSTATUS_API_KEY` environment variable, never the key itself: snippets get pasted into
 * chats, tickets and notebooks. Every value of the query goes in as one literal quoted by the
 * language's own rules (src/lib/codeLiterals.ts): a filter value is data in the snippet, never code.
 */
import { API_KEY_ENV } from '@/api/connection';
import { API_KEY_HEADER, type DatasetQueryParams } from '@/contract';
import { jsString, pyString as py, shellQuote } from '@/lib/codeLiterals';
import { getDatasetArgs } from '@/lib/gridstatusioArgs';

function entries(params: DatasetQueryParams): [string, string][] {
  // Optional parameters may be present with the value undefined: they are not sent.
  return (Object.entries(params) as [string, string | number | boolean | undefined][])
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
    .map(([k, v]) => [k, String(v)]);
}

function queryUrl(baseUrl: string, datasetId: string): string {
  // encodeURIComponent throws on a lone surrogate; a URL would carry U+FFFD in its place.
  const id = encodeURIComponent(datasetId.replace(/\p{Cs}/gu, '\ufffd'));
  return `${baseUrl.replace(/\/+$/, '')}/v1/datasets/${id}/query`;
}

export function curlSnippet(baseUrl: string, datasetId: string, params: DatasetQueryParams): string {
  const lines = [
    // --url: a base URL that starts with `-` is still the URL; --globoff: `[::1]` is not a glob.
    `curl -G --globoff --url ${shellQuote(queryUrl(baseUrl, datasetId))}`,
    `  -H "${API_KEY_HEADER}: $${API_KEY_ENV}"`,
  ];
  for (const [k, v] of entries(params)) lines.push(`  --data-urlencode ${shellQuote(`${k}=${v}`)}`);
  return lines.join(' \\\n');
}

/** `gridstatusio`'s `GridStatusClient.get_dataset`, which reads the key from the environment. */
export function pythonSnippet(baseUrl: string, datasetId: string, params: DatasetQueryParams): string {
  const { args, notes } = getDatasetArgs(datasetId, params);
  return [
    'from gridstatusio import GridStatusClient',
    '',
    `# Reads the key from the ${API_KEY_ENV} environment variable.`,
    `client = GridStatusClient(host=${py(`${baseUrl.replace(/\/+$/, '')}/v1`)})`,
    ...notes,
    'df = client.get_dataset(',
    ...args.map((a) => `    ${a},`),
    ')',
  ].join('\n');
}

export function fetchSnippet(baseUrl: string, datasetId: string, params: DatasetQueryParams): string {
  const body = entries(params)
    .map(([k, v]) => `  ${jsString(k)}: ${jsString(v)},`)
    .join('\n');
  return [
    // A string literal, not a template: a `${…}` in the base URL stays text.
    `const url = ${jsString(queryUrl(baseUrl, datasetId))};`,
    'const params = new URLSearchParams({',
    body,
    '});',
    'const response = await fetch(`${url}?${params}`, {',
    `  headers: { '${API_KEY_HEADER}': process.env.${API_KEY_ENV} ?? '' },`,
    '});',
    'if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);',
    'const { data, meta } = await response.json();',
  ]
    .filter((line) => line !== '')
    .join('\n');
}
