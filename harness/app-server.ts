import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

/**
 * The app as `npm start` runs it (server/main.ts, serving the built dist/), on its own data dir and
 * a fixed port so it can be stopped and started again mid-test.
 */
export class AppServer {
  private process: ServerProcess | null = null;

  private constructor(
    readonly port: number,
    readonly dataDir: string,
    private readonly env: Record<string, string>,
  ) {}

  /**
   * `from`: a data dir left by an earlier server that was stopped cleanly (its database created
   * and migrated). The new server starts on a copy of it, as `npm start` does on every start after
   * the first, which skips initdb and the migrations. `cp -a` keeps the owner of the database's
   * files (as root they belong to the database's own account).
   */
  static async start(env: Record<string, string> = {}, from?: string): Promise<AppServer> {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'e2e-data-'));
    if (from) await promisify(execFile)('cp', ['-a', `${from}/.`, dataDir]);
    const server = new AppServer(await freePort(), dataDir, env);
    await server.restart();
    return server;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async restart(): Promise<void> {
    await this.stop();
    this.process = await startServerProcess({ ...this.env, PORT: String(this.port), DATA_DIR: this.dataDir });
  }

  async stop(): Promise<void> {
    if (!this.process) return;
    const { child, exited } = this.process;
    this.process = null;
    child.kill('SIGTERM');
    await exited;
  }

  async dispose(): Promise<void> {
    await this.stop();
    await rm(this.dataDir, { recursive: true, force: true });
  }
}
