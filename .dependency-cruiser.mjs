// @ts-check
/*
 * The layers of docs/decisions/0001-architecture.md, checked on every import: relative ones, `@/`
 * ones and type-only ones alike (ESLint's no-restricted-imports matched only the spelling of a path,
 * so `../api/request` walked past a rule written for `@/api/*`). Imports run one way:
 *
 *   time ← contract ← lib ← api ← compare ← workspace ← sql ← components ← features/<x> ← app
 *   mock → contract, time
 *
 * contract and time each have one door, their index. A folder that does not exist yet (src/time,
 * src/compare) is named here so its rules already hold when it appears. Tests and test helpers may
 * cross the layers (they assemble them), but they too come in through the doors.
 */

/** Files that exist to test: they may import across every boundary. */
const TESTS = ['\\.test\\.tsx?$', '\\.e2e\\.ts$', '^src/test/', '^test/', '^vitest\\.setup\\.ts$'];

/** Who may start or reach the mock and msw: the mock itself, tests, benches, scripts and the boot. */
const MOCK_USERS = [
  ...TESTS,
  '^src/mock/',
  '^bench/',
  '^scripts/',
  '^src/app/demoBackend\\.ts$',
  '^src/app/prerender\\.tsx$',
];

/** @param {string} name a package, as its folder under node_modules */
const npm = (name) => `(^|/)node_modules/${name}/`;

/** The shared layers from the bottom up; each may import itself and those before it, nothing above. */
const SHARED_LAYERS = ['time', 'contract', 'lib', 'api', 'compare', 'workspace', 'sql', 'components'];

/**
 * @param {string} name the rule's name
 * @param {string} layer a folder of SHARED_LAYERS (time and contract have rules of their own)
 * @param {string} comment what the layer is, as the rule's message
 */
function staysBelow(name, layer, comment) {
  const allowed = SHARED_LAYERS.slice(0, SHARED_LAYERS.indexOf(layer) + 1).join('|');
  return {
    name,
    severity: /** @type {const} */ ('error'),
    comment,
    from: { path: `^src/${layer}/`, pathNot: TESTS },
    to: { path: '^src/', pathNot: `^src/(${allowed})/` },
  };
}

const SHARED_LAYER_RULES = [
  staysBelow(
    'lib-stays-below-api',
    'lib',
    'src/lib holds small pure helpers: it may use time, contract and itself, never api, compare, components, features, app or the mock.',
  ),
  staysBelow(
    'api-stays-below-ui',
    'api',
    'src/api is the typed client: it builds on time, contract and lib, never on UI or the mock.',
  ),
  staysBelow(
    'compare-stays-below-ui',
    'compare',
    "src/compare is Compare's shared workspace model and links: below components, so the header, the app and the page all read it.",
  ),
  staysBelow(
    'workspace-stays-below-ui',
    'workspace',
    'src/workspace is saved work (views, history, workspace files, share links): below components, so the pages, the library and the app all read it.',
  ),
  staysBelow(
    'sql-stays-below-ui',
    'sql',
    'src/sql is SQL over fetched results (the in-page DuckDB, its tables and their sources, links to the SQL page): below components, so the query builder, Compare and the SQL page all read it.',
  ),
  staysBelow(
    'components-stay-shared',
    'components',
    'src/components is shared, domain-free UI: it never imports features, app or the mock.',
  ),
];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import circle, type-only ones included, means two modules are one: move what they share to the module that owns it.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'An import the cruiser cannot resolve is one no rule can judge (a misspelt path, or an alias it does not know). ' +
        "Vite's `?url` imports name a file to serve (the DuckDB wasm and worker), not a module, and are left to Vite.",
      from: {},
      to: { couldNotResolve: true, pathNot: '\\?url$' },
    },
    {
      name: 'src-not-to-tooling',
      severity: 'error',
      comment: 'The app never imports tests, benchmarks or scripts.',
      from: { path: '^src/', pathNot: TESTS },
      to: { path: '^(test|bench|scripts)/' },
    },
    {
      name: 'contract-one-door',
      severity: 'error',
      comment:
        'The contract is reached through src/contract/index.ts alone, so what it exports is what it promises. ' +
        'A dynamic import may name one module: that is how a lazy chunk is cut (the client loads the wire schemas ' +
        'only in development). The entry module src/api/connection.ts takes http.ts and plans.ts directly: the ' +
        "entry's chunk runs before anything else arrives, and the door would bring zod and every schema into it. " +
        'centralTime.ts and time.ts are the time library on its way to src/time: drop them from this list when they move.',
      from: { pathNot: '^src/(contract/|api/connection\\.ts$)' },
      to: {
        path: '^src/contract/',
        pathNot: '^src/contract/(index|centralTime|time)\\.ts$',
        dependencyTypesNot: ['dynamic-import'],
      },
    },
    {
      name: 'entry-takes-only-contract-tables',
      severity: 'error',
      comment:
        'The entry module src/api/connection.ts reaches past the door only for the two tables it needs.',
      from: { path: '^src/api/connection\\.ts$' },
      to: { path: '^src/contract/', pathNot: '^src/contract/(http|plans)\\.ts$' },
    },
    {
      name: 'time-one-door',
      severity: 'error',
      comment: 'src/time is reached through src/time/index.ts alone (imported as @/time).',
      from: { pathNot: '^src/time/' },
      to: { path: '^src/time/', pathNot: '^src/time/index\\.ts$' },
    },
    {
      name: 'time-is-pure',
      severity: 'error',
      comment: 'src/time is the bottom layer: it imports nothing of the app but itself.',
      from: { path: '^src/time/', pathNot: TESTS },
      to: { path: '^src/', pathNot: '^src/time/' },
    },
    {
      name: 'contract-imports-only-zod-and-time',
      severity: 'error',
      comment:
        'The contract is the one definition of the API, shared by the client and the mock: it imports only zod, src/time and itself.',
      from: { path: '^src/contract/', pathNot: TESTS },
      to: { pathNot: ['^src/(contract|time)/', npm('zod')] },
    },
    ...SHARED_LAYER_RULES,
    {
      name: 'feature-not-to-other-feature',
      severity: 'error',
      comment:
        'A feature never imports another feature: what two features share moves down to a home named for it.',
      from: { path: '^src/features/([^/]+)/', pathNot: TESTS },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'feature-not-to-app',
      severity: 'error',
      comment: 'A feature never imports the app: the app assembles the features.',
      from: { path: '^src/features/', pathNot: TESTS },
      to: { path: '^src/(app/|main\\.tsx$)' },
    },
    {
      name: 'mock-imports-only-contract-and-time',
      severity: 'error',
      comment:
        'The mock is the same code in the page, in Vitest and over HTTP: it reads the contract and time, nothing else of the app.',
      from: { path: '^src/mock/', pathNot: TESTS },
      to: { path: '^src/', pathNot: '^src/(mock|contract|time)/' },
    },
    {
      name: 'mock-only-from-boot-and-tooling',
      severity: 'error',
      comment:
        'Only tests, benches, scripts and the boot (src/app/demoBackend.ts) reach the mock, so the app never bundles it by accident.',
      from: { pathNot: MOCK_USERS },
      to: { path: '^src/mock/' },
    },
    {
      name: 'msw-only-from-boot-and-tooling',
      severity: 'error',
      comment: 'msw intercepts requests for the mock: only the mock, tests, tooling and the boot import it.',
      from: { pathNot: MOCK_USERS },
      to: { path: [npm('msw'), npm('@mswjs/[^/]+')] },
    },
    {
      name: 'dexie-only-in-workspace',
      severity: 'error',
      comment:
        'Dexie is the store of saved work, loaded on demand: only src/workspace imports it, so no first screen carries it.',
      from: { path: '^src/', pathNot: [...TESTS, '^src/workspace/'] },
      to: { path: npm('dexie') },
    },
    {
      name: 'duckdb-only-in-sql',
      severity: 'error',
      comment:
        'DuckDB-WASM and the Arrow build it needs (pinned to its major) load with the SQL page only: only src/sql imports them, and only its engine modules, behind a dynamic import.',
      from: { path: '^src/', pathNot: [...TESTS, '^src/sql/'] },
      to: { path: [npm('@duckdb/duckdb-wasm'), npm('apache-arrow')] },
    },
    {
      name: 'codemirror-only-in-sql-page',
      severity: 'error',
      comment:
        "CodeMirror is the SQL page's editor: only src/features/sql imports it, so no other page carries it.",
      from: { path: '^src/', pathNot: [...TESTS, '^src/features/sql/'] },
      to: { path: [npm('codemirror'), npm('@codemirror/[^/]+'), npm('@lezer/[^/]+')] },
    },
    {
      name: 'map-stack-only-in-components-map',
      severity: 'error',
      comment:
        'leaflet, react-leaflet and supercluster load in the map lazy chunk: only src/components/map imports them.',
      from: { path: '^src/', pathNot: [...TESTS, '^src/components/map/'] },
      to: { path: [npm('leaflet'), npm('react-leaflet'), npm('supercluster')] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports are edges too: a circle of types still ties two modules together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    // node_modules is a symlink in a worktree: judge the path as written, not where the link points.
    preserveSymlinks: true,
    skipAnalysisNotInRules: true,
  },
};
