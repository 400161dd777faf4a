import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_ERROR, API_ERROR_STATUS, OAUTH_ERROR, type ApiErrorCode } from '@contract/errors';
import { ApiFailure, ComposedRefusal, OAuthFailure } from '../lib/errors';
import { MSG } from '../lib/messages';
import { UNROUTED_SECURITY_HEADERS } from './security-headers';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Errors of this route answer `{ error, error_description }` (RFC 6749 section 5.2), not `{ code, msg }`. */
    oauthErrors?: boolean;
  }
}

/** RFC 6750 section 3: every 401 names the scheme to use; a failure that did not choose one gets this. */
const DEFAULT_BEARER_CHALLENGE = 'Bearer realm="chain-bill", error="invalid_token"';

interface Answer {
  status: number;
  body: Record<string, string>;
  headers: Record<string, string>;
}

/** The framework's statuses this handler recognises; what each answers is the code's own status. */
const HTTP = {
  unauthorized: 401,
  notFound: 404,
  payloadTooLarge: 413,
  unsupportedMedia: 415,
  rangeNotSatisfiable: 416,
  internal: 500,
} as const;

const apiAnswer = (code: ApiErrorCode, msg: string, headers: Record<string, string> = {}): Answer => ({
  status: API_ERROR_STATUS[code],
  body: { code, msg },
  headers,
});

const statusOf = (error: unknown): number | undefined => {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? status : undefined;
};

/** One of Ajv's errors, as Fastify attaches them to a validation failure. */
interface SchemaIssue {
  keyword: string;
  instancePath: string;
  params: { additionalProperty?: string; type?: string };
}

/** The JSON types a schema names, as a message says them. */
const JSON_TYPE_NAME: Record<string, string> = {
  string: '字符串',
  number: '数字',
  integer: '整数',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
  null: '空值',
};

/** A request its schema refuses: an unknown field and a wrong JSON type are named, the rest said generally. */
function validationAnswer(issue: SchemaIssue | undefined): Answer {
  const path = (issue?.instancePath ?? '').split('/').filter(Boolean);
  if (issue?.keyword === 'additionalProperties' && issue.params.additionalProperty !== undefined)
    return apiAnswer(
      API_ERROR.unknownField,
      MSG.unknownField([...path, issue.params.additionalProperty].join('.')),
    );
  if (issue?.keyword === 'type' && path.length > 0 && issue.params.type !== undefined) {
    const expected = issue.params.type.split(',').map((type) => JSON_TYPE_NAME[type] ?? type);
    return apiAnswer(API_ERROR.fieldTypeInvalid, MSG.fieldType(path.join('.'), expected.join('或')));
  }
  return apiAnswer(API_ERROR.badRequest, MSG.badRequest);
}

/** Framework errors (validation, body parsing, limits) mapped to the contract's codes; never their messages. */
function frameworkAnswer(error: unknown): Answer | null {
  const status = statusOf(error);
  const { validation } = error as { validation?: SchemaIssue[] };
  if (validation) return validationAnswer(validation[0]);
  if (status === HTTP.payloadTooLarge) return apiAnswer(API_ERROR.payloadTooLarge, MSG.payloadTooLarge);
  if (status === HTTP.unsupportedMedia)
    return apiAnswer(API_ERROR.unsupportedMediaType, MSG.unsupportedMediaType);
  if (status === HTTP.notFound) return apiAnswer(API_ERROR.notFound, MSG.notFound);
  // A static file's Range past its end: RFC 9110 section 15.5.17, with the `bytes */<size>` it names.
  if (status === HTTP.rangeNotSatisfiable) {
    const range = (error as { headers?: Record<string, unknown> }).headers?.['Content-Range'];
    return apiAnswer(API_ERROR.rangeNotSatisfiable, MSG.rangeNotSatisfiable, {
      ...(typeof range === 'string' ? { 'Content-Range': range } : {}),
    });
  }
  // Malformed JSON, empty JSON body, bad Content-Length and the like: the client's fault, described generically.
  if (status !== undefined && status >= 400 && status < 500)
    return apiAnswer(API_ERROR.badRequest, MSG.badRequest);
  return null;
}

/**
 * PostgreSQL's SQLSTATE for text it cannot hold: a NUL character (`%00` in a path, `\u0000` in JSON), which
 * no valid value carries. Only the request can have brought it, so it is the request's fault; the statement
 * failed whole and its transaction was rolled back. (SQLite stores such text, and finds nothing by it.)
 */
const TEXT_NOT_STORABLE = '22021';

function databaseAnswer(error: unknown): Answer | null {
  return (error as { code?: unknown } | null)?.code === TEXT_NOT_STORABLE
    ? apiAnswer(API_ERROR.badRequest, MSG.badRequest)
    : null;
}

/** The OAuth shape for the token endpoint: a form it cannot parse is invalid_request (RFC 6749 section 5.2). */
function asOAuth(answer: Answer): Answer {
  if (answer.status >= HTTP.internal) {
    return { ...answer, body: { error: OAUTH_ERROR.serverError, error_description: MSG.internal } };
  }
  const status =
    answer.status === HTTP.payloadTooLarge ? answer.status : API_ERROR_STATUS[API_ERROR.badRequest];
  return {
    status,
    body: { error: OAUTH_ERROR.invalidRequest, error_description: answer.body.msg ?? MSG.badRequest },
    headers: answer.headers,
  };
}

function send(reply: FastifyReply, answer: Answer): void {
  // Pre-serialised so no route's response schema can turn an error answer into a serialisation failure.
  reply
    .code(answer.status)
    .headers(answer.headers)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(answer.body));
}

/** The answer to an error that is not OAuth's: refusals logged as such, anything unexpected as an error. */
function answerTo(error: unknown, request: FastifyRequest): Answer {
  const answer =
    error instanceof ApiFailure
      ? apiAnswer(error.code, error.msg, error.headers)
      : error instanceof ComposedRefusal
        ? { status: error.status, body: error.body, headers: {} }
        : (frameworkAnswer(error) ?? databaseAnswer(error));
  if (answer) {
    request.log.info({ status: answer.status, errorCode: answer.body.code }, 'request refused');
    return answer;
  }
  request.log.error({ err: error }, 'unhandled error');
  return apiAnswer(API_ERROR.internal, MSG.internal);
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot decode, or a path parameter over its length limit,
 * is refused before any route or hook runs and would otherwise be answered in Fastify's own shape.
 */
export function answerUnroutable(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const answer = answerTo(error, request);
  send(reply, { ...answer, headers: { ...UNROUTED_SECURITY_HEADERS, ...answer.headers } });
}

export function setupErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof OAuthFailure) {
      const challenge: Record<string, string> =
        error.status === HTTP.unauthorized &&
        !Object.keys(error.headers).some((h) => h.toLowerCase() === 'www-authenticate')
          ? { 'WWW-Authenticate': DEFAULT_BEARER_CHALLENGE }
          : {};
      send(reply, {
        status: error.status,
        body: { error: error.error, error_description: error.description },
        headers: { ...error.headers, ...challenge },
      });
      return;
    }
    const answer = answerTo(error, request);
    send(reply, request.routeOptions?.config?.oauthErrors ? asOAuth(answer) : answer);
  });

  app.setNotFoundHandler((_request, reply) => {
    send(reply, apiAnswer(API_ERROR.notFound, MSG.notFound));
  });
}
