import path from 'node:path';

export const projectRoot = path.resolve(import.meta.dirname, '..');
export const migrationsDir = path.join(projectRoot, 'supabase/migrations');
export const distDir = path.join(projectRoot, 'dist');
export const resultsFile = path.join(projectRoot, 'bench-results/latest.json');
