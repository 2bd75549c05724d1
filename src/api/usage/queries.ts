import { queryOptions } from '@tanstack/react-query';
import { fetchApiUsage } from '@/api/usage/fetchers';
import { usageKeys } from '@/api/usage/keys';

export function usageOptions() {
  return queryOptions({
    queryKey: usageKeys.all,
    queryFn: ({ signal }) => fetchApiUsage({ signal }),
    // Refreshed by the query client after other requests; never serve an old count as current.
    staleTime: 0,
  });
}
