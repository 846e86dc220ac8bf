import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import drizzle from 'eslint-plugin-drizzle';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const featuresOf = (side) =>
  readdirSync(path.join(root, side, 'features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// Client features talk to each other only through client/lib and client/components (docs/architecture.md). The claims
// feature's claim dialog and pending-claim card are the deliberate exception: Player Registration and a player's
// page open the same dialog (docs/product.md#claim-dialog) (the why is beside each import). The Report action of the
// reports feature sits under every rating a member can see (docs/product.md#reports-and-decisions).
const CLIENT_SHARED_ACROSS_FEATURES = {
  players: [
    './claims/components/claim-dialog.tsx',
    './claims/components/pending-claim-card.tsx',
    './claims/api/pending-claim.ts',
  ],
  'player-page': ['./claims/components/claim-dialog.tsx', './reports/components/report-rating-action.tsx'],
  helpfulness: ['./replies/components/reply-editor.tsx', './reports/components/report-rating-action.tsx'],
};
const clientFeatureZones = featuresOf('client').map((feature) => ({
  target: `./client/features/${feature}`,
  from: './client/features',
  except: [`./${feature}`, ...(CLIENT_SHARED_ACROSS_FEATURES[feature] ?? [])],
  message: 'A client feature imports another only through client/lib or client/components.',
}));

// A server feature reaches another only through its service: repos and other internals stay private.
// `allowed` adds modules a zone lets through, for the exceptions below.
const serverFeatureZones = (allowed = {}) =>
  featuresOf('server').map((feature) => ({
    target: `./server/features/${feature}`,
    from: `${root}/server/features/*/**`,
    except: [
      `${root}/server/features/${feature}/**`,
      `${root}/server/features/*/*.service.ts`,
      // `@(name)` makes the path a glob pattern (matching just that name), which the rule needs beside a glob `from`.
      ...(allowed[feature] ?? []).map(
        (module) => `${root}/server/features/${path.dirname(module)}/@(${path.basename(module)})`,
      ),
    ],
    message: 'Reach another feature through its *.service.ts, never its repo or internals.',
  }));

const pluginZone = {
  target: './server/plugins',
  from: `${root}/server/features/*/**`,
  except: [`${root}/server/features/*/*.service.ts`],
  message: 'Plugins reach a feature through its *.service.ts, never its repo.',
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'server/db/migrations',
      'bench/results',
      'coverage',
      'test-results',
      'lighthouse-results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: root },
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { drizzle, 'import-x': importX, 'check-file': checkFile },
    settings: {
      // import-x reads TypeScript modules (for no-cycle) only when told their extensions and parser.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${root}/tsconfig.json` })],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify plugins, hooks and handlers are async by contract, with or without an await.
      '@typescript-eslint/require-await': 'off',
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      // ratings.service.ts, not Ratings.service.ts; the middle parts (.service, .test, .e2e) are ours too.
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
  {
    files: ['server/**/*.ts', 'client/**/*.{ts,tsx}', 'common/**/*.ts'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Configuration is parsed once, in server/env.ts (docs/architecture.md: fail fast at start). Tests and their harness
    // (server/test) may read the knobs that pick a test database or a fuzz seed; scripts/, bench/ and e2e/ are
    // tools that start processes and set their environment, so they read it freely.
    files: ['server/**/*.ts', 'client/**/*.{ts,tsx}', 'common/**/*.ts'],
    ignores: ['server/env.ts', 'server/test/**', '**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from server/env.ts only.' },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: clientFeatureZones }],
    },
  },
  {
    // Tests and their fixtures arrange state through any feature's repo; the rule is for the app's own code.
    files: ['server/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*-fixtures.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...serverFeatureZones(), pluginZone] }] },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
);
