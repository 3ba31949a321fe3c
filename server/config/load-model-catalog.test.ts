import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultModelCatalog } from '../../shared/model-catalog.ts';
import { loadModelCatalog } from './load-model-catalog.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'catalog-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function file(name: string, content: unknown): Promise<string> {
  const target = path.join(dir, name);
  await writeFile(target, typeof content === 'string' ? content : JSON.stringify(content));
  return target;
}

describe('loadModelCatalog (MODEL_CATALOG_FILE)', () => {
  it('uses the built-in catalog when no file is set', async () => {
    expect(await loadModelCatalog(undefined)).toBe(defaultModelCatalog);
  });

  it('loads a valid override', async () => {
    const override = {
      engines: {
        groq: {
          ...defaultModelCatalog.engines.groq,
          models: [{ id: 'new/model', label: 'New', engine: 'groq', reasoning: false }],
        },
        anthropic: defaultModelCatalog.engines.anthropic,
      },
      retired: { 'openai/gpt-oss-120b': 'new/model' },
    };
    // Left out, the OpenAI-compatible engine is there without models (they are read from its server).
    expect(await loadModelCatalog(await file('ok.json', override))).toEqual({
      ...override,
      engines: { ...override.engines, 'openai-compatible': defaultModelCatalog.engines['openai-compatible'] },
    });
  });

  it('takes the OpenAI-compatible models a file lists, labels included', async () => {
    const listed = {
      ...defaultModelCatalog,
      engines: {
        ...defaultModelCatalog.engines,
        'openai-compatible': {
          label: 'Ollama',
          description: 'On this machine',
          models: [
            { id: 'llama3.2:3b', label: 'Llama 3.2 3B', engine: 'openai-compatible', reasoning: false },
          ],
        },
      },
    };
    expect(await loadModelCatalog(await file('listed.json', listed))).toEqual(listed);
  });

  it('accepts the built-in catalog as a file', async () => {
    expect(await loadModelCatalog(await file('default.json', defaultModelCatalog))).toEqual(
      defaultModelCatalog,
    );
  });

  it('names each problem of an invalid catalog', async () => {
    const broken = {
      engines: {
        groq: {
          ...defaultModelCatalog.engines.groq,
          models: [{ id: 'x', label: 'X', engine: 'anthropic', reasoning: false }],
        },
        anthropic: { ...defaultModelCatalog.engines.anthropic, models: [] },
      },
      retired: { old: 'missing' },
    };
    const target = await file('broken.json', broken);
    await expect(loadModelCatalog(target)).rejects.toThrow(
      `MODEL_CATALOG_FILE ${target} is not a valid model catalog`,
    );
    await expect(loadModelCatalog(target)).rejects.toThrow(
      'engines.anthropic.models: every engine needs at least one model',
    );
    const engineMismatch = {
      ...broken,
      engines: { ...broken.engines, anthropic: defaultModelCatalog.engines.anthropic },
    };
    const second = await file('engine.json', engineMismatch);
    await expect(loadModelCatalog(second)).rejects.toThrow('engines.groq.models.0.engine: must be "groq"');
    await expect(loadModelCatalog(second)).rejects.toThrow(
      'retired.old: successor "missing" is not a model of the catalog',
    );
  });

  it('explains a file that is missing or not JSON', async () => {
    await expect(loadModelCatalog(path.join(dir, 'nope.json'))).rejects.toThrow(
      /could not be read as JSON: ENOENT/,
    );
    await expect(loadModelCatalog(await file('bad.json', '{ nope'))).rejects.toThrow(
      /could not be read as JSON/,
    );
  });
});
