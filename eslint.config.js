// @ts-check
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * Import boundaries (layers, features, the mock, the lazy map and chart stacks, circles) are not
 * here: dependency-cruiser checks them (.dependency-cruiser.mjs, `npm run deps`), because it sees
 * relative and type-only imports that a pattern on an import's spelling misses.
 */

/**
 * Dates and times have one home, src/time, reached through its index (`@/time`): outside it, no
 * Intl date formats, no `Date.UTC` and no date-shaped regexes, so calendar and zone arithmetic
 * cannot grow a second copy with a second algorithm (scripts/timeLintRule.test.ts).
 */
const TIME_OUTSIDE_SRC_TIME = [
  {
    selector: "MemberExpression[object.name='Intl'][property.name='DateTimeFormat']",
    message:
      'Intl.DateTimeFormat lives in src/time: use @/time (zonedParts, zoneOffsetMs, isTimeZone, viewerTimeZone).',
  },
  {
    selector: "MemberExpression[object.name='Date'][property.name='UTC']",
    message: 'Date.UTC lives in src/time: use @/time (wallMs, daysFromCivil, utcMonthStart).',
  },
  {
    selector: String.raw`Literal[regex.pattern=/\\d\{4\}\)?-/]`,
    message:
      'Date-shaped patterns live in src/time: use @/time (isCalendarDate, parseTimestamp, CALENDAR_DATE_RE).',
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
    },
  },
  { files: ['eslint.config.js', '.dependency-cruiser.mjs'], ...tseslint.configs.disableTypeChecked },
  // Time has one home. Test fixtures may write instants with Date.UTC and check src/time against Intl.
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: [
      'src/time/**',
      '**/*.test.ts',
      '**/*.test.tsx',
      'src/test/**',
      'src/mock/engine/testDatasets.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...TIME_OUTSIDE_SRC_TIME] },
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
