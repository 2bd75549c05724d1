/**
 * The workspace file (`.gridscope.json`): one view, a selection or the whole library, written so
 * that any later version of the app opens it (docs/decisions/0023-saved-work.md). It names its
 * format and schema version, the app version that wrote it, and for each view its state (the
 * page's path), the analyst's words and annotations, and the equivalent API requests (never the
 * key). Times are ISO instants in the file, epoch milliseconds in the store.
 *
 * Owner of the reading side (parse, validate, plan an import): the library. This module is the
 * one place that knows the file's shape.
 */
import appPackage from '../../package.json';
import { saveBlob } from '@/lib/saveBlob';
import type { SavedView } from './types';

export const WORKSPACE_FILE_FORMAT = 'gridscope-workspace';
export const WORKSPACE_FILE_SCHEMA_VERSION = 1;
const WORKSPACE_FILE_EXTENSION = '.gridscope.json';
const APP_VERSION: string = appPackage.version;

/** A view as the file writes it (schema version 1). */
export interface WorkspaceFileView {
  id: string;
  kind: SavedView['kind'];
  name: string;
  note: string;
  path: string;
  datasets: string[];
  time_range: string | null;
  server: string;
  requests: SavedView['requests'];
  annotations: SavedView['annotations'];
  sparkline: number[] | null;
  starred: boolean;
  created_at: string;
  updated_at: string;
}

export interface WorkspaceFile {
  format: typeof WORKSPACE_FILE_FORMAT;
  schema_version: number;
  app_version: string;
  exported_at: string;
  api_key: string;
  views: WorkspaceFileView[];
}

export function toFileView(view: SavedView): WorkspaceFileView {
  return {
    id: view.id,
    kind: view.kind,
    name: view.name,
    note: view.note,
    path: view.path,
    datasets: view.datasets,
    time_range: view.timeRange,
    server: view.server,
    requests: view.requests,
    annotations: view.annotations,
    sparkline: view.sparkline,
    starred: view.starred,
    created_at: new Date(view.createdAt).toISOString(),
    updated_at: new Date(view.updatedAt).toISOString(),
  };
}

export function workspaceFile(views: readonly SavedView[], exportedAt: Date = new Date()): WorkspaceFile {
  return {
    format: WORKSPACE_FILE_FORMAT,
    schema_version: WORKSPACE_FILE_SCHEMA_VERSION,
    app_version: APP_VERSION,
    exported_at: exportedAt.toISOString(),
    api_key: 'not written: send yours in the x-api-key header',
    views: views.map(toFileView),
  };
}

export function workspaceFileText(views: readonly SavedView[], exportedAt: Date = new Date()): string {
  return `${JSON.stringify(workspaceFile(views, exportedAt), null, 2)}\n`;
}

/** A file name from a view's name (or `workspace` for several): letters, digits and dashes. */
function workspaceFilename(views: readonly SavedView[]): string {
  const base =
    views.length === 1
      ? (views[0]?.name ?? '')
          .normalize('NFKD')
          .replace(/[^\w-]+/g, '-')
          .replace(/^-+|-+$/g, '')
          .slice(0, 60)
      : '';
  return `${base || 'workspace'}${WORKSPACE_FILE_EXTENSION}`;
}

/** Hands the file to the browser's download (the offer when the store refused, and Export). */
export function downloadWorkspaceFile(
  views: readonly SavedView[],
  filename: string = workspaceFilename(views),
): void {
  saveBlob(new Blob([workspaceFileText(views)], { type: 'application/json' }), filename);
}
