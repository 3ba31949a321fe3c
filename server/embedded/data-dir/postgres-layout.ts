import path from 'node:path';

/** Where the database server's files live in DATA_DIR. */
export interface PostgresLayout {
  /** The PostgreSQL 17 cluster (owned by the server's account, mode 0700). */
  pgdata: string;
  /** Its private Unix socket folder. */
  socketDir: string;
  /** The server binaries copied where an unprivileged account can read them (Node as root only). */
  runtimeDir: string;
  /** The cluster superuser's password (owner-only). */
  passwordFile: string;
  /** The database of releases before PostgreSQL 17 (PGlite), until it has been imported. */
  legacyPgdata: string;
}

export function postgresLayout(dataDir: string): PostgresLayout {
  return {
    pgdata: path.join(dataDir, 'postgres'),
    socketDir: path.join(dataDir, 'postgres-socket'),
    runtimeDir: path.join(dataDir, 'postgres-runtime'),
    passwordFile: path.join(dataDir, 'postgres-password'),
    legacyPgdata: path.join(dataDir, 'pgdata'),
  };
}

/** Folders the server's own account owns or reads: the owner-only sweep leaves them alone. */
export const serverOwnedNames = [
  'postgres',
  'postgres-socket',
  'postgres-runtime',
  'postgres.initdb-partial',
];
