import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { CaptchaCheckResponse } from '@contract/captcha-schemas';
import { CAPTCHA_REQUEST_CODE, CAPTCHA_REQUEST_NAME, captchaRequestMessage } from './constants';

interface SchemaIssue {
  keyword: string;
  instancePath: string;
  params: { missingProperty?: string; limit?: number };
}

/** Fastify's codes for a JSON body that is empty, or not JSON at all. */
const EMPTY_BODY = 'FST_ERR_CTP_EMPTY_JSON_BODY';
const UNREADABLE_BODY = 'FST_ERR_CTP_INVALID_JSON_BODY';

const missing = (field: string): CaptchaCheckResponse => ({
  repCode: CAPTCHA_REQUEST_CODE.missing,
  repMsg: captchaRequestMessage.missing(field),
  repData: null,
});
const malformed = (field: string): CaptchaCheckResponse => ({
  repCode: CAPTCHA_REQUEST_CODE.malformed,
  repMsg: captchaRequestMessage.malformed(field),
  repData: null,
});

/** AJ-Captcha's answer to a request whose fields are missing or malformed; null for any other error. */
function answerFor(error: FastifyError, request: FastifyRequest): CaptchaCheckResponse | null {
  if (error.code === EMPTY_BODY) return missing(CAPTCHA_REQUEST_NAME);
  if (error.code === UNREADABLE_BODY) return malformed(CAPTCHA_REQUEST_NAME);
  const [issue] = (error.validation ?? []) as SchemaIssue[];
  if (!issue) return null;
  if (error.validationContext === 'body' && (request.body === undefined || request.body === null)) {
    return missing(CAPTCHA_REQUEST_NAME);
  }
  if (issue.keyword === 'required' && issue.params.missingProperty)
    return missing(issue.params.missingProperty);
  const field = issue.instancePath.split('/')[1] || CAPTCHA_REQUEST_NAME;
  // AJ-Captcha counts an empty string as missing ("token不能为空").
  if (issue.keyword === 'minLength' && issue.params.limit === 1) return missing(field);
  return malformed(field);
}

/**
 * The captcha routes' error handler: a missing or malformed field is answered 400 in AJ-Captcha's envelope
 * (`repCode`, `repMsg`, `repData: null`), the shape its clients read, instead of `{ code, msg }`. Anything
 * else (a body too large, a content type it does not take, a failure) goes on to the app's handler.
 */
export function answerBadCaptchaRequest(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const answer = answerFor(error, request);
  if (!answer) throw error;
  request.log.info({ status: 400, repCode: answer.repCode }, 'request refused');
  return reply.code(400).header('Cache-Control', 'no-store').send(answer);
}
