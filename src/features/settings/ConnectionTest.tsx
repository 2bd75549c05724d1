import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { Connection } from '@/api/connection';
import { isApiError } from '@/api/ApiError';
import { fetchHealth } from '@/api/health/fetchers';
import type { HealthResponse } from '@/contract';
import type { Usage } from '@/api/usage/normalizeUsage';
import { fetchApiUsage } from '@/api/usage/fetchers';
import { ApiErrorMessage } from '@/components/ApiErrorMessage';
import { usageLine } from '@/features/settings/usageLine';
import styles from './SettingsPage.module.css';

export interface ConnectionTestResult {
  health: { ok: true; value: HealthResponse } | { ok: false; error: unknown };
  usage: { ok: true; value: Usage } | { ok: false; error: unknown };
}

/** Asks both the open health check and a keyed route, so a bad address and a bad key read differently. */
async function testConnection(connection: Connection, signal?: AbortSignal): Promise<ConnectionTestResult> {
  const [health, usage] = await Promise.allSettled([
    fetchHealth({ connection, signal }),
    fetchApiUsage({ connection, signal }),
  ]);
  return {
    health:
      health.status === 'fulfilled' ? { ok: true, value: health.value } : { ok: false, error: health.reason },
    usage:
      usage.status === 'fulfilled' ? { ok: true, value: usage.value } : { ok: false, error: usage.reason },
  };
}

/**
 * The test as a mutation whose requests end with it: leaving the page, starting another test or
 * changing the backend aborts the one still waiting, so a server that never answers holds nothing.
 */
export function useConnectionTest() {
  const controller = useRef<AbortController | null>(null);
  const abort = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
  }, []);
  useEffect(() => abort, [abort]);
  const mutation = useMutation({
    mutationFn: (connection: Connection) => {
      abort();
      const next = new AbortController();
      controller.current = next;
      return testConnection(connection, next.signal);
    },
  });
  const { reset } = mutation;
  return {
    ...mutation,
    reset: useCallback(() => {
      abort();
      reset();
    }, [abort, reset]),
  };
}

/** A failure with no answer at all: unreachable, or refused by the browser before it was read. */
function isNetworkFailure(error: unknown): boolean {
  return isApiError(error) && error.kind === 'network';
}

export function ConnectionTestResultView({
  result,
  mode = 'remote',
  proxyAvailable = false,
}: {
  result: ConnectionTestResult;
  mode?: Connection['mode'];
  proxyAvailable?: boolean;
}) {
  const { health, usage } = result;
  // A server that answers curl but not this page most often refuses cross-origin requests (CORS).
  const likelyCors = mode === 'remote' && !health.ok && isNetworkFailure(health.error);
  const parts: string[] = [];
  if (health.ok)
    parts.push(`Server reachable: health ${health.value.status}, API version ${health.value.version}.`);
  if (usage.ok) parts.push(usageLine(usage.value));
  return (
    <div className={styles.result}>
      {parts.length > 0 && (
        <p role="status" className={styles.ok}>
          {parts.join(' ')}
        </p>
      )}
      {!health.ok && <ApiErrorMessage error={health.error} />}
      {likelyCors && (
        <p className={styles.hint}>
          No answer reached this page. If the server answers <code>curl</code>, it most likely does not allow
          requests from browsers on other origins (CORS).{' '}
          {proxyAvailable
            ? "Choose “Through this app's proxy” above."
            : 'Start the app with GRIDSCOPE_UPSTREAM=<server URL> npm start and choose “Through this app’s proxy”.'}
        </p>
      )}
      {/* When the server is unreachable both fail the same way; one message says it. */}
      {!usage.ok && (health.ok || !sameFailure(health.error, usage.error)) && (
        <ApiErrorMessage error={usage.error} />
      )}
    </div>
  );
}

function sameFailure(a: unknown, b: unknown): boolean {
  return a instanceof Error && b instanceof Error && a.message === b.message;
}
