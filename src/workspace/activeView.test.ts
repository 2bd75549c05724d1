// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import {
  followNavigation,
  openSavedView,
  readActiveView,
  readPagesFrom,
  resetActiveViewsForTests,
  updateActiveView,
} from './activeView';
import type { SavedView } from './types';

function fakeRouter(pathname: string) {
  const listeners = new Set<() => void>();
  const router = {
    state: { location: { pathname } },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    go: (next: string) => {
      router.state = { location: { pathname: next } };
      for (const listener of listeners) listener();
    },
  };
  return router;
}

const VIEW: SavedView = {
  id: 'v1',
  kind: 'query',
  name: 'North hub',
  note: '',
  path: '/datasets/ercot_spp/query?fval=HB_NORTH',
  datasets: ['ercot_spp'],
  timeRange: null,
  server: 'https://api.example.com',
  requests: [],
  annotations: [{ id: 'n1', start: '2025-07-08T05:00:00Z', end: null, text: 'Storm' }],
  sparkline: null,
  starred: false,
  createdAt: 1,
  updatedAt: 1,
  openedAt: null,
};

afterEach(() => {
  sessionStorage.clear();
  resetActiveViewsForTests();
});

describe('the view open on a page', () => {
  it('belongs to its page: another dataset’s query builder has nothing open and no notes', () => {
    const router = fakeRouter('/');
    readPagesFrom(router);
    const stop = followNavigation(router);
    try {
      openSavedView(VIEW);
      router.go('/datasets/ercot_spp/query');
      expect(readActiveView('query')).toMatchObject({ id: 'v1', name: 'North hub' });

      router.go('/datasets/ercot_load/query');
      expect(readActiveView('query')).toMatchObject({ id: null, annotations: [] });
      updateActiveView('query', {
        annotations: [{ id: 'n2', start: '2025-07-09T00:00:00Z', end: null, text: 'Load' }],
      });

      router.go('/datasets/ercot_spp/query');
      expect(readActiveView('query').annotations.map((n) => n.text)).toEqual(['Storm']);
    } finally {
      stop();
    }
  });

  it('survives a reload of the tab (sessionStorage), not another tab', () => {
    const router = fakeRouter('/compare');
    readPagesFrom(router);
    updateActiveView('compare', { name: 'DART' });
    resetActiveViewsForTests();
    expect(readActiveView('compare').name).toBe('DART');
    sessionStorage.clear();
    resetActiveViewsForTests();
    expect(readActiveView('compare').name).toBe('');
  });
});
