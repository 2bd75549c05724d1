/**
 * The `<file>.query.json` written beside every export: enough to trace a file back to its query and
 * to refresh it. It names the server and the API URL that gives the same rows (with the key left
 * out: it travels in the `x-api-key` header, never in a file), the rows written, when, and how far
 * the dataset's data reached then.
 */
import { datasetQueryRequest } from '@/api/apiRequest';
import type { DatasetQueryParams } from '@/contract';
import type { Annotation } from '@/lib/annotations';
import { formatUtc } from '@/time';
import type { ExportFormat } from './exportWriters';

/** Where the rows come from, as the page that started the export knows it. */
export interface SidecarSource {
  /** The server a script would call: the base URL before `/v1`. */
  server: string;
  /** A line for a person when the server is not the one the app called (the built-in demo data). */
  serverNote?: string;
  /** The dataset's latest data time (`latest_available_time_utc`) when the export started. */
  datasetLatestData: string | null;
  /** How complete the rows are, as the page's data-quality line counted them (JSON-ready). */
  quality?: SidecarQuality;
  /** The analyst's notes on the view the rows come from (written when there are any). */
  annotations?: readonly Annotation[];
  /** How many of the view's notes fall outside the rows' time and were left out (said when any were). */
  annotationsLeftOut?: number;
}

/** One bucket the quality count found short, long or cut, in the file's words. */
export interface SidecarQualityItem {
  start_utc: string;
  end_utc: string;
  location: string | null;
  intervals_present: number;
  intervals_expected: number;
}

/** The data-quality line of the page, written beside the rows it describes. */
export type SidecarQuality =
  | { checked: false; reason: string }
  | {
      checked: true;
      intervals_expected: number;
      intervals_present: number;
      intervals_not_published_yet: number;
      locations: number;
      locations_without_data: string[];
      dst_days: { start_utc: string; hours: number }[];
      gaps: SidecarQualityItem[];
      duplicates: SidecarQualityItem[];
      /** Buckets of a resampled query that the range or the data's end cuts: `intervals_whole` a whole one holds. */
      partial_buckets: (SidecarQualityItem & { intervals_whole: number })[];
      /** Lists longer than this are cut; the counts say how many there were. */
      listed_at_most: number;
      counts: { gaps: number; duplicates: number; partial_buckets: number };
    };

interface SidecarJob {
  datasetId: string;
  filename: string;
  format: ExportFormat;
  label: string;
  rows: number;
}

export const sidecarFilename = (filename: string): string => `${filename}.query.json`;

/** A note as the file writes it: UTC instants in the API's own form, and the text. */
function sidecarAnnotation(note: Annotation): { start_utc: string; end_utc: string | null; text: string } {
  return {
    start_utc: formatUtc(Date.parse(note.start)),
    end_utc: note.end === null ? null : formatUtc(Date.parse(note.end)),
    text: note.text,
  };
}

export function sidecarText(
  source: SidecarSource,
  job: SidecarJob,
  params: DatasetQueryParams,
  exportedAt: Date,
): string {
  const request = datasetQueryRequest(source.server, job.datasetId, params);
  return `${JSON.stringify(
    {
      file: job.filename,
      format: job.format,
      dataset: job.datasetId,
      query: job.label,
      parameters: request.parameters,
      server: source.server,
      ...(source.serverNote ? { server_note: source.serverNote } : {}),
      api_url: request.url,
      api_key: 'not written: send yours in the x-api-key header',
      rows: job.rows,
      exported_at: exportedAt.toISOString(),
      dataset_latest_data: source.datasetLatestData,
      ...(source.quality ? { data_quality: source.quality } : {}),
      ...(source.annotations && source.annotations.length > 0
        ? { annotations: source.annotations.map(sidecarAnnotation) }
        : {}),
      ...(source.annotationsLeftOut
        ? {
            annotations_left_out: `${String(source.annotationsLeftOut)} of the view's notes fall outside these rows' time`,
          }
        : {}),
    },
    null,
    2,
  )}\n`;
}
