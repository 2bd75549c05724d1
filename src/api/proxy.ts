/**
 * The app's own server as a same-origin proxy to one upstream API (scripts/upstreamProxy.ts),
 * for servers that do not allow a browser's cross-origin requests. The app asks its origin
 * whether a proxy is there; requests then go to `<origin>/upstream/…` with the key in its header.
 * The server says only that it forwards, never where: the upstream is its operator's business.
 */
import { queryOptions } from '@tanstack/react-query';
import { APP_PROXY_INFO_PATH } from './proxyPaths';

/** Whether the app's server forwards to an upstream; false too when it is a plain static host. */
async function fetchAppProxyAvailable(signal?: AbortSignal): Promise<boolean> {
  try {
    const answer = await fetch(APP_PROXY_INFO_PATH, { signal, headers: { accept: 'application/json' } });
    if (!answer.ok || !answer.headers.get('content-type')?.includes('application/json')) return false;
    const body = (await answer.json()) as { proxy?: unknown };
    return body.proxy === true;
  } catch {
    return false;
  }
}

export function appProxyOptions() {
  return queryOptions({
    queryKey: ['app-proxy'] as const,
    queryFn: ({ signal }) => fetchAppProxyAvailable(signal),
    staleTime: Infinity,
    retry: false,
  });
}
