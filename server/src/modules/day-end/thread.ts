import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { TransactionRetryReason } from '../../db/retry';
import type { Realtime } from '../../lib/realtime-hub';
import { DayEndStopped, type DayEndStep } from './step';
import { DAY_END_STEPS } from './steps';

/** What the thread is given when it starts: the SQLite database's folder (the same file as the server's). */
export interface DayEndThreadData {
  dataDir: string;
}

/** One step of a run, as the thread runs it: the run and lease it is fenced by, where it resumes, its moment. */
export interface DayEndStepRequest {
  type: 'step';
  runId: string;
  attempt: number;
  businessDate: string;
  step: string;
  cursor: string | null;
  /** The server's clock when the step starts: the moment of the rows it writes. */
  now: number;
  leaseMs: number;
}

export type ToDayEndThread = DayEndStepRequest | { type: 'stop' } | { type: 'close' };

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

export type FromDayEndThread =
  | { type: 'realtime'; serialised: string }
  | { type: 'log'; level: LogLevel; bindings: object; args: unknown[] }
  | { type: 'retried'; reason: TransactionRetryReason }
  | { type: 'done' }
  | { type: 'stopped' }
  | { type: 'failed'; message: string; stack: string | undefined };

export interface DayEndThreadDeps {
  dataDir: string;
  log: FastifyBaseLogger;
  realtime: Realtime;
  transactionRetried(reason: TransactionRetryReason): void;
  /** Whether this node is stopping: the thread is told, and stops at its next batch as the runner would. */
  stopping(): boolean;
}

/** How often a step under way on the thread looks whether this node is stopping. */
const STOPPING_POLL_MS = 50;

/**
 * The modules NODE_OPTIONS has every Node process of this environment preload (`--import`): a worker thread
 * does not run them, and the module hooks they register (a loader, instrumentation) apply to their own thread
 * only, so the thread imports them itself before its entry.
 */
function preloadedModules(): string[] {
  // Node's own options for every process it starts, not a setting of the server (config.ts).
  // eslint-disable-next-line no-restricted-properties
  const flags = (process.env.NODE_OPTIONS ?? '').split(/\s+/).filter(Boolean);
  const found: string[] = [];
  for (let i = 0; i < flags.length; i++) {
    const flag = flags[i]!;
    if (flag.startsWith('--import=')) found.push(flag.slice('--import='.length));
    else if (flag === '--import' && i + 1 < flags.length) found.push(flags[++i]!);
  }
  return found;
}

/**
 * The thread's entry: a bundle of its own beside the server's in a build (scripts/build-server.mjs); in the
 * sources (tests, the bench, `npm run dev`), the module beside this one, loaded through tsx's loader, which a
 * worker thread registers for itself. The environment's preloaded modules come first.
 */
function startThread(workerData: DayEndThreadData): Worker {
  const steps = preloadedModules().map((spec) => `() => import(${JSON.stringify(spec)})`);
  if (!import.meta.url.endsWith('.ts')) {
    steps.push(`() => import(${JSON.stringify(new URL('./day-end-thread.js', import.meta.url).href)})`);
  } else {
    const entry = JSON.stringify(new URL('./thread-worker.ts', import.meta.url).href);
    steps.push(`() => import('tsx/esm/api').then(({ register }) => register())`, `() => import(${entry})`);
  }
  const boot = `[${steps.join(', ')}].reduce((done, next) => done.then(next), Promise.resolve());`;
  return new Worker(boot, { eval: true, workerData });
}

/**
 * The day-end's steps on a thread of their own (SQLite, a database file): better-sqlite3 answers synchronously,
 * so a batch run on the event loop that answers requests held every request for as long as the batch took
 * (its statements and its commit's fsync). The thread opens its own connection to the same file; WAL lets
 * the server's reads go on beside its batches, and writes from both wait their turn for the file's lock
 * (BEGIN IMMEDIATE). The runner keeps the task queue on the event loop (the claim, the lease, each step's
 * start and end); the thread runs a step's batches, each recording its cursor and renewing the lease in its
 * own transaction, fenced by the lease's attempt as on the event loop. Its realtime events are published
 * here after the batch committed there; its log lines go to the server's logger.
 *
 * The thread builds no app: what modules register with one another on an app (lib/listeners.ts: contract
 * status, countersign failures, sign checks, a pledgee's proceeds, package companions) is not there. The
 * steps of DAY_END_STEPS reach none of them on SQLite (companions are PostgreSQL's, proceeds come with a
 * payment, contracts with a signature); a step that would must run on the event loop, out of `runs`.
 */
export class DayEndThread {
  private worker: Worker | null = null;
  private exited: Promise<void> | null = null;
  private pending: { resolve: () => void; reject: (error: Error) => void } | null = null;
  /** Steps this thread has finished since the server started. */
  stepsDone = 0;

  constructor(private readonly deps: DayEndThreadDeps) {}

  /** Whether `step` runs on the thread: the steps of DAY_END_STEPS, which the thread finds by name. */
  runs(step: DayEndStep): boolean {
    return DAY_END_STEPS.includes(step);
  }

  /**
   * Runs one step on the thread (started when needed); resolves when it is done, rejects with DayEndStopped
   * when it stopped for this node's shutdown or a lost lease, or with the step's error.
   */
  async run(request: Omit<DayEndStepRequest, 'type'>): Promise<void> {
    const worker = this.started();
    const finished = new Promise<void>((resolve, reject) => {
      this.pending = { resolve, reject };
    });
    worker.postMessage({ type: 'step', ...request } satisfies ToDayEndThread);
    let told = false;
    const poll = setInterval(() => {
      if (!told && this.deps.stopping()) {
        told = true;
        worker.postMessage({ type: 'stop' } satisfies ToDayEndThread);
      }
    }, STOPPING_POLL_MS);
    try {
      await finished;
      this.stepsDone += 1;
    } finally {
      clearInterval(poll);
      this.pending = null;
    }
  }

  /** Ends the thread (its connection closed first); the next step starts another. */
  async close(): Promise<void> {
    const { worker, exited } = this;
    if (!worker || !exited) return;
    worker.postMessage({ type: 'close' } satisfies ToDayEndThread);
    await exited;
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = startThread({ dataDir: this.deps.dataDir });
    worker.on('message', (message: FromDayEndThread) => this.received(message));
    worker.on('error', (error) => this.pending?.reject(error));
    this.exited = new Promise((resolve) => {
      worker.once('exit', (code) => {
        this.pending?.reject(new Error(`the day-end thread exited (code ${code}) in the middle of a step`));
        if (this.worker === worker) {
          this.worker = null;
          this.exited = null;
        }
        resolve();
      });
    });
    this.worker = worker;
    return worker;
  }

  private received(message: FromDayEndThread): void {
    switch (message.type) {
      case 'realtime':
        // Committed on the thread already: deliver it now.
        void this.deps.realtime.bus.send(message.serialised, undefined);
        return;
      case 'log': {
        const log =
          Object.keys(message.bindings).length > 0 ? this.deps.log.child(message.bindings) : this.deps.log;
        (log[message.level] as (...args: unknown[]) => void)(...message.args);
        return;
      }
      case 'retried':
        this.deps.transactionRetried(message.reason);
        return;
      case 'done':
        this.pending?.resolve();
        return;
      case 'stopped':
        this.pending?.reject(new DayEndStopped());
        return;
      case 'failed': {
        const error = new Error(message.message);
        if (message.stack) error.stack = message.stack;
        this.pending?.reject(error);
        return;
      }
    }
  }
}
