// Temporary: the database moved to database.ts; this path stays until every branch importing it is merged.
export type { Database, Transaction } from './database.ts';
