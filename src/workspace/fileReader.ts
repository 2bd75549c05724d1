/**
 * The reading side of the workspace file (file.ts writes it): check a file against the schema of
 * the version it names, upgrade it to the current shape, and turn its views into saved views, or
 * say what was wrong in words a user can act on. A file is read whole or not at all: one view that
 * does not check rejects the file, so an import never half happens and never leaves the library
 * holding some of a colleague's set without the rest.
 *
 * Every size is bounded, so a crafted file cannot fill the store or the screen: names, notes,
 * annotations, requests, sparklines and the number of views.
 */
import { z } from 'zod';
import { MAX_ANNOTATION_TEXT } from '@/lib/annotations';
import { isRecord } from '@/lib/isRecord';
import { WORKSPACE_FILE_FORMAT, WORKSPACE_FILE_SCHEMA_VERSION } from './file';
import { VIEW_KINDS, type SavedView } from './types';
import { isSafeViewPath, MAX_VIEW_PATH } from './viewPath';

// As in src/contract/schemas.ts: zod must not try `new Function` (the app's CSP refuses eval and
// reports the try). The library can read a file before anything has loaded the contract, so the
// reader sets it too; the setting is global and setting it twice is harmless.
z.config({ jitless: true });

export const MAX_VIEW_NAME = 200;
const MAX_VIEW_NOTE = 5_000;
const MAX_FILE_VIEWS = 10_000;
/** The largest file read at all: 10,000 views of ordinary size come to a few megabytes. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
const MAX_ANNOTATIONS = 1_000;
const MAX_REQUESTS = 100;
const MAX_DATASETS = 100;
const MAX_SPARKLINE = 64;
const MAX_SHORT_TEXT = 500;
const MAX_URL = 20_000;
/** Problems listed before "and N more": enough to see the pattern, not a wall of text. */
const MAX_PROBLEMS = 20;

const instant = z.iso.datetime({ offset: true });
const shortText = z.string().max(MAX_SHORT_TEXT);

const annotationV1 = z.object({
  id: z.string().min(1).max(100),
  start: instant,
  end: instant.nullable(),
  text: z.string().max(MAX_ANNOTATION_TEXT),
});

const requestV1 = z.object({
  dataset: shortText.nullable(),
  url: z.string().max(MAX_URL),
  parameters: z.record(
    z.string().max(MAX_SHORT_TEXT),
    z.union([z.string().max(MAX_URL), z.number(), z.boolean()]),
  ),
});

const viewV1 = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'is not an id of letters, digits and dashes'),
    kind: z.enum(VIEW_KINDS),
    name: z.string().trim().min(1).max(MAX_VIEW_NAME),
    note: z.string().max(MAX_VIEW_NOTE),
    path: z.string().max(MAX_VIEW_PATH),
    datasets: z.array(shortText).max(MAX_DATASETS),
    time_range: shortText.nullable(),
    server: z.string().max(2_000),
    requests: z.array(requestV1).max(MAX_REQUESTS),
    annotations: z.array(annotationV1).max(MAX_ANNOTATIONS),
    sparkline: z.array(z.number()).max(MAX_SPARKLINE).nullable(),
    starred: z.boolean(),
    created_at: instant,
    updated_at: instant,
  })
  .superRefine((view, ctx) => {
    if (!isSafeViewPath(view.kind, view.path)) {
      ctx.addIssue({ code: 'custom', path: ['path'], message: 'is not a page of this app' });
    }
  });

/** The views of a file in the current schema, before they become saved views. */
type CurrentFileView = z.infer<typeof viewV1>;

/**
 * How a view of each schema version becomes the current shape: the schema it is checked against,
 * then the upgrade to the current version. Version 1 is current, so its upgrade is the identity.
 *
 * To add schema version 2: write `viewV2`, point `CurrentFileView` at it, change version 1's
 * upgrade to map a v1 view onto v2, add `2: { schema: viewV2, upgrade: (view) => view }`, raise
 * WORKSPACE_FILE_SCHEMA_VERSION in file.ts, and commit a file written by version 2 to fixtures/
 * beside the v1 one (fixtures.test.ts opens every fixture with the current reader).
 */
const READERS: Record<number, { schema: z.ZodType; upgrade: (view: never) => CurrentFileView }> = {
  1: { schema: viewV1, upgrade: (view: CurrentFileView) => view },
};

const envelope = z.object({
  format: z.literal(WORKSPACE_FILE_FORMAT),
  schema_version: z.number().int().min(1),
  app_version: shortText,
  exported_at: instant,
  views: z.array(z.unknown()).max(MAX_FILE_VIEWS),
});

export type WorkspaceFileRead = { ok: true; views: SavedView[] } | { ok: false; problems: string[] };

function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.length > 0 ? `${issue.path.join('.')} ` : '';
  switch (issue.code) {
    case 'invalid_type':
      return `${field}is ${issue.input === undefined ? 'missing' : `not ${issue.expected === 'string' ? 'text' : issue.expected}`}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `${field}is longer than ${String(issue.maximum)} characters`
        : `${field}has more than ${String(issue.maximum)} items`;
    case 'too_small':
      return issue.origin === 'string' ? `${field}is empty` : `${field}is below ${String(issue.minimum)}`;
    case 'invalid_value':
      return `${field}is not one of ${issue.values.map((v) => String(v)).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'datetime' ? `${field}is not an ISO 8601 instant` : `${field}${issue.message}`;
    default:
      return `${field}${issue.message}`;
  }
}

function viewLabel(raw: unknown, index: number): string {
  const name = isRecord(raw) ? raw.name : undefined;
  return typeof name === 'string' && name.trim() !== ''
    ? `view ${String(index + 1)} (“${name.trim().length > 60 ? `${name.trim().slice(0, 59)}…` : name.trim()}”)`
    : `view ${String(index + 1)}`;
}

function toSavedView(view: CurrentFileView): SavedView {
  return {
    id: view.id,
    kind: view.kind,
    name: view.name,
    note: view.note,
    path: view.path,
    datasets: view.datasets,
    timeRange: view.time_range,
    server: view.server,
    requests: view.requests,
    annotations: view.annotations,
    sparkline: view.sparkline,
    starred: view.starred,
    createdAt: Date.parse(view.created_at),
    updatedAt: Date.parse(view.updated_at),
    openedAt: null,
  };
}

function fail(problems: string[]): WorkspaceFileRead {
  const shown = problems.slice(0, MAX_PROBLEMS);
  if (problems.length > MAX_PROBLEMS)
    shown.push(`and ${String(problems.length - MAX_PROBLEMS)} more problems`);
  return { ok: false, problems: shown };
}

/** Reads a workspace file's text: its views, or every problem found (nothing is read from a bad file). */
export function parseWorkspaceFile(text: string): WorkspaceFileRead {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail(['The file is not JSON: it may be damaged, or not a GridScope workspace file.']);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return fail(['The file is not a GridScope workspace: it holds no object at its top.']);
  }
  const { format, schema_version: version } = json as { format?: unknown; schema_version?: unknown };
  if (format !== WORKSPACE_FILE_FORMAT) {
    return fail([`format is not ${WORKSPACE_FILE_FORMAT}: this is not a GridScope workspace file.`]);
  }
  if (typeof version === 'number' && Number.isInteger(version) && version > WORKSPACE_FILE_SCHEMA_VERSION) {
    return fail([
      `schema_version ${String(version)} is newer than this app reads (${String(WORKSPACE_FILE_SCHEMA_VERSION)}): update GridScope.`,
    ]);
  }
  const checked = envelope.safeParse(json, { reportInput: true });
  if (!checked.success) return fail(checked.error.issues.map(describeIssue));
  const reader = READERS[checked.data.schema_version];
  if (reader === undefined) {
    return fail([`schema_version ${String(checked.data.schema_version)} is not one this app knows.`]);
  }

  const problems: string[] = [];
  const views: SavedView[] = [];
  const seen = new Set<string>();
  checked.data.views.forEach((raw, index) => {
    // The input is reported so that a missing field reads "is missing", not "is not text".
    const view = reader.schema.safeParse(raw, { reportInput: true });
    if (!view.success) {
      const label = viewLabel(raw, index);
      for (const issue of view.error.issues) problems.push(`${label}: ${describeIssue(issue)}`);
      return;
    }
    const current = reader.upgrade(view.data as never);
    if (seen.has(current.id)) {
      problems.push(`${viewLabel(raw, index)}: id ${current.id} is used by an earlier view of the file`);
      return;
    }
    seen.add(current.id);
    views.push(toSavedView(current));
  });
  return problems.length > 0 ? fail(problems) : { ok: true, views };
}
