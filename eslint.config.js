// @ts-check
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = [
  'catalog',
  'dataset',
  'query',
  'locations',
  'priceMap',
  'compare',
  'reports',
  'usage',
  'settings',
];

/** Import boundaries of docs/decisions/0001-architecture.md, enforced rather than hoped for. */
const mswAndMock = [
  {
    group: ['msw', 'msw/*'],
    message: 'Only src/mock, tests and the boot (src/app/demoBackend.ts) may import msw.',
  },
  {
    group: ['@/mock/*', '**/mock/*'],
    message: 'Only tests and the boot (src/app/demoBackend.ts) may import the mock.',
  },
];
const heavy = [
  {
    group: ['leaflet', 'react-leaflet', 'leaflet/*'],
    message: 'Only src/components/map imports leaflet (lazy chunk).',
  },
];
const upward = [
  {
    group: ['@/features/*', '@/app/*'],
    message: 'Shared code (api, lib, components) never imports features or app.',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'dist-*', 'node_modules', 'public', 'coverage', 'test-results', 'bench/results.json'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks, '@tanstack/query': pluginQuery },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...pluginQuery.configs.recommended.rules,
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true, allowNullish: true },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unnecessary-condition': ['error', { allowConstantLoopConditions: true }],
      'no-restricted-imports': ['error', { patterns: [...mswAndMock, ...heavy] }],
    },
  },
  { files: ['eslint.config.js'], ...tseslint.configs.disableTypeChecked },
  // Shared layers: no upward imports.
  {
    files: ['src/api/**', 'src/lib/**', 'src/components/**'],
    ignores: ['src/components/map/**', 'src/components/charts/**', '**/*.test.*'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...mswAndMock, ...heavy, ...upward] }] },
  },
  {
    files: ['src/components/map/**'],
    ignores: ['**/*.test.*'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...mswAndMock, ...upward] }] },
  },
  {
    files: ['src/components/charts/**'],
    ignores: ['**/*.test.*'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...mswAndMock, ...heavy, ...upward] }] },
  },
  // A feature never imports another feature, nor the app.
  ...FEATURES.map((feature) => ({
    files: [`src/features/${feature}/**`],
    ignores: ['**/*.test.*'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...mswAndMock,
            ...heavy,
            {
              group: ['@/app/*', ...FEATURES.filter((f) => f !== feature).map((f) => `@/features/${f}/*`)],
              message: 'features/X never imports features/Y or app; share through components, lib or api.',
            },
          ],
        },
      ],
    },
  })),
  // The mock: the same code everywhere; it reads the contract from src/contract and nothing else of the app.
  {
    files: ['src/mock/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/api/*'],
              message: 'The mock reads the contract from src/contract, never the client.',
            },
            {
              group: ['@/features/*', '@/app/*', '@/components/*'],
              message: 'The mock does not import UI code.',
            },
            ...heavy,
          ],
        },
      ],
    },
  },
  // The contract: the one definition of the API, imported as values by the client and the mock alike.
  {
    files: ['src/contract/**'],
    ignores: ['**/*.test.*'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!zod$|\\./|@/contract/)', message: 'The contract imports only zod and itself.' },
          ],
        },
      ],
    },
  },
  // Tests, boot, scripts and benchmarks may reach the mock.
  {
    files: [
      'src/app/demoBackend.ts',
      '**/*.test.ts',
      '**/*.test.tsx',
      'src/test/**',
      'test/**',
      'bench/**',
      'scripts/**',
      'vitest.setup.ts',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
  /*
   * node:assert builds the message of a bare `assert.ok(x)` by re-reading and re-parsing the caller's
   * source; on a TypeScript file that parse fails line after line and once held a browser journey's
   * process for 217 s (the page went on, the runner's timers did not). Every assertion says what it checks.
   */
  {
    files: ['test/**', 'bench/**', 'scripts/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='assert'][callee.property.name='ok'][arguments.length<2], CallExpression[callee.name='assert'][arguments.length<2]",
          message:
            'Give node:assert a message: without one it re-parses this file to write its own, which can take minutes.',
        },
      ],
    },
  },
);
