import path from 'node:path';

/** The repository's root folder. */
export const projectRoot = path.resolve(import.meta.dirname, '..');
