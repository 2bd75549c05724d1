/**
 * The app's own server as a same-origin proxy to one upstream API (scripts/upstreamProxy.ts),
 * for servers that do not allow a browser's cross-origin requests. The app asks its origin
 * whether a proxy is there; requests then go to `<origin>/upstream/…` with the key in its header.
 */
import { queryOptions } from '@tanstack/react-query';
import { APP_PROXY_INFO_PATH } from './proxyPaths';

/** The upstream the app's server forwards to, or null when it has none (or is a plain static host). */
export async function fetchAppProxyUpstream(signal?: AbortSignal): Promise<string | null> {
  try {
    const answer = await fetch(APP_PROXY_INFO_PATH, { signal, headers: { accept: 'application/json' } });
    if (!answer.ok || !answer.headers.get('content-type')?.includes('application/json')) return null;
    const body = (await answer.json()) as { upstream?: unknown };
    return typeof body.upstream === 'string' && body.upstream !== '' ? body.upstream : null;
  } catch {
    return null;
  }
}

export function appProxyOptions() {
  return queryOptions({
    queryKey: ['app-proxy'] as const,
    queryFn: ({ signal }) => fetchAppProxyUpstream(signal),
    staleTime: Infinity,
    retry: false,
  });
}
