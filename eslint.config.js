import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = ['auth', 'onboarding', 'profile', 'generator', 'research', 'posts', 'ideas', 'calendar', 'chat'];

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
  { ignores: ['dist', 'node_modules', 'coverage', 'test-results', 'scratch', '.data'] },
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
  // What the Edge Function runs (server/api) stays Web APIs only (DESIGN.md §4), the same code under
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
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: libraryOwners.map(({ name }) => ({ name, message: `Import ${name} only through its owner module in src/lib.` })),
        },
      ],
    },
  },
  ...libraryOwners.map(({ owner }) => ({ files: [owner], rules: { 'no-restricted-imports': 'off' } })),
  // Features never import each other; src/app composes them (bulletproof-react's zone rule).
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: libraryOwners.map(({ name }) => ({ name, message: `Import ${name} only through its owner module in src/lib.` })),
          patterns: [
            {
              group: features.filter((other) => other !== feature).flatMap((other) => [`@/features/${other}`, `@/features/${other}/**`, `**/features/${other}/**`]),
              message: 'Features do not import each other: pass data through props or the URL, wired in src/app.',
            },
            { group: ['@/app', '@/app/**'], message: 'Code flows lib/config → features → app, never back.' },
          ],
        },
      ],
    },
  })),
  {
    files: ['src/lib/**/*.{ts,tsx}', 'src/config/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/features/**', '@/app/**'], message: 'lib and config must not depend on features or app.' }] },
      ],
    },
  },
);
