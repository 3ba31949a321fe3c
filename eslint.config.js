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

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'coverage', 'test-results', 'scratch', '.data', 'supabase/functions'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
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
