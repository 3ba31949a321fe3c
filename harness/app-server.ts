import { mkdtemp, rm } from 'node:fs/promises';
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

  static async start(env: Record<string, string> = {}): Promise<AppServer> {
    const server = new AppServer(await freePort(), await mkdtemp(path.join(tmpdir(), 'e2e-data-')), env);
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
