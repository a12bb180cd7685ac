import js from '@eslint/js';
import vitest from '@vitest/eslint-plugin';
import playwright from 'eslint-plugin-playwright';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/', '**/dist/', '**/.tmp/', 'data/', '**/test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // Tests index into data they just checked; `!` says so more plainly than a guard.
    files: ['e2e/**/*.ts', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // A stray `.only` would pass CI while running a fraction of the suite (Vitest and Playwright
    // also refuse it when CI=true; lint catches it before anything runs).
    files: ['**/*.test.{ts,tsx}'],
    plugins: { vitest },
    rules: { 'vitest/no-focused-tests': ['error', { fixable: false }] },
  },
  {
    files: ['e2e/**/*.ts'],
    plugins: { playwright },
    rules: { 'playwright/no-focused-test': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The order modules' aims (issue 32, decision 068): files a reader takes in, functions of a screen.
    files: ['apps/api/src/modules/{checkout,orders,shipments,returns,invoices}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'max-lines': ['error', 400],
      'max-lines-per-function': ['error', 80],
    },
  },
  {
    // Only env.ts reads the environment (STYLE.md); scripts and test harnesses are the exception.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/env.ts', 'apps/api/src/**/*.test.ts', 'apps/api/src/test/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through src/env.ts.' },
      ],
    },
  },
);
