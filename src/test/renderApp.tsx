import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { DEMO_API_KEY, setConnection, type Connection } from '@/api/connection';
import { createQueryClient } from '@/api/queryClient';
import { App } from '@/app/App';
import { routes } from '@/app/router';

export function installJsdomShims(): void {
  if (typeof window.matchMedia !== 'function') {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      writable: true,
      value: (query: string): MediaQueryList =>
        ({
          matches: false,
          media: query,
          onchange: null,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          dispatchEvent: () => false,
        }) as unknown as MediaQueryList,
    });
  }
  if (typeof globalThis.ResizeObserver !== 'function') {
    globalThis.ResizeObserver = class {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    };
  }
  window.scrollTo = () => undefined;
  Element.prototype.scrollTo = () => undefined;
  Element.prototype.scrollIntoView = () => undefined;
}

export interface RenderAppOptions {
  connection?: Partial<Connection>;
  /** A cache the test has already filled (boot's first-screen prefetch), instead of a fresh one. */
  queryClient?: QueryClient;
}

/** The whole app at `url`, with fresh storage, a fresh cache and no retries, as a user would open it. */
export function renderApp(url: string, opts: RenderAppOptions = {}) {
  installJsdomShims();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.documentElement.removeAttribute('data-theme');
  setConnection({ mode: 'demo', baseUrl: '', apiKey: DEMO_API_KEY, remember: false, ...opts.connection });

  const queryClient: QueryClient =
    opts.queryClient ??
    createQueryClient({
      defaultOptions: { queries: { retry: false, staleTime: 0, gcTime: Infinity } },
    });
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const user = userEvent.setup();
  const result = render(<App router={router} queryClient={queryClient} />, {
    // A boundary that catches an error shows it on screen; React's extra console report is noise here.
    onCaughtError: () => undefined,
  });
  return { user, queryClient, router, ...result };
}
