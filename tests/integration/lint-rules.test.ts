import { readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/database-template.ts';

// Each probe breaks one architecture rule of eslint.config.js and must be reported by that rule;
// a rule that quietly stops holding (a pattern that never matches, a later block replacing its
// options, an import the resolver cannot follow) fails here. The control probes are legal and must pass.
const eslint = new ESLint({ cwd: projectRoot });

async function messages(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(projectRoot, filePath) });
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

/**
 * A file under one folder importing another it may not. Every spelling is tried, since the
 * fence holds only if the resolver follows each (relative with and without `.ts`, the `@/` alias).
 * `says` is part of the zone's message: all zones share one rule, so it names the zone that fired.
 */
type ZoneProbe = { why: string; file: string; imports: string[]; says: string };

const sibling = (feature: string) => (feature === 'ideas' ? 'posts/posts-store' : 'ideas/ideas-store');

const zoneProbes: ZoneProbe[] = [
  // Read from disk, as the config does: a feature folder the config leaves out fails here.
  ...readdirSync(path.join(projectRoot, 'src/features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      why: `the ${name} feature importing a sibling`,
      file: `src/features/${name}/probe.ts`,
      imports: [`@/features/${sibling(name)}`, `../${sibling(name)}`, `../${sibling(name)}.ts`],
      says: 'Features do not import each other',
    })),
  {
    why: 'a feature importing the app',
    file: 'src/features/chat/components/probe.tsx',
    imports: ['@/app/app', '../../../app/app', '../../../app/app.tsx'],
    says: 'Code flows shared (lib, config, components) → entities → features → app',
  },
  {
    why: 'the post entity importing a feature',
    file: 'src/entities/post/api/probe.ts',
    imports: ['@/features/ideas/ideas-store', '../../../features/ideas/ideas-store.ts'],
    says: 'src/entities sits below the features and the app',
  },
  {
    why: 'the post entity importing the app',
    file: 'src/entities/post/probe.ts',
    imports: ['../../app/app', '@/app/app'],
    says: 'src/entities sits below the features and the app',
  },
  // lib, config and components each take nothing from the layers above them.
  ...['lib', 'config', 'components'].flatMap((shared) =>
    ['entities/post/check/check-post', 'features/ideas/ideas-store', 'app/app'].map((above) => ({
      why: `src/${shared} importing ${above.split('/')[0]}`,
      file: `src/${shared}/probe.ts`,
      imports: [`@/${above}`, `../${above}`, `../${above}${above === 'app/app' ? '.tsx' : '.ts'}`],
      says: `src/${shared} is shared code`,
    })),
  ),
  {
    why: 'shared/ importing the browser app',
    file: 'shared/probe.ts',
    imports: ['../src/config/paths', '../src/config/paths.ts', '@/config/paths'],
    says: 'shared/ is imported by both sides',
  },
  {
    why: 'shared/ importing the server, the Edge Function, the tests, the benchmarks or the harness',
    file: 'shared/probe.ts',
    imports: [
      '../server/config/server-env',
      '../supabase/functions/api/index.ts',
      '../tests/helpers/wait-for',
      '../bench/paths',
      '../harness/paths.ts',
    ],
    says: 'shared/ is imported by both sides',
  },
  {
    why: 'the server importing the browser app',
    file: 'server/api/probe.ts',
    imports: ['../../src/config/paths', '../../src/config/paths.ts', '@/config/paths'],
    says: 'The server does not import the browser app',
  },
  {
    why: 'a server test importing the browser app (the layers hold for tests)',
    file: 'server/api/probe.test.ts',
    imports: ['@/config/paths'],
    says: 'The server does not import the browser app',
  },
  {
    why: 'app code importing a test helper',
    file: 'src/features/calendar/components/probe.tsx',
    imports: ['../../../../tests/helpers/post-row', '../../../../tests/helpers/post-row.ts'],
    says: 'Product code does not import test code',
  },
  {
    why: 'app code importing the harness',
    file: 'src/lib/probe.ts',
    imports: ['../../harness/paths'],
    says: 'Product code does not import test code',
  },
  {
    why: 'server code importing a test helper or a benchmark',
    file: 'server/probe.ts',
    imports: ['../tests/helpers/wait-for', '../tests/helpers/wait-for.ts', '../bench/paths'],
    says: 'Product code does not import test code',
  },
  {
    why: 'a benchmark importing a test helper instead of the harness',
    file: 'bench/probe.ts',
    imports: ['../tests/helpers/test-server', '../tests/helpers/test-server.ts'],
    says: 'The benchmarks share only harness/ with the tests',
  },
  {
    why: 'the harness importing the tests or the benchmarks',
    file: 'harness/probe.ts',
    imports: ['../tests/helpers/wait-for', '../tests/helpers/wait-for.ts', '../bench/paths'],
    says: 'harness/ serves the tests and the benchmarks',
  },
];

const ruleProbes: { rule: string; file: string; code: string; why: string }[] = [
  {
    why: 'shared code importing a Node module',
    rule: 'no-restricted-imports',
    file: 'shared/probe.ts',
    code: "export { readFile } from 'node:fs/promises';\n",
  },
  {
    why: 'lib (not its owner) importing supabase-js',
    rule: 'no-restricted-imports',
    file: 'src/lib/ai/probe.ts',
    code: "export { createClient } from '@supabase/supabase-js';\n",
  },
  {
    why: 'config importing groq-sdk',
    rule: 'no-restricted-imports',
    file: 'src/config/probe.ts',
    code: "export { default } from 'groq-sdk';\n",
  },
  {
    why: 'a feature importing react-markdown',
    rule: 'no-restricted-imports',
    file: 'src/features/chat/components/probe.tsx',
    code: "export { default } from 'react-markdown';\n",
  },
  {
    why: 'a file of the archive import other than its reader importing fflate',
    rule: 'no-restricted-imports',
    file: 'src/features/profile/archive/probe.ts',
    code: "export { unzipSync } from 'fflate';\n",
  },
  {
    why: 'the app importing react-hot-toast',
    rule: 'no-restricted-imports',
    file: 'src/app/probe.tsx',
    code: "export { default } from 'react-hot-toast';\n",
  },
  {
    why: 'code the Edge Function runs importing a Node module',
    rule: 'no-restricted-imports',
    file: 'server/api/probe.ts',
    code: "export { readFile } from 'node:fs/promises';\n",
  },
  {
    why: 'code the Edge Function runs reading process.env',
    rule: 'no-restricted-globals',
    file: 'server/api/probe.ts',
    code: 'export const key = process.env.GROQ_API_KEY;\n',
  },
];

const restricted = (ruleId: string | null) =>
  ruleId?.startsWith('import-x/no-restricted') === true || ruleId === 'no-restricted-imports';

describe('architecture lint rules', () => {
  it.each(zoneProbes.flatMap((probe) => probe.imports.map((from) => ({ ...probe, from }))))(
    'reports $why: $file ← $from',
    async ({ file, from, says }) => {
      expect(await messages(file, `export * from '${from}';\n`)).toContainEqual({
        ruleId: 'import-x/no-restricted-paths',
        message: expect.stringContaining(says),
      });
    },
  );

  it.each(ruleProbes)('reports $why ($rule)', async ({ rule, file, code }) => {
    expect((await messages(file, code)).map(({ ruleId }) => ruleId)).toContain(rule);
  });

  // Every import here resolves to a real file: one that did not would pass without proving anything.
  it.each([
    { file: 'src/features/posts/probe.ts', from: '@/lib/format/plan-dates' },
    { file: 'src/features/ideas/probe.ts', from: './ideas-store' },
    { file: 'src/app/probe.tsx', from: '@/features/posts/posts-store' },
    { file: 'src/features/posts/probe.ts', from: '@/entities/post/check/check-post' },
    { file: 'src/entities/post/probe.ts', from: '@/components/ui/button' },
    {
      file: 'src/features/calendar/components/probe.test.tsx',
      from: '../../../../tests/helpers/post-row.ts',
    },
    { file: 'server/api/probe.test.ts', from: '../../tests/helpers/console-guard' },
    { file: 'server/api/probe.ts', from: '../../shared/model-catalog' },
    { file: 'bench/probe.ts', from: '../harness/paths' },
    { file: 'bench/probe.ts', from: '../src/entities/post/check/check-post.ts' },
    { file: 'tests/helpers/probe.ts', from: '@/features/ideas/ideas-store' },
  ])('lets $file import $from', async ({ file, from }) => {
    const found = await messages(file, `export * from '${from}';\n`);
    expect(found.filter(({ ruleId }) => restricted(ruleId))).toEqual([]);
  });

  it('lets the owner of supabase-js import it', async () => {
    const found = await messages(
      'src/lib/supabase/probe.ts',
      "export { createClient } from '@supabase/supabase-js';\n",
    );
    expect(found.filter(({ ruleId }) => restricted(ruleId))).toEqual([]);
  });

  describe('with real files', () => {
    const dirs: string[] = [];
    const probeDir = async (parent: string) => {
      const dir = await mkdtemp(path.join(projectRoot, parent, 'lint-probe-'));
      dirs.push(dir);
      return dir;
    };
    // Cycles are found through real files, so each probe pair is written for the time of the test.
    const cycle = async (parent: string) => {
      const dir = await probeDir(parent);
      await writeFile(
        path.join(dir, 'first.ts'),
        "import { second } from './second';\nexport const first = () => second();\n",
      );
      await writeFile(
        path.join(dir, 'second.ts'),
        "import { first } from './first.ts';\nexport const second = () => first;\n",
      );
      return path.join(dir, 'first.ts');
    };
    let appCycle: string;
    let serverCycle: string;
    let otherEntity: string;
    beforeAll(async () => {
      appCycle = await cycle('src/lib');
      serverCycle = await cycle('server');
      // The only entity today is post: a second one, for the time of the test, to import from.
      otherEntity = path.basename(await probeDir('src/entities'));
      await writeFile(
        path.join(projectRoot, 'src/entities', otherEntity, 'thing.ts'),
        'export const thing = 1;\n',
      );
    });
    afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

    it.each([
      ['the app', () => appCycle],
      ['the server', () => serverCycle],
    ])('reports two modules of %s importing each other (import-x/no-cycle)', async (_, file) => {
      const [result] = await eslint.lintFiles([file()]);
      expect(result?.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
    });

    it('reports an entity importing another', async () => {
      for (const from of [`../${otherEntity}/thing`, `@/entities/${otherEntity}/thing.ts`]) {
        expect(await messages('src/entities/post/probe.ts', `export * from '${from}';\n`)).toContainEqual({
          ruleId: 'import-x/no-restricted-paths',
          message: expect.stringContaining('Entities do not import each other'),
        });
      }
    });
  });
});
