import type { TestProject } from 'vitest/node';
import { ensureDatabaseTemplate } from './database-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  project.provide('databaseTemplate', await ensureDatabaseTemplate());
}
