import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';

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
    const entry = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...entry, err: error }, 'request errored');
    else requestLoggerOf(request).info({ reqId: request.id, ...entry }, 'request completed');
  }
}
