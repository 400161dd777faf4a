import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';

/** Per app: its logger without the redaction list, for the request line only (see below). */
const requestLoggers = new WeakMap<FastifyBaseLogger, FastifyBaseLogger>();

function requestLoggerOf(request: FastifyRequest): FastifyBaseLogger {
  const root = request.server.log;
  let logger = requestLoggers.get(root);
  if (!logger) {
    logger = root.child({}, { redact: [] });
    requestLoggers.set(root, logger);
  }
  return logger;
}

/**
 * One line per request, written when the answer has gone: the request (method, the URL with its secrets
 * redacted, host, client address), the status and the time taken. Fastify's default writes two lines per
 * request (`incoming request`, then `request completed`), each passing the whole redaction list: after the
 * database and the security headers, the largest cost left on the hot API paths. The line is made only of
 * what the `req` serialiser picks (app.ts: never a header or a body) and the status, so it is written
 * without the redaction list; every other line, errors included, keeps it.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const responseTime = reply.elapsedTime;
    if (error) reply.log.error({ req: request, res: reply, responseTime, err: error }, 'request errored');
    else
      requestLoggerOf(request).info(
        { reqId: request.id, req: request, res: reply, responseTime },
        'request completed',
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
