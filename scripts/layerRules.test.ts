/*
 * The layer rules (.dependency-cruiser.mjs) proven on a small tree built for the purpose: each
 * forbidden import is reported under the rule that names it, whether it is spelt relative, through
 * the `@/` alias or as a type-only import, and allowed imports are not reported at all. A rule
 * that silently stopped matching (a moved folder, a regex typo) would leave `npm run deps` green
 * while guarding nothing; this is what turns it red.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const RULES_FILE = join(import.meta.dirname, '..', '.dependency-cruiser.mjs');

/** Each forbidden import, by the file that makes it, with the rule that must report it. */
const FORBIDDEN: readonly { file: string; source: string; rule: string }[] = [
  {
    file: 'src/features/compare/a.ts',
    source: "import { queryUrl } from '../query/queryUrl';\nexport const a = queryUrl;\n",
    rule: 'feature-not-to-other-feature',
  },
  {
    file: 'src/mock/x.ts',
    source: "import { request } from '../api/request';\nexport const x = request;\n",
    rule: 'mock-imports-only-contract-and-time',
  },
  {
    file: 'src/lib/y.ts',
    source: "import { z } from '@/api/z';\nexport const y = z;\n",
    rule: 'lib-stays-below-api',
  },
  {
    file: 'src/contract/schemas.ts',
    source: "import { y } from '../lib/y';\nexport const schemas = y;\n",
    rule: 'contract-imports-only-zod-and-time',
  },
  {
    file: 'src/time/days.ts',
    source: "import type { Schemas } from '@/contract';\nexport type Day = Schemas;\n",
    rule: 'time-is-pure',
  },
  {
    file: 'src/compare/workspace.ts',
    source: "import { ok } from '@/components/ok';\nexport const workspace = ok;\n",
    rule: 'compare-stays-below-ui',
  },
  {
    file: 'src/components/usesFeature.ts',
    source: "import { b } from '../features/query/queryUrl';\nexport const c = b;\n",
    rule: 'components-stay-shared',
  },
  {
    file: 'src/features/query/usesApp.ts',
    source: "import { app } from '@/app/app';\nexport const q = app;\n",
    rule: 'feature-not-to-app',
  },
  {
    file: 'src/app/app.ts',
    source: "import { x } from '../mock/x';\nexport const app = x;\n",
    rule: 'mock-only-from-boot-and-tooling',
  },
  {
    file: 'src/api/deep.ts',
    source: "import { schemas } from '@/contract/schemas';\nexport const deep = schemas;\n",
    rule: 'contract-one-door',
  },
  {
    file: 'src/lib/deepTime.ts',
    source: "import type { Day } from '../time/days';\nexport type Deep = Day;\n",
    rule: 'time-one-door',
  },
];

/** A circle made of type-only imports: still two modules tied into one. */
const CIRCLE = [
  { file: 'src/components/p.ts', source: "import type { Q } from './q';\nexport interface P { q?: Q }\n" },
  { file: 'src/components/q.ts', source: "import type { P } from './p';\nexport interface Q { p?: P }\n" },
];

/** Imports the layering allows, relative and aliased: none may be reported. */
const ALLOWED = [
  {
    file: 'src/api/z.ts',
    source: "import type { Schemas } from '@/contract';\nexport const z: Schemas = 1;\n",
  },
  { file: 'src/api/request.ts', source: "import { z } from './z';\nexport const request = z;\n" },
  {
    file: 'src/contract/index.ts',
    source: "import { day } from '@/time';\nexport type Schemas = typeof day;\n",
  },
  { file: 'src/time/index.ts', source: 'export const day = 1;\n' },
  {
    file: 'src/api/lazySchemas.ts',
    source: "export const loadSchemas = () => import('@/contract/schemas');\n",
  },
  {
    file: 'src/features/query/queryUrl.ts',
    source: "import { ok } from '@/components/ok';\nexport const queryUrl = ok;\nexport const b = 1;\n",
  },
  {
    file: 'src/components/ok.ts',
    source: "import { request } from '../api/request';\nexport const ok = request;\n",
  },
  {
    file: 'src/features/query/usesQuery.ts',
    source: "import { queryUrl } from './queryUrl';\nexport const own = queryUrl;\n",
  },
  {
    file: 'src/mock/y.ts',
    source: "import type { Schemas } from '@/contract';\nexport const y: Schemas = 1;\n",
  },
  { file: 'src/app/demoBackend.ts', source: "import { x } from '@/mock/x';\nexport const demo = x;\n" },
  {
    file: 'src/features/compare/a.test.ts',
    source: "import { app } from '@/app/app';\nexport const t = app;\n",
  },
];

const TSCONFIG = { compilerOptions: { baseUrl: '.', paths: { '@/*': ['./src/*'] } } };

let root: string;
let result: ICruiseResult;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'layer-rules-'));
  for (const { file, source } of [...FORBIDDEN, ...CIRCLE, ...ALLOWED]) {
    mkdirSync(join(root, dirname(file)), { recursive: true });
    writeFileSync(join(root, file), source);
  }
  const tsConfigFile = join(root, 'tsconfig.json');
  writeFileSync(tsConfigFile, JSON.stringify(TSCONFIG));

  const options = await extractDepcruiseOptions(RULES_FILE);
  const { output } = await cruise(
    ['src'],
    { ...options, baseDir: root, tsConfig: { fileName: tsConfigFile }, outputType: 'json' },
    {},
    { tsConfig: extractTSConfig(tsConfigFile) },
  );
  result = typeof output === 'string' ? (JSON.parse(output) as ICruiseResult) : output;
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

const rulesReportedFor = (file: string) =>
  result.summary.violations.filter((v) => v.from === file).map((v) => v.rule.name);

describe('the layer rules', () => {
  it('resolve every import of the tree, the @/ alias included', () => {
    expect(result.summary.violations.filter((v) => v.rule.name === 'not-to-unresolvable')).toEqual([]);
  });

  it.each(FORBIDDEN)('report $file under $rule', ({ file, rule }) => {
    expect(rulesReportedFor(file)).toEqual([rule]);
  });

  it('report a circle of type-only imports', () => {
    const circles = result.summary.violations.filter((v) => v.rule.name === 'no-circular');
    expect(circles).toHaveLength(1);
    const cycle = circles[0]?.cycle ?? [];
    expect(cycle.map((step) => step.name).sort()).toEqual(CIRCLE.map((c) => c.file));
    expect(cycle.every((step) => step.dependencyTypes.includes('type-only'))).toBe(true);
  });

  it.each(ALLOWED)('leave $file alone', ({ file }) => {
    expect(rulesReportedFor(file)).toEqual([]);
  });
});
