import { request } from '@/api/request';
import type {
  Dataset,
  DatasetAuditResponse,
  DatasetListResponse,
  DatasetUpdatesParams,
  DatasetUpdatesResponse,
} from '@/contract';

interface FetchOptions {
  signal?: AbortSignal;
}

const datasetPath = (id: string): string => `/v1/datasets/${encodeURIComponent(id)}`;

export function fetchDatasets(
  params: { source?: string } = {},
  { signal }: FetchOptions = {},
): Promise<DatasetListResponse> {
  return request<DatasetListResponse>('/v1/datasets', { params, signal, wire: 'datasetList' });
}

export function fetchDataset(id: string, { signal }: FetchOptions = {}): Promise<Dataset> {
  return request<Dataset>(datasetPath(id), { signal, wire: 'dataset' });
}

export function fetchDatasetUpdates(
  id: string,
  params: DatasetUpdatesParams = {},
  { signal }: FetchOptions = {},
): Promise<DatasetUpdatesResponse> {
  return request<DatasetUpdatesResponse>(`/v1/dataset-updates/${encodeURIComponent(id)}`, {
    params,
    signal,
    wire: 'updates',
  });
}

export function fetchDatasetAudit(id: string, { signal }: FetchOptions = {}): Promise<DatasetAuditResponse> {
  return request<DatasetAuditResponse>(`${datasetPath(id)}/audit`, { signal, wire: 'audit' });
}
