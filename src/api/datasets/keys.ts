import type { DatasetUpdatesParams } from '@/contract';

export const datasetKeys = {
  all: ['datasets'] as const,
  lists: () => [...datasetKeys.all, 'list'] as const,
  list: (params: { source?: string }) => [...datasetKeys.lists(), params] as const,
  details: () => [...datasetKeys.all, 'detail'] as const,
  detail: (id: string) => [...datasetKeys.details(), id] as const,
  updates: (id: string, params: DatasetUpdatesParams) =>
    [...datasetKeys.detail(id), 'updates', params] as const,
  audit: (id: string) => [...datasetKeys.detail(id), 'audit'] as const,
};
