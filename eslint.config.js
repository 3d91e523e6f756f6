import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import kinora from './tools/eslint/import-direction.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/drizzle/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { kinora },
    rules: {
      'kinora/import-direction': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'kinora/query-keys': 'error',
    },
  },
  {
    // Command-line scripts talk to a person through the console.
    files: [
      'scripts/**',
      'bench/**',
      '**/scripts/**',
      'apps/server/src/platform/db/migrate-cli.ts',
      'apps/server/src/user-role-cli.ts',
      'apps/server/src/user-reset-link-cli.ts',
      'apps/server/src/backup-cli.ts',
      'apps/server/src/db-move-cli.ts',
      'tools/**',
    ],
    rules: { 'no-console': 'off' },
  },
);
