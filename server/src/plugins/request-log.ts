import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One line per request, written when the answer has gone: the request (method, the URL with its secrets
 * redacted, host, client address), the status and the time taken. Fastify's default writes two lines per
 * request (`incoming request`, then `request completed`), each passing the whole redaction list: after the
 * database and the security headers, the largest cost left on the hot API paths. Every other line Fastify
 * writes (errors, 404s, stream failures) stays as it was.
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
    else reply.log.info(entry, 'request completed');
  }
}
