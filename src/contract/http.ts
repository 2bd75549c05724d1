/** The HTTP names of the API (contract §1, §2, §4): headers, the key's places, limits on requests. */

export const API_VERSION = '1.0.0';

/** Where the key travels; the client only ever uses the header. */
export const API_KEY_HEADER = 'x-api-key';
/** The query-parameter form of the key, which the server accepts and the client never sends. */
export const API_KEY_QUERY_PARAM = 'api_key';

export const PAGING_HEADERS = {
  page: 'X-Page',
  pageSize: 'X-Page-Size',
  limit: 'X-Limit',
  hasNextPage: 'X-Has-Next-Page',
  cursor: 'X-Cursor',
} as const;

/** The standard headers the API sets or reads, spelled once for the server and the client. */
export const RESPONSE_HEADERS = {
  contentType: 'Content-Type',
  contentDisposition: 'Content-Disposition',
  retryAfter: 'Retry-After',
} as const;

/** The CORS headers of every answer and of a preflight (contract §1). */
export const CORS_HEADER_NAMES = {
  allowOrigin: 'Access-Control-Allow-Origin',
  exposeHeaders: 'Access-Control-Expose-Headers',
  allowMethods: 'Access-Control-Allow-Methods',
  allowHeaders: 'Access-Control-Allow-Headers',
  maxAge: 'Access-Control-Max-Age',
} as const;

/** Headers a browser page on another origin may read (`Access-Control-Expose-Headers`). */
export const EXPOSED_HEADERS = [
  RESPONSE_HEADERS.retryAfter,
  RESPONSE_HEADERS.contentDisposition,
  ...Object.values(PAGING_HEADERS),
] as const;

/** The methods the API answers; any other gets 405. */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;

/** A request target longer than this gets 414 (contract §1). */
export const MAX_REQUEST_TARGET_BYTES = 32_768;

/** Where `npm run api` (the built-in data over HTTP) listens unless told otherwise. */
export const HTTP_MOCK_HOST = '127.0.0.1';
export const HTTP_MOCK_PORT = 4010;
export const HTTP_MOCK_URL = `http://${HTTP_MOCK_HOST}:${HTTP_MOCK_PORT}`;
