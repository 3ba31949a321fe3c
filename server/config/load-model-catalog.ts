import { readFile } from 'node:fs/promises';
import { defaultModelCatalog, type ModelCatalog } from '../../shared/model-catalog.ts';
import { modelCatalogSchema } from './model-catalog-schema.ts';

/**
 * The catalog this server offers: the built-in one, or MODEL_CATALOG_FILE when set, so an operator
 * can follow a provider's model changes without a rebuild (docs/product.md §13). A bad file stops the start.
 */
export async function loadModelCatalog(file: string | undefined): Promise<ModelCatalog> {
  if (!file) return defaultModelCatalog;
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`MODEL_CATALOG_FILE ${file} could not be read as JSON: ${reason}`, { cause: error });
  }
  const result = modelCatalogSchema.safeParse(json);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
    throw new Error(`MODEL_CATALOG_FILE ${file} is not a valid model catalog:\n${lines.join('\n')}`);
  }
  return result.data;
}
