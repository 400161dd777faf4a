import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';

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
export const redactUrl = (url: string): string => url.replace(SECRET_IN_PATH, '$1[REDACTED]');

/**
 * One line per request, written when the answer has gone: the request (`requestFields`), the status and
 * the time taken. Fastify's own controller writes two, an `incoming request` line and a `request
 * completed` line without the request.
 *
 * The line goes through a child of the app's logger without the redaction list: it holds only the fields
 * above and the request id, none of which the list could match (an invitation code in the URL is taken
 * out by `redactUrl`), and pino's wildcard redaction cost more than writing the line. Every other line,
 * a failed request's included, passes the list.
 */
export class OneLinePerRequest extends LogController {
  private lines: FastifyBaseLogger | null = null;

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const responseTime = reply.elapsedTime;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime }, 'request errored');
      return;
    }
    this.lines ??= request.server.log.child({}, { redact: [] } as Parameters<FastifyBaseLogger['child']>[1]);
    this.lines.info({ reqId: request.id, req: request, res: reply, responseTime }, 'request completed');
  }
}
