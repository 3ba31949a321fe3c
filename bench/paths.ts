import path from 'node:path';
import { projectRoot } from '../harness/paths.ts';

export { projectRoot };
export const migrationsDir = path.join(projectRoot, 'supabase/migrations');
export const distDir = path.join(projectRoot, 'dist');
export const resultsFile = path.join(projectRoot, 'bench-results/latest.json');
