import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { subscribeConnection } from '@/api/connection';
import { markHydrated } from '@/app/hydration';
import { followNavigation, readPagesFrom } from '@/workspace/activeView';

type AppRouter = ReturnType<typeof createBrowserRouter>;

interface Props {
  router: AppRouter;
  queryClient: QueryClient;
}

/** Cached answers belong to the backend and key that produced them; a new connection starts clean. */
function useResetCacheOnConnectionChange(queryClient: QueryClient): void {
  useEffect(
    () =>
      subscribeConnection(() => {
        void queryClient.cancelQueries();
        queryClient.removeQueries({ type: 'inactive' });
        void queryClient.resetQueries();
      }),
    [queryClient],
  );
}

/** A saved view is open on one page: the open views follow the router's page (activeView.ts). */
function useOpenViewsFollow(router: AppRouter): void {
  // Before the pages render, so their first read is of their own page.
  readPagesFrom(router);
  useEffect(() => followNavigation(router), [router]);
}

export function App({ router, queryClient }: Props) {
  useResetCacheOnConnectionChange(queryClient);
  useOpenViewsFollow(router);
  // The whole tree's first commit: a prerendered page is React's now.
  useEffect(markHydrated, []);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
