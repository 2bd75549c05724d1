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
