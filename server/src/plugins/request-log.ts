import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import os from 'node:os';
import pino, { type Logger } from 'pino';
import { logTime } from '../lib/log-output';

/** What a log line says of a request: never a header or a body. */
export const requestFields = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

/** Invitation codes are credentials that travel in the path; request logs keep the route, not the code. */
const SECRET_IN_PATH = /^(\/api\/(?:invitation\/detail|account\/invitation)\/[^/?]+\/)[^/?]+/;
// Every request line passes here; most URLs cannot hold a code, and skip the pattern.
export const redactUrl = (url: string): string =>
  url.startsWith('/api/invitation/') || url.startsWith('/api/account/invitation/')
    ? url.replace(SECRET_IN_PATH, '$1[REDACTED]')
    : url;

/** The fields pino starts every line with after the time (its default, set explicitly for the request line). */
export const LOG_BASE = { pid: process.pid, hostname: os.hostname() };
const INFO_LINE_START = `{"level":${pino.levels.values.info}`;
const BASE_FIELDS = `,${JSON.stringify(LOG_BASE).slice(1, -1)}`;

/**
 * One line per request, written when the answer has gone: the request (method, the URL with its secrets
 * redacted, host, client address), the status and the time taken. Fastify's default writes two lines per
 * request (`incoming request`, then `request completed`), each passing the whole redaction list. This line
 * holds only `requestFields` and the status, so it needs no redaction, and it is put together here, in the
 * shape pino gives every other line (`level`, `time`, pid and hostname, then the fields, then `msg`):
 * through pino, its serialisers and its field-by-field JSON it took 6% of a small answer's CPU. Every
 * other line, errors included, goes through pino and its redaction list.
 */
export class OneLinePerRequest extends LogController {
  /** `stream`: where the app's logger writes (none when it writes nothing). */
  constructor(private readonly stream: { write(line: string): void } | undefined) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const responseTime = reply.elapsedTime;
    if (error) {
      reply.log.error({ req: request, res: reply, responseTime, err: error }, 'request errored');
      return;
    }
    const root = request.server.log;
    if (!this.stream || !(root as unknown as Logger).isLevelEnabled('info')) return;
    this.stream.write(
      `${INFO_LINE_START}${logTime()}${BASE_FIELDS},"reqId":${JSON.stringify(request.id)},"req":${JSON.stringify(
        requestFields(request),
      )},"res":{"statusCode":${reply.statusCode}},"responseTime":${responseTime},"msg":"request completed"}\n`,
    );
  }
}

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * The logger of one request. Pino's child logger (the request id as a binding) is made when the request
 * writes a line of its own, an error or a security event, not for every request: making it passes the
 * bindings through the whole redaction list, 3% of a hot route's CPU, and most requests write only the
 * request line, which carries its id itself (OneLinePerRequest).
 */
class RequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): string {
    return this.made?.level ?? this.options?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  private write(level: Level, args: unknown[]): void {
    (this.logger[level] as (...line: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger, its pino child made on first use. */
export const requestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => new RequestLogger(logger, bindings, options);
