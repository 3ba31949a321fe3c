import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Every folder under src/features (and src/entities) is one, read from disk so none is left out of the fences. */
const folders = (parent) =>
  readdirSync(new URL(`./src/${parent}/`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const features = folders('features');
const entities = folders('entities');

/** Each library is imported by exactly one module (STYLE.md: one module owns each library). */
const libraryOwners = [
  { name: '@supabase/supabase-js', owner: 'src/lib/supabase/**' },
  { name: 'groq-sdk', owner: 'src/lib/ai/**' },
  { name: 'react-markdown', owner: 'src/lib/markdown/**' },
  { name: 'react-hot-toast', owner: 'src/lib/toast/**' },
];

/** Node's globals that the Edge Function's code must not use (Deno emulates some; see the rule below). */
const nodeOnlyGlobals = ['process', 'Buffer', 'global', 'require', '__dirname', '__filename', 'setImmediate'];
const webApisOnly = 'The Edge Function runs Web APIs only: read Deno.env in its entry and pass values in.';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'coverage', 'test-results', 'scratch', '.data', '.stryker-tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023 },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  {
    ignores: ['supabase/functions/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  // Supabase Edge Functions run under Deno: its globals, not Node's or the browser's.
  {
    files: ['supabase/functions/**/*.ts'],
    languageOptions: { globals: { ...globals.denoBuiltin } },
  },
  // What the Edge Function runs (server/api) stays Web APIs only (docs/wire-formats.md §6), the same code under
  // Node and Deno; `deno check` alone would accept these, as Deno emulates them.
  {
    files: ['supabase/functions/**/*.ts', 'server/api/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*'], message: webApisOnly }] }],
      'no-restricted-globals': ['error', ...nodeOnlyGlobals.map((name) => ({ name, message: webApisOnly }))],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // One module owns each library. This is the only block that sets no-restricted-imports for src,
  // so no later block can replace its options (flat config does not merge a rule's options).
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: libraryOwners.map(({ name }) => ({
            name,
            message: `Import ${name} only through its owner module in src/lib.`,
          })),
        },
      ],
    },
  },
  // An owner may import its own library, and still none of the others.
  ...libraryOwners.map(({ name: owned, owner }) => ({
    files: [owner],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: libraryOwners
            .filter(({ name }) => name !== owned)
            .map(({ name }) => ({
              name,
              message: `Import ${name} only through its owner module in src/lib.`,
            })),
        },
      ],
    },
  })),
  // shared/ is imported by the browser app, the servers and the Deno function alike: it imports none of them.
  {
    files: ['shared/**/*.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './shared',
              from: ['./src', './server', './tests', './bench', './supabase'],
              message: 'shared/ is imported by both sides; it must not import either.',
            },
          ],
        },
      ],
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*'], message: webApisOnly }] }],
    },
  },
  // Layers by path, whatever the import's spelling (alias or relative), as bulletproof-react does:
  // shared (lib, config, components) → features → app; no feature imports another; no cycles.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message:
                'Features do not import each other: pass data through props or the URL, wired in src/app.',
            })),
            {
              target: './src/features',
              from: './src/app',
              message: 'Code flows shared (lib, config, components) → entities → features → app, never back.',
            },
            // An entity (src/entities/post: the post's type, queries, storage, check and publishing)
            // is the floor between the shared code and the features: features build on it, it knows
            // none of them, and entities do not import each other.
            ...entities.map((entity) => ({
              target: `./src/entities/${entity}`,
              from: './src/entities',
              except: [`./${entity}`],
              message: 'Entities do not import each other: a feature composes them.',
            })),
            {
              target: './src/entities',
              from: ['./src/features', './src/app'],
              message: 'src/entities sits below the features and the app: it must not import them.',
            },
            ...['lib', 'config', 'components'].map((shared) => ({
              target: `./src/${shared}`,
              from: ['./src/entities', './src/features', './src/app'],
              message: `src/${shared} is shared code: it must not depend on entities, features or the app.`,
            })),
          ],
        },
      ],
    },
  },
  // One harness (free port, server process, fake providers, browser, sign-up journeys) for the
  // tests and the benchmarks: the benchmarks use it and nothing else of tests/; it uses neither.
  {
    files: ['bench/**/*.ts', 'harness/**/*.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './bench',
              from: './tests',
              message: 'The benchmarks share only harness/ with the tests: move what both need there.',
            },
            {
              target: './harness',
              from: ['./tests', './bench'],
              message: 'harness/ serves the tests and the benchmarks; it imports neither.',
            },
          ],
        },
      ],
    },
  },
);
