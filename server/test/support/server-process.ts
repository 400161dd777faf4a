import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const MAIN = path.join(REPO_ROOT, 'server/src/main.ts');
const HEALTH_POLL_MS = 100;

/** A port the OS just handed out and released: free unless something grabs it in between. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The real server (`src/main.ts` through tsx) as a child process on its own port and data folder. */
export class ServerProcess {
  private child: ChildProcess | null = null;
  private output = '';

  constructor(
    readonly dataDir: string,
    readonly port: number,
    /** Settings of its own (DATABASE_URL, FILE_STORE, ...), over the defaults below. */
    private readonly env: Record<string, string> = {},
  ) {}

  /** The last few thousand characters the process wrote to stdout and stderr. */
  get recentOutput(): string {
    return this.output;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the server and resolves once `/api/health` answers 200 (migrated and seeded). */
  async start(timeoutMs: number): Promise<void> {
    this.output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        DATA_DIR: this.dataDir,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        WEB_ROOT: 'off',
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'on',
        SANDBOX: 'on',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-4000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${this.output}`);
      const healthy = await fetch(`${this.baseUrl}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) return;
      await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
    }
    this.killNow();
    throw new Error(`server not healthy within ${timeoutMs} ms: ${this.output}`);
  }

  /** SIGKILL: no shutdown hook runs, as in a power cut or an OOM kill. Resolves when the process is gone. */
  crash(): Promise<void> {
    return this.signal('SIGKILL');
  }

  /** SIGTERM: the server shuts down cleanly, as an operator stops it. Resolves when the process is gone. */
  stop(): Promise<void> {
    return this.signal('SIGTERM');
  }

  private async signal(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await exited;
    this.child = null;
  }

  /** For afterAll: never leaves a server behind, whatever state the test ended in. */
  killNow(): void {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null)
      this.child.kill('SIGKILL');
    this.child = null;
  }
}
