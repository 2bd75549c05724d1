import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { subscribeConnection } from '@/api/connection';

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

export function App({ router, queryClient }: Props) {
  useResetCacheOnConnectionChange(queryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
