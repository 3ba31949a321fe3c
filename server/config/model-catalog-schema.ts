import { z } from 'zod';
import { aiEngines, openAiCompatibleEngine, type ModelCatalog } from '../../shared/model-catalog.ts';

const catalogModelSchema = z.object({
  id: z.string().trim().min(1),
  label: z.string().trim().min(1),
  engine: z.enum(['groq', 'anthropic', 'openai-compatible']),
  reasoning: z.boolean(),
  hideReasoning: z
    .union([
      z.object({ reasoning_format: z.literal('hidden') }),
      z.object({ include_reasoning: z.literal(false) }),
    ])
    .optional(),
});

const engineSchema = z.object({
  label: z.string().trim().min(1),
  description: z.string(),
  models: z.array(catalogModelSchema).min(1, 'every engine needs at least one model'),
});

/**
 * The OpenAI-compatible engine may be left out, or listed without models: its models are then read
 * from the endpoint's GET /models (docs/decisions/030).
 */
const compatibleEngineSchema = engineSchema
  .extend({ models: z.array(catalogModelSchema) })
  .default(openAiCompatibleEngine());

/** The shape of shared/model-catalog.ts, for a MODEL_CATALOG_FILE override. */
export const modelCatalogSchema = z
  .object({
    engines: z.object({
      groq: engineSchema,
      anthropic: engineSchema,
      'openai-compatible': compatibleEngineSchema,
    }),
    retired: z.record(z.string(), z.string()).default({}),
  })
  .superRefine((catalog, context) => {
    const ids = new Set<string>();
    for (const engine of aiEngines) {
      catalog.engines[engine].models.forEach((model, index) => {
        const path = ['engines', engine, 'models', index];
        if (model.engine !== engine)
          context.addIssue({ code: 'custom', path: [...path, 'engine'], message: `must be "${engine}"` });
        if (ids.has(model.id))
          context.addIssue({
            code: 'custom',
            path: [...path, 'id'],
            message: `"${model.id}" is listed twice`,
          });
        ids.add(model.id);
      });
    }
    for (const [retired, successor] of Object.entries(catalog.retired)) {
      if (!ids.has(successor))
        context.addIssue({
          code: 'custom',
          path: ['retired', retired],
          message: `successor "${successor}" is not a model of the catalog`,
        });
      if (ids.has(retired))
        context.addIssue({
          code: 'custom',
          path: ['retired', retired],
          message: 'a current model cannot also be retired',
        });
    }
  }) satisfies z.ZodType<ModelCatalog, unknown>;
