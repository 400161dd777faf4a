import { errorCodes, type FastifyInstance, type preValidationHookHandler } from 'fastify';
import { API_ERROR } from '@contract/errors';
import { fail } from '../lib/errors';
import { JSON_MAX_DEPTH, textNestsDeeper } from '../lib/json-depth';
import { MSG } from '../lib/messages';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads its body itself, without a body schema (a provider's signed callback). */
    rawBody?: boolean;
  }
}

const METHODS_WITHOUT_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `{}` is what a client library sends for "nothing": it carries no input, so it is no body. */
const isEmptyObject = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0;

const refuseBody: preValidationHookHandler = (request, _reply, done) => {
  if (request.body === undefined || request.body === null || isEmptyObject(request.body)) return done();
  done(fail(API_ERROR.badRequest, MSG.badRequest));
};

/**
 * What a body may be, for every route: JSON nested at most JSON_MAX_DEPTH deep (judged on the text before
 * it is parsed, so nothing downstream walks a deeper one), and none at all for a route that declares no body
 * schema, no file upload and no raw body: input no schema checked is never read. Call before any route.
 */
export function setupBodyRules(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // Refused as Fastify refuses text that is not JSON: every error handler already answers that one.
    if (textNestsDeeper(body as string, JSON_MAX_DEPTH)) {
      done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });

  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.every((method) => METHODS_WITHOUT_BODY.has(method))) return;
    if (route.schema?.body || route.config?.fileUpload || route.config?.rawBody) return;
    if (route.websocket) return;
    const own =
      route.preValidation === undefined
        ? []
        : Array.isArray(route.preValidation)
          ? route.preValidation
          : [route.preValidation];
    route.preValidation = [refuseBody, ...own];
  });
}
