import type { Catalog } from './catalog.ts';

/** A small OpenAPI 2.0 description of the exposed tables, served at the REST root like PostgREST's. */
export function openApiDocument(catalog: Catalog): Record<string, unknown> {
  const paths: Record<string, object> = { '/': {} };
  const definitions: Record<string, object> = {};
  for (const table of catalog.values()) {
    paths[`/${table.name}`] = {};
    definitions[table.name] = {
      type: 'object',
      required: table.primaryKey,
      properties: Object.fromEntries(
        [...table.columns.values()].map((column) => [column.name, { format: column.type }]),
      ),
    };
  }
  return {
    swagger: '2.0',
    info: { title: 'Embedded PostgREST-compatible API', version: '12' },
    consumes: ['application/json'],
    produces: ['application/json', 'application/vnd.pgrst.object+json'],
    paths,
    definitions,
  };
}
