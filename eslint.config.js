import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const dirs = (p) =>
  fs.existsSync(p)
    ? fs
        .readdirSync(p, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];

/** Siblings may not import each other: areas, features, api modules (STYLE.md boundaries). */
const siblingZones = (base) =>
  dirs(base).map((name) => ({
    target: `./${base}/${name}`,
    from: `./${base}`,
    except: [`./${name}`],
    message: `${base}/${name} may not import a sibling; move shared code to a shared folder.`,
  }));

/**
 * API modules meet only at a module's door: a sibling may import `<module>/index.ts`, nothing else
 * of it (no repository, service file or table helper).
 */
const moduleDoorZones = (base) =>
  dirs(base).map((name) => ({
    target: `./${base}/${name}`,
    from: `./${base}`,
    except: [
      `./${name}`,
      ...dirs(base)
        .filter((other) => other !== name)
        .map((other) => `./${other}/index.ts`),
    ],
    message: `${base}/${name} may import another module only through its index.ts.`,
  }));

const zones = [
  ...moduleDoorZones('apps/api/src/modules'),
  // the demo seed acts as a user would: through the modules' doors only
  {
    target: './apps/api/src/demo',
    from: './apps/api/src/modules',
    except: dirs('apps/api/src/modules').map((name) => `./${name}/index.ts`),
    message: 'apps/api/src/demo may import a module only through its index.ts.',
  },
  ...siblingZones('apps/web/src/areas'),
  ...siblingZones('apps/web/src/features'),
  // shared web code imports neither areas nor features
  ...['components', 'lib', 'config', 'app'].flatMap((d) =>
    d === 'app'
      ? []
      : [
          { target: `./apps/web/src/${d}`, from: './apps/web/src/areas' },
          { target: `./apps/web/src/${d}`, from: './apps/web/src/features' },
        ],
  ),
  { target: './apps/web/src/features', from: './apps/web/src/areas' },
  // api platform code never imports domains or areas
  { target: './apps/api/src/platform', from: './apps/api/src/modules' },
  { target: './apps/api/src/platform', from: './apps/api/src/areas' },
  { target: './apps/api/src/modules', from: './apps/api/src/areas' },
  // contracts depend on zod only
  { target: './packages/contracts', from: './apps' },
];

/**
 * Each table has one owner (docs/architecture.md "Tables and their owners"): a module imports its own
 * schema files of apps/api/src/db/schema and no other (never the index, which exports every table); the
 * platform's tables (sessions, jobs, events, mail, audit) are the platform's. Tests read any table. No
 * exception: what a module needs of another's table it gets at that module's door (a batch read, a count,
 * or a join piece such as `friendsForJoin`: decision 0025).
 */
const tableOwners = {
  'agencies.ts': 'agencies',
  'announcements.ts': 'announcements',
  'clients.ts': 'clients',
  'deliveries.ts': 'deliveries',
  'delivery-images.ts': 'deliveries',
  'automation.ts': 'automation',
  'inflow.ts': 'inflow',
  'friends.ts': 'friends',
  'chat-groups.ts': 'friends',
  'line-accounts.ts': 'line-accounts',
  'line-webhook.ts': 'line-webhook',
  'members.ts': 'members',
  'notifications.ts': 'notifications',
  'payments.ts': 'payments',
  'rich-menus.ts': 'rich-menus',
  'shift.ts': 'shift',
  'stores.ts': 'services',
  'users.ts': 'users',
  'audit.ts': 'platform',
  'jobs.ts': 'platform',
  'mails.ts': 'platform',
  'sessions.ts': 'platform',
};
const tableOwnership = dirs('apps/api/src/modules').map((module) => ({
  files: [`apps/api/src/modules/${module}/**/*.ts`],
  ignores: ['**/*.test.ts', '**/*.test-setup.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: [
              '**/db/schema/index.ts',
              ...Object.entries(tableOwners)
                .filter(([, owner]) => owner !== module)
                .map(([file]) => `**/db/schema/${file}`),
            ],
            message: `modules/${module} reads only its own tables (db/schema/<its file>.ts); ask another module's door for its data.`,
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      'apps/api/drizzle/**',
      '**/*.d.ts',
      '**/*.d.mts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/only-throw-error': 'off',
      // Fastify plugins and handlers are async by contract, awaiting or not.
      '@typescript-eslint/require-await': 'off',
      'import-x/no-restricted-paths': ['error', { zones }],
    },
  },
  ...tableOwnership,
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The payments simulator edits Stripe's JSON objects field by field (its store holds them as they are
    // answered); their shapes are checked against Stripe's examples and the SDK's types by its tests.
    files: ['apps/pay-sim/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
);
