import { request } from '@/api/request';
import {
  type Dataset,
  type DatasetAuditResponse,
  type DatasetListResponse,
  type DatasetUpdatesParams,
  type DatasetUpdatesResponse,
  endpointPath,
} from '@/contract';

interface FetchOptions {
  signal?: AbortSignal;
}

export function fetchDatasets(
  params: { source?: string } = {},
  { signal }: FetchOptions = {},
): Promise<DatasetListResponse> {
  return request<DatasetListResponse>(endpointPath('datasetList'), { params, signal, wire: 'datasetList' });
}

export function fetchDataset(id: string, { signal }: FetchOptions = {}): Promise<Dataset> {
  return request<Dataset>(endpointPath('dataset', { dataset_id: id }), { signal, wire: 'dataset' });
}

export function fetchDatasetUpdates(
  id: string,
  params: DatasetUpdatesParams = {},
  { signal }: FetchOptions = {},
): Promise<DatasetUpdatesResponse> {
  return request<DatasetUpdatesResponse>(endpointPath('datasetUpdates', { dataset_id: id }), {
    params,
    signal,
    wire: 'updates',
  });
}

export function fetchDatasetAudit(id: string, { signal }: FetchOptions = {}): Promise<DatasetAuditResponse> {
  return request<DatasetAuditResponse>(endpointPath('datasetAudit', { dataset_id: id }), {
    signal,
    wire: 'audit',
  });
}
