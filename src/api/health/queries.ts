import { queryOptions } from '@tanstack/react-query';
import { fetchHealth } from '@/api/health/fetchers';
import { healthKeys } from '@/api/health/keys';

export function healthOptions() {
  return queryOptions({
    queryKey: healthKeys.all,
    queryFn: ({ signal }) => fetchHealth({ signal }),
  });
}
