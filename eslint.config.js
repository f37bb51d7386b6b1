import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { boundaries } from './eslint-rules/index.ts';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', 'test-results/**', '**/playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      // The four projects `npm run typecheck` checks: one program each. Nearest-tsconfig lookup
      // (projectService) built seven, parsing and checking the server's sources three times.
      parserOptions: {
        project: [
          './tsconfig.json',
          './apps/web/tsconfig.json',
          './e2e/tsconfig.json',
          './bench/tsconfig.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The boundaries between Querent's parts (eslint-rules/): each rule names what to do instead.
    plugins: { querent: boundaries },
    rules: {
      'querent/no-foreign-repository': 'error',
      'querent/private-prepare-run': 'error',
    },
  },
  {
    // Test suites seed the store through the repositories directly.
    files: ['apps/server/test/**'],
    rules: { 'querent/no-foreign-repository': 'off' },
  },
  {
    files: ['apps/server/src/agent/**'],
    rules: { 'querent/agent-port-only': 'error' },
  },
  {
    files: ['apps/server/src/connectors/**'],
    rules: { 'querent/connectors-stand-alone': 'error' },
  },
  {
    // The app and its tests; the build's own configuration files may share the repository's.
    files: ['apps/web/**'],
    ignores: ['apps/web/*.config.ts'],
    rules: { 'querent/web-contracts-only': 'error' },
  },
  {
    // Who may do what is the policy's to say (modules/access): tests may compare as they need.
    files: ['apps/server/src/**'],
    rules: { 'querent/access-through-policy': 'error' },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
);
