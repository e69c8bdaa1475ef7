// ESLint: TypeScript rules, React hooks, no HTML injection, no import cycle, and the folder
// boundaries of STYLE.md (tools/importBoundaries.js).
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { importBoundaries } from './tools/importBoundaries.js';

const noHtmlInjection = [
  { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'No dangerouslySetInnerHTML: render text.' },
  { selector: "AssignmentExpression > MemberExpression.left[property.name=/^(innerHTML|outerHTML)$/]", message: 'No innerHTML/outerHTML.' },
  { selector: "CallExpression[callee.property.name='insertAdjacentHTML']", message: 'No HTML strings into the DOM.' },
  { selector: "CallExpression[callee.object.name='document'][callee.property.name=/^(write|writeln)$/]", message: 'No document.write.' },
];

export default tseslint.config(
  { ignores: ['dist/', 'dist-*/', 'node_modules/', 'test-results/', 'test-results-*/', 'playwright-report/', 'playwright-report-*/', 'bench-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      'no-restricted-syntax': ['error', ...noHtmlInjection],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'bin/**/*.mjs', 'src/testing/**/*.ts', 'tools/**/*.js', '*.config.{js,ts}', 'src/cli/**/*.ts', 'src/kernelcheck/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}', 'src/state/**/*.{ts,tsx}', 'src/main.tsx'],
    languageOptions: { globals: globals.browser },
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    // No import cycle in the app's own code (issue 19): a cycle hides which module owns what and breaks module init order.
    name: 'no import cycle',
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  ...importBoundaries.map(({ name, files, ignores, patterns }) => ({
    name: `boundaries/${name}`,
    files,
    ...(ignores ? { ignores } : {}),
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
  })),
  {
    name: 'boundaries/engine purity',
    files: ['src/engine/**/*.ts'],
    ignores: ['src/engine/**/*.test.ts', 'src/engine/testing/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'self', 'navigator', 'localStorage', 'sessionStorage', 'postMessage', 'importScripts', 'fetch', 'XMLHttpRequest', 'process', 'Buffer'].map(
          (name) => ({ name, message: 'The engine is pure: no DOM, worker or Node globals.' }),
        ),
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'The engine is deterministic: take a clock as input.' },
        { object: 'Math', property: 'random', message: 'The engine is deterministic: take a seed as input.' },
        { object: 'performance', property: 'now', message: 'The engine is deterministic: take a clock as input.' },
      ],
      'no-restricted-syntax': [
        'error',
        ...noHtmlInjection,
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'The engine is deterministic: take a clock as input.' },
      ],
    },
  },
);
