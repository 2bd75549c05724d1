/**
 * A file written by any released version of the app opens in this one (issue 28). Every file in
 * fixtures/ was written by the app at some schema version and is never edited afterwards. When the
 * schema changes (WORKSPACE_FILE_SCHEMA_VERSION goes up), export a realistic file from the new
 * version, save it here as `workspace-v<N>.gridscope.json` beside the older ones, and this test
 * holds every later version to opening all of them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WORKSPACE_FILE_SCHEMA_VERSION } from './file';
import { parseWorkspaceFile } from './fileReader';

const folder = fileURLToPath(new URL('./fixtures/', import.meta.url));
const fixtures = readdirSync(folder).filter((name) => name.endsWith('.gridscope.json'));

describe('workspace files written by earlier versions', () => {
  it('keeps a fixture of every schema version up to the current one', () => {
    for (let version = 1; version <= WORKSPACE_FILE_SCHEMA_VERSION; version += 1) {
      expect(fixtures).toContain(`workspace-v${String(version)}.gridscope.json`);
    }
  });

  it.each(fixtures)('opens %s with the current reader', (name) => {
    const read = parseWorkspaceFile(readFileSync(`${folder}${name}`, 'utf8'));
    expect(read.ok ? [] : read.problems).toEqual([]);
    if (!read.ok) return;
    expect(read.views.length).toBeGreaterThan(0);
    for (const view of read.views) {
      expect(view.name).not.toBe('');
      expect(Number.isFinite(view.createdAt)).toBe(true);
      expect(view.openedAt).toBeNull();
    }
  });
});
