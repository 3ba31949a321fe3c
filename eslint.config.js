import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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

/** Zones and tsconfig paths are read from the repository root, wherever eslint is started. */
const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Which folder may import which, by the resolved file, so every spelling of an import (relative,
 * with or without `.ts`, the `@/` alias) meets the same fence. A file under `target` may not import
 * from `from`.
 */
const layers = [
  // src: shared (lib, config, components) → entities → features → app; no feature imports another.
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other: pass data through props or the URL, wired in src/app.',
  })),
  {
    target: './src/features',
    from: './src/app',
    message: 'Code flows shared (lib, config, components) → entities → features → app, never back.',
  },
  // An entity (src/entities/post: the post's type, queries, storage, check and publishing) is the
  // floor between the shared code and the features: features build on it, it knows none of them,
  // and entities do not import each other.
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
  // shared/ is imported by the browser app, the servers and the Deno function alike.
  {
    target: './shared',
    from: ['./src', './server', './tests', './bench', './harness', './supabase'],
    message: 'shared/ is imported by both sides; it must not import either.',
  },
  // The server and the browser app meet only in shared/ (and over HTTP).
  {
    target: './server',
    from: './src',
    message: 'The server does not import the browser app: move what both need to shared/.',
  },
  // One harness (free port, server process, fake providers, browser, sign-up journeys) for the
  // tests and the benchmarks: the benchmarks use it and nothing else of tests/; it uses neither.
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
];

/** What ships does not import test code (helpers, fakes, the harness); only its *.test.* files may. */
const productOffTests = {
  target: ['./src', './server'],
  from: ['./tests', './harness', './bench'],
  message: 'Product code does not import test code: move the helper under tests/, or the code out of it.',
};

/** Each library is imported by exactly one module (STYLE.md: one module owns each library). */
const libraryOwners = [
  { name: '@supabase/supabase-js', owner: 'src/lib/supabase/**' },
  { name: 'groq-sdk', owner: 'src/lib/ai/**' },
  { name: 'react-markdown', owner: 'src/lib/markdown/**' },
  { name: 'react-hot-toast', owner: 'src/lib/toast/**' },
  // Only the LinkedIn archive import unzips, so its file reader owns the ZIP library.
  { name: 'fflate', owner: 'src/features/profile/archive/read-archive-file.ts' },
  // Only the analytics export import reads workbooks.
  { name: 'read-excel-file/universal', owner: 'src/features/results/import-analytics-file.ts' },
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
          paths: libraryOwners.map(({ name, owner }) => ({
            name,
            message: `Import ${name} only through its owner module (${owner}).`,
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
            .map(({ name, owner: theirs }) => ({
              name,
              message: `Import ${name} only through its owner module (${theirs}).`,
            })),
        },
      ],
    },
  })),
  // shared/ is imported by the browser app, the servers and the Deno function alike: Web APIs only
  // (what it may import is fenced with the other paths below).
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*'], message: webApisOnly }] }],
    },
  },
  // Every file resolves imports as TypeScript and Vite do (extensions, the @/ and @shared/ aliases):
  // no-restricted-paths and no-cycle silently pass an import they cannot resolve.
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          // The app's config for src/, the Node one for the rest: each file is read with the one that includes it.
          project: ['tsconfig.json', 'tsconfig.node.json'].map((name) => `${root}${name}`),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...layers, productOffTests] }],
    },
  },
  // Tests may import test helpers; the layers still hold for them. (Flat config replaces a rule's
  // options rather than merging them, hence the whole list again.)
  {
    files: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: layers }] },
  },
  // No import cycles in the app or the server (a cycle makes a module's value undefined while the
  // other loads). Only there: the check walks every import graph, which is slow.
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
