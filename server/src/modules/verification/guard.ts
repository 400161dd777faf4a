import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import { API_ERROR, OAUTH_ERROR } from '@contract/errors';
import {
  VERIFICATION_ERROR,
  VERIFICATION_HEADER,
  VERIFICATION_HTTP_STATUS,
  VERIFICATION_MESSAGE,
  type VerificationErrorCode,
} from '@contract/verification';
import { VerificationRefusal, type VerificationRefusal as Refusal } from '@contract/verification-schemas';
import { ComposedRefusal, OAuthFailure, fail } from '../../lib/errors';
import { MSG } from '../../lib/messages';
import { hooksOf, type RouteHook } from '../../lib/route-hooks';
import type { Db } from '../../db/database';
import { authOf } from '../../lib/auth';
import {
  mobileSubject,
  openChallenge,
  spendProof,
  userSubject,
  type OperationRef,
  type VerificationKind,
  type VerificationSubject,
} from './challenges';
import { DEFAULT_OPERATION_NAME } from './constants';
import { logVerificationEvent, VERIFICATION_EVENT } from './events';
import { operationHashOf } from './operation';
import { checkQrProof } from './qr-proof';
import { checkSmsProof } from './sms-codes';

/**
 * `qr-or-sms`: the QR confirmation of the licence holder where the organisation's electronic business licence is
 * bound, an SMS code where it is not (so an organisation that authenticated by bank transfer can still act).
 */
export type VerificationRuleKind = VerificationKind | 'qr-or-sms';

export interface VerificationRule {
  kind: VerificationRuleKind;
  /**
   * Chinese name of the operation, shown to the licence holder, named in the SMS text and written in logs;
   * a function describes this very request (what and how much), from what the route's own preHandlers found.
   */
  operation?: string | ((request: FastifyRequest) => string);
  /**
   * For routes before sign-in: the mobile that proves (e.g. the body's). Without it the route must
   * authenticate, and the signed-in member is the subject.
   */
  mobileOf?: (request: FastifyRequest) => string | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Marks the route sensitive: 'sms' answers 406 and 'qr' 412 until the request carries a proof for this
     * very operation. Enforced by one preHandler that runs after the route's own (authentication first).
     */
    verification?: VerificationRuleKind | VerificationRule;
  }
  interface FastifyInstance {
    /** Pending pushes (QR expiry); cleared when the app closes. */
    verificationTimers: Set<NodeJS.Timeout>;
  }
}

const headerOf = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' ? value.trim() : undefined;
};

const operationNameOf = (rule: VerificationRule, request: FastifyRequest): string =>
  (typeof rule.operation === 'function' ? rule.operation(request) : rule.operation) ?? DEFAULT_OPERATION_NAME;

const ruleOf = (value: VerificationRuleKind | VerificationRule | undefined): VerificationRule | undefined =>
  typeof value === 'string' ? { kind: value } : value;

async function subjectOf(request: FastifyRequest, rule: VerificationRule): Promise<VerificationSubject> {
  if (rule.mobileOf) {
    const mobile = rule.mobileOf(request);
    if (!mobile) throw fail(API_ERROR.badRequest, MSG.badRequest);
    return mobileSubject(mobile);
  }
  const { userId, orgId } = authOf(request);
  const user = await request.server.db
    .selectFrom('users')
    .select('mobile')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new OAuthFailure(401, OAUTH_ERROR.invalidToken, MSG.invalidToken);
  return userSubject(userId, orgId, user.mobile);
}

/** The answers of the guard: status, code and message go together. */
const REFUSAL = {
  smsRequired: { kind: 'sms', code: VERIFICATION_ERROR.smsRequired, msg: VERIFICATION_MESSAGE.smsRequired },
  smsCodeInvalid: {
    kind: 'sms',
    code: VERIFICATION_ERROR.smsCodeInvalid,
    msg: VERIFICATION_MESSAGE.smsCodeInvalid,
  },
  qrRequired: { kind: 'qr', code: VERIFICATION_ERROR.qrRequired, msg: VERIFICATION_MESSAGE.qrRequired },
  qrInvalid: { kind: 'qr', code: VERIFICATION_ERROR.qrInvalid, msg: VERIFICATION_MESSAGE.qrInvalid },
  licenceUnbound: {
    kind: 'qr',
    code: VERIFICATION_ERROR.licenceUnbound,
    msg: VERIFICATION_MESSAGE.licenceUnbound,
  },
} as const satisfies Record<string, { kind: VerificationKind; code: VerificationErrorCode; msg: string }>;

function refusalOf(
  request: FastifyRequest,
  refusal: keyof typeof REFUSAL,
  challengeId?: string,
): { status: number; body: Refusal } {
  const { kind, code, msg } = REFUSAL[refusal];
  const status = VERIFICATION_HTTP_STATUS[kind];
  request.log.info({ status, errorCode: code }, 'verification required');
  return { status, body: { code, msg, ...(challengeId ? { challengeId } : {}) } };
}

function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  refusal: keyof typeof REFUSAL,
  challengeId?: string,
): FastifyReply {
  const { status, body } = refusalOf(request, refusal, challengeId);
  return reply.code(status).send(body);
}

/** What the guard does with a proof it found right, and how it refuses one spent by another request. */
interface ProofAccepted {
  request: FastifyRequest;
  reply: FastifyReply;
  spend: (trx: Db) => Promise<boolean>;
  /** Logs the lost race and opens the challenge for the next proof. */
  raced: () => Promise<string>;
  refusal: keyof typeof REFUSAL;
}

/**
 * A command route (`config.idempotent`) spends the proof in the command's own transaction (`runCommand`):
 * one commit for the act and its proof, and an act refused after this check (a state changed meanwhile)
 * leaves the proof unspent for the user's retry of that very act. Any other route spends it here, first.
 */
async function accept(deferred: boolean, proof: ProofAccepted): Promise<FastifyReply | void> {
  const { request, reply, spend, raced, refusal } = proof;
  if (deferred) {
    request.proofToSpend = {
      spend,
      refusal: async () => {
        const { status, body } = refusalOf(request, refusal, await raced());
        return new ComposedRefusal(status, body);
      },
    };
    return;
  }
  if (await spendProof(request.server.db, spend)) return;
  return refuse(request, reply, refusal, await raced());
}

type OnSendHook = Extract<NonNullable<RouteOptions['onSend']>, unknown[]>[number];
const onSendHooksOf = (hooks: RouteOptions['onSend']): OnSendHook[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks as OnSendHook];

/**
 * A verified command route that answers a success without having run its command (`runCommand`) would
 * leave its proof unspent and usable again: a fault of the route, answered as one (500) rather than as
 * the act's success, and logged by the error handler.
 */
async function proofTakenByCommand(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (request.proofToSpend !== null && reply.statusCode < 300)
    throw new Error(`${request.routeOptions.url} answered ${reply.statusCode} without running its command`);
  return payload;
}

async function isLicenceBound(app: FastifyInstance, orgId: string | null): Promise<boolean> {
  if (orgId === null) return false;
  const org = await app.db
    .selectFrom('organizations')
    .select('bound')
    .where('id', '=', orgId)
    .executeTakeFirst();
  return org?.bound === 1;
}

function smsGuard(
  app: FastifyInstance,
  rule: VerificationRule,
  deferred: boolean,
): preHandlerAsyncHookHandler {
  return async function verifySms(request, reply) {
    const subject = await subjectOf(request, rule);
    const operation: OperationRef = {
      hash: operationHashOf(request),
      name: operationNameOf(rule, request),
    };
    const now = app.now();
    const challenge = () => openChallenge(app.db, { kind: 'sms', subject, operation, now });
    const code = headerOf(request, VERIFICATION_HEADER.smsCode);
    if (code === undefined) {
      return refuse(request, reply, 'smsRequired', await challenge());
    }
    const outcome = await checkSmsProof(app.db, app.verificationKeys.smsCode, {
      subjectKey: subject.key,
      mobile: subject.mobile,
      operationHash: operation.hash,
      code,
      now,
    });
    const who = { userId: subject.userId, orgId: subject.orgId, mobile: subject.mobile };
    if (outcome.kind === 'ok') {
      return accept(deferred, {
        request,
        reply,
        spend: outcome.spend,
        refusal: 'smsCodeInvalid',
        raced: () => {
          logVerificationEvent(request, VERIFICATION_EVENT.otpFailed, { ...who, reason: 'raced' });
          return challenge();
        },
      });
    }
    if (outcome.kind === 'replay') {
      logVerificationEvent(request, VERIFICATION_EVENT.proofReplay, { ...who, reason: 'sms' });
    } else if (outcome.kind === 'wrong') {
      logVerificationEvent(request, VERIFICATION_EVENT.otpFailed, { ...who, reason: outcome.reason });
      if (outcome.invalidated) {
        logVerificationEvent(request, VERIFICATION_EVENT.challengeInvalidated, {
          ...who,
          reason: 'sms_attempts',
        });
      }
    } else {
      logVerificationEvent(request, VERIFICATION_EVENT.otpFailed, { ...who, reason: outcome.reason });
    }
    return refuse(request, reply, 'smsCodeInvalid', await challenge());
  };
}

function qrGuard(
  app: FastifyInstance,
  rule: VerificationRule,
  deferred: boolean,
): preHandlerAsyncHookHandler {
  return async function verifyQr(request, reply) {
    const subject = await subjectOf(request, rule);
    if (!(await isLicenceBound(app, subject.orgId))) {
      return refuse(request, reply, 'licenceUnbound');
    }
    const operation: OperationRef = {
      hash: operationHashOf(request),
      name: operationNameOf(rule, request),
    };
    const now = app.now();
    const challenge = () => openChallenge(app.db, { kind: 'qr', subject, operation, now });
    const qrId = headerOf(request, VERIFICATION_HEADER.qrId);
    const signature = headerOf(request, VERIFICATION_HEADER.qrSignature);
    if (qrId === undefined && signature === undefined) {
      return refuse(request, reply, 'qrRequired', await challenge());
    }
    const outcome = await checkQrProof(app.db, app.adapters.licence, {
      qrId,
      signature,
      subjectKey: subject.key,
      operationHash: operation.hash,
      now,
    });
    const who = { userId: subject.userId, orgId: subject.orgId };
    if (outcome.kind === 'ok') {
      return accept(deferred, {
        request,
        reply,
        spend: outcome.spend,
        refusal: 'qrInvalid',
        raced: () => {
          logVerificationEvent(request, VERIFICATION_EVENT.qrInvalid, { ...who, reason: 'raced' });
          return challenge();
        },
      });
    }
    if (outcome.kind === 'replay') {
      logVerificationEvent(request, VERIFICATION_EVENT.proofReplay, { ...who, reason: 'qr' });
    } else {
      logVerificationEvent(request, VERIFICATION_EVENT.qrInvalid, { ...who, reason: outcome.reason });
    }
    return refuse(request, reply, 'qrInvalid', await challenge());
  };
}

function eitherGuard(
  app: FastifyInstance,
  rule: VerificationRule,
  deferred: boolean,
): preHandlerAsyncHookHandler {
  const qr = qrGuard(app, { ...rule, kind: 'qr' }, deferred);
  const sms = smsGuard(app, { ...rule, kind: 'sms' }, deferred);
  return async function verifyQrOrSms(this: FastifyInstance, request, reply) {
    const bound = await isLicenceBound(app, authOf(request).orgId);
    return (bound ? qr : sms).call(this, request, reply);
  };
}

/**
 * Enforces `config.verification` on every route registered after this call: the guard is appended to the
 * route's own preHandlers (so authentication and the route's cheap checks run first), and the 406/412
 * answer joins the route's response schema.
 */
export function setupVerification(app: FastifyInstance): void {
  const timers = new Set<NodeJS.Timeout>();
  app.decorate('verificationTimers', timers);
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  });

  app.addHook('onRoute', (route) => {
    const rule = ruleOf(route.config?.verification);
    if (!rule) return;
    // A command route's handler runs its writes through runCommand, which spends the proof with them.
    const deferred = route.config?.idempotent === true;
    if (deferred) route.onSend = [...onSendHooksOf(route.onSend), proofTakenByCommand];
    const guard =
      rule.kind === 'sms'
        ? smsGuard(app, rule, deferred)
        : rule.kind === 'qr'
          ? qrGuard(app, rule, deferred)
          : eitherGuard(app, rule, deferred);
    route.preHandler = [...hooksOf(route.preHandler), guard as unknown as RouteHook];
    const schema = (route.schema ??= {});
    const response = (schema.response ??= {}) as Record<number, unknown>;
    const kinds: VerificationKind[] = rule.kind === 'qr-or-sms' ? ['qr', 'sms'] : [rule.kind];
    for (const kind of kinds) response[VERIFICATION_HTTP_STATUS[kind]] ??= VerificationRefusal;
  });
}
