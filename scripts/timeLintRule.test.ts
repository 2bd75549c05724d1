import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

/**
 * The project's own ESLint config, run on snippets placed as if they were files in the tree: the
 * rule that keeps dates in src/time must fire elsewhere and stay quiet inside it. Type-aware
 * rules are switched off because the snippets exist in no TypeScript project.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });

const SNIPPET = [
  "import { DAY_MS } from '@/time/constants';",
  "export const zone = new Intl.DateTimeFormat('en-US', { timeZone: 'US/Central' });",
  'export const start = Date.UTC(2024, 0, 1) + DAY_MS;',
  'export const isDate = (s: string) => /^(\\d{4})-(\\d{2})-(\\d{2})$/.test(s);',
  'export const isStamp = (s: string) => /^\\d{4}-\\d{2}-\\d{2}T/.test(s);',
].join('\n');

async function timeMessages(filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(SNIPPET, { filePath: `${root}${filePath}` });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-syntax')
    .map((m) => `${m.line}: ${m.message.split(':')[0] ?? ''}`);
}

describe('the time lint rule', () => {
  // A deep import (`@/time/constants`) is the layer rules' to refuse (.dependency-cruiser.mjs, time-one-door).
  it('forbids Intl.DateTimeFormat, Date.UTC and date-shaped regexes outside src/time', async () => {
    expect(await timeMessages('src/features/x/dates.ts')).toEqual([
      '2: Intl.DateTimeFormat lives in src/time',
      '3: Date.UTC lives in src/time',
      '4: Date-shaped patterns live in src/time',
      '5: Date-shaped patterns live in src/time',
    ]);
    expect(await timeMessages('src/mock/engine/x.ts')).toHaveLength(4);
  }, 60_000);

  it('allows them inside src/time and in test files', async () => {
    expect(await timeMessages('src/time/x.ts')).toEqual([]);
    expect(await timeMessages('src/features/x/dates.test.ts')).toEqual([]);
  }, 60_000);
});
