import { queryOptions } from '@tanstack/react-query';
import { fetchDataset, fetchDatasetAudit, fetchDatasets, fetchDatasetUpdates } from '@/api/datasets/fetchers';
import { datasetKeys } from '@/api/datasets/keys';
import type { DatasetUpdatesParams } from '@/contract';

export function datasetsOptions(params: { source?: string } = {}) {
  return queryOptions({
    queryKey: datasetKeys.list(params),
    queryFn: ({ signal }) => fetchDatasets(params, { signal }),
  });
}

export function datasetOptions(id: string) {
  return queryOptions({
    queryKey: datasetKeys.detail(id),
    queryFn: ({ signal }) => fetchDataset(id, { signal }),
  });
}

export function datasetUpdatesOptions(id: string, params: DatasetUpdatesParams = {}) {
  return queryOptions({
    queryKey: datasetKeys.updates(id, params),
    queryFn: ({ signal }) => fetchDatasetUpdates(id, params, { signal }),
  });
}

export function datasetAuditOptions(id: string) {
  return queryOptions({
    queryKey: datasetKeys.audit(id),
    queryFn: ({ signal }) => fetchDatasetAudit(id, { signal }),
  });
}
