// One flat config for the whole monorepo. Package boundaries are enforced here:
// `shared` stays pure, and neither app imports the other.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const noAppImports = (...patterns) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: patterns.map((group) => ({
        group: [group],
        message: 'Crosses a package boundary (see ARCHITECTURE.md).',
      })),
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dev-dist/**',
      'data/**',
      'bench-results/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            '*.js',
            '*.mjs',
            'scripts/*.mjs',
            'pwa/public/*.js',
            'sync-server/.dependency-cruiser.mjs',
            'sync-server/vitest.config.mjs',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: globals.node },
  },
  {
    files: ['shared/**/*.ts'],
    rules: noAppImports(
      'react*',
      'dexie*',
      'rxdb*',
      'koa*',
      '@koa/*',
      'better-sqlite3',
      '@stemline/pwa*',
      '@stemline/sync-server*',
      'node:*',
    ),
  },
  {
    files: ['sync-server/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: noAppImports('@stemline/pwa*', '../../pwa/*', 'react*', 'dexie*', 'rxdb*'),
  },
  {
    files: ['pwa/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...noAppImports(
        '@stemline/sync-server*',
        '../../sync-server/*',
        'koa*',
        'better-sqlite3',
        'node:*',
      ),
    },
  },
  {
    // Build plugins run in Node while the app builds (the server's renderer is written with
    // node:path); nothing of them reaches the browser.
    files: ['pwa/build-plugins/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: noAppImports('@stemline/sync-server*', '../../sync-server/*', 'koa*', 'better-sqlite3'),
  },
  {
    // SQL lives in repositories only (docs/architecture.md, "Layers of the server"), so the
    // storage can be ported by porting them: no statement, transaction or pragma elsewhere.
    // A unit of work spanning repositories runs through `app.transactional`.
    files: ['sync-server/src/**/*.ts'],
    ignores: [
      'sync-server/src/**/*-repository.ts',
      'sync-server/src/db/**',
      'sync-server/src/seed/**',
      'sync-server/src/**/seed-*.ts',
      'sync-server/src/test-support/**',
      'sync-server/src/**/*.test.ts',
      // Test fixtures kept beside the tests that use them.
      'sync-server/src/**/*-fixture.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(prepare|transaction|pragma)$/]',
          message: 'SQL belongs in a *-repository.ts module (or db/); use app.transactional.',
        },
        {
          selector:
            "CallExpression[callee.property.name='exec'][arguments.0.type=/^(Literal|TemplateLiteral)$/]",
          message: 'SQL belongs in a *-repository.ts module (or db/).',
        },
        {
          // The async engine's statements (db/sql-engine.ts), as for better-sqlite3's.
          selector:
            'CallExpression[callee.property.name=/^(all|one|run)$/][arguments.0.type=/^(Literal|TemplateLiteral)$/]',
          message: 'SQL belongs in a *-repository.ts module (or db/).',
        },
      ],
    },
  },
  {
    // Classic scripts the PWA's index.html loads as they are (public/first-view.js).
    files: ['pwa/public/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['scripts/**/*.ts', 'e2e/**/*.ts', '*.config.ts'],
    languageOptions: { globals: globals.node },
  },
);
