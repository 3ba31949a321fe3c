import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/database-template.ts';

// Each probe breaks one architecture rule of eslint.config.js and must be reported by that rule;
// a rule that quietly stops holding (a pattern that never matches, a later block replacing its
// options) fails here. The control probes are legal and must pass.
const eslint = new ESLint({ cwd: projectRoot });

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(projectRoot, filePath) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const probes: { rule: string; file: string; code: string; why: string }[] = [
  {
    why: 'a feature importing a sibling by relative path',
    rule: 'import-x/no-restricted-paths',
    file: 'src/features/posts/probe.ts',
    code: "export { useIdeasStore } from '../ideas/ideas-store';\n",
  },
  {
    why: 'a feature importing a sibling through the alias',
    rule: 'import-x/no-restricted-paths',
    file: 'src/features/calendar/components/probe.tsx',
    code: "export { useIdeasStore } from '@/features/ideas/ideas-store';\n",
  },
  {
    why: 'a feature importing the app',
    rule: 'import-x/no-restricted-paths',
    file: 'src/features/chat/probe.ts',
    code: "export { App } from '@/app/app';\n",
  },
  {
    why: 'shared UI importing a feature',
    rule: 'import-x/no-restricted-paths',
    file: 'src/components/ui/probe.tsx',
    code: "export { usePostsStore } from '../../features/posts/posts-store';\n",
  },
  {
    why: 'lib importing the app',
    rule: 'import-x/no-restricted-paths',
    file: 'src/lib/format/probe.ts',
    code: "export { App } from '@/app/app';\n",
  },
  {
    why: 'config importing a feature',
    rule: 'import-x/no-restricted-paths',
    file: 'src/config/probe.ts',
    code: "export { useIdeasStore } from '@/features/ideas/ideas-store';\n",
  },
  {
    why: 'the post layer importing a feature',
    rule: 'import-x/no-restricted-paths',
    file: 'src/entities/post/api/probe.ts',
    code: "export { useIdeasStore } from '@/features/ideas/ideas-store';\n",
  },
  {
    why: 'the post layer importing the app by relative path',
    rule: 'import-x/no-restricted-paths',
    file: 'src/entities/post/probe.ts',
    code: "export { App } from '../../app/app';\n",
  },
  {
    why: 'lib importing the post layer',
    rule: 'import-x/no-restricted-paths',
    file: 'src/lib/format/probe.ts',
    code: "export { checkPost } from '@/entities/post/check/check-post';\n",
  },
  {
    why: 'shared UI importing the post layer',
    rule: 'import-x/no-restricted-paths',
    file: 'src/components/ui/probe.tsx',
    code: "export { PostImage } from '../../entities/post/image/ui/post-image';\n",
  },
  {
    why: 'a feature missing from a hand-written list (ai-service) importing a sibling',
    rule: 'import-x/no-restricted-paths',
    file: 'src/features/ai-service/probe.ts',
    code: "export { useIdeasStore } from '@/features/ideas/ideas-store';\n",
  },
  {
    why: 'shared code importing the browser app',
    rule: 'import-x/no-restricted-paths',
    file: 'shared/probe.ts',
    code: "export { paths } from '../src/config/paths.ts';\n",
  },
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
  {
    why: 'a benchmark importing a test helper instead of the harness',
    rule: 'import-x/no-restricted-paths',
    file: 'bench/probe.ts',
    code: "export { startTestServer } from '../tests/helpers/test-server.ts';\n",
  },
  {
    why: 'the harness importing the tests',
    rule: 'import-x/no-restricted-paths',
    file: 'harness/probe.ts',
    code: "export { waitFor } from '../tests/helpers/wait-for.ts';\n",
  },
];

describe('architecture lint rules', () => {
  it.each(probes)('reports $why ($rule)', async ({ rule, file, code }) => {
    expect(await ruleIds(file, code)).toContain(rule);
  });

  it.each([
    { file: 'src/features/posts/probe.ts', code: "export { formatDate } from '@/lib/format/probe-free';\n" },
    { file: 'src/app/probe.tsx', code: "export { usePostsStore } from '@/features/posts/posts-store';\n" },
    {
      file: 'src/features/posts/probe.ts',
      code: "export { checkPost } from '@/entities/post/check/check-post';\n",
    },
    { file: 'src/entities/post/probe.ts', code: "export { Button } from '@/components/ui/button';\n" },
    { file: 'src/lib/supabase/probe.ts', code: "export { createClient } from '@supabase/supabase-js';\n" },
  ])('lets $file import what its layer may', async ({ file, code }) => {
    const ids = await ruleIds(file, code);
    expect(
      ids.filter((id) => id.startsWith('import-x/no-restricted') || id === 'no-restricted-imports'),
    ).toEqual([]);
  });

  describe('import cycles', () => {
    let dir: string;
    beforeAll(async () => {
      // Cycles are found through real files, so the probe pair is written for the time of the test.
      dir = await mkdtemp(path.join(projectRoot, 'src/lib/lint-probe-'));
      await writeFile(
        path.join(dir, 'first.ts'),
        "import { second } from './second';\nexport const first = () => second();\n",
      );
      await writeFile(
        path.join(dir, 'second.ts'),
        "import { first } from './first';\nexport const second = () => first;\n",
      );
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it('reports two modules importing each other (import-x/no-cycle)', async () => {
      const [result] = await eslint.lintFiles([path.join(dir, 'first.ts')]);
      expect(result?.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
    });
  });
});
