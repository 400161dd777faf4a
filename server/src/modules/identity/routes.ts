import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MOBILE_PATTERN } from '@contract/auth';
import { Envelope } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { ID_AUTH_DAILY_LIMIT, ORG_TEXT, PARTNER_TOKEN_HEADER, ORG_URL } from '@contract/organization';
import {
  IdAuthRequest,
  PartnerRegistered,
  PartnerRegistration,
  UserIdentity,
} from '@contract/organization-schemas';
import { normalizeResidentId, RESIDENT_ID_MESSAGE, residentIdProblem } from '@contract/resident-id';
import type { Transaction } from 'kysely';
import { lockWithinTransaction } from '../../db/locks';
import type { Database } from '../../db/schema';
import { isValidCreditCode } from '../../lib/credit-code';
import { fail } from '../../lib/errors';
import { newId, randomToken } from '../../lib/hash';
import { runCommand } from '../../lib/idempotency';
import { hitIpLimit, type IpLimitRule } from '../../lib/ip-limit';
import { MSG } from '../../lib/messages';
import { hashPassword } from '../../lib/passwords';
import { hitRateLimit } from '../../lib/rate-limit';
import { AUTHENTICATED_ERRORS, ERRORS, ok } from '../../lib/responses';
import { logSecurityEvent, SECURITY_EVENT } from '../../lib/security-log';
import { authOf } from '../../lib/auth';
import { shanghaiDayStart } from '../../lib/shanghai-time';
import { issueCrToken } from '../auth/service';
import { OWNER_ROLE } from '@contract/organization';
import { checkPartnerToken } from './partner-token';
import { identityOf, idNumberHmac, recordIdentity } from './service';

const DAY_MS = 24 * 60 * 60 * 1000;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f\u2028\u2029]/;
const MOBILE = new RegExp(MOBILE_PATTERN);
/** A Chinese name as the ID card holds it: Han characters, possibly with a middle dot (少数民族姓名). */
const REAL_NAME = /^[\u4e00-\u9fa5·]{2,30}$/;

export const IDENTITY_MSG = {
  nameInvalid: '请输入与身份证一致的真实姓名',
  mismatch: '姓名与身份证号码不一致，请核对',
  already: '您已完成实名认证',
  taken: '该身份证号码已被其他账号认证',
  dailyLimit: `今日实名认证次数已达${ID_AUTH_DAILY_LIMIT}次上限，请明日再试`,
} as const;

export const PARTNER_MSG = {
  closed: '合作平台注册未开通',
  tokenInvalid: '合作平台令牌无效或已过期',
  fieldsInvalid: '注册信息不完整或格式有误',
  creditCodeTaken: '该统一社会信用代码的企业已注册，请通过申请加入',
} as const;

/** Hand-overs per IP per hour: a leaked secret cannot create organisations in bulk. */
export const PARTNER_IP_LIMIT: IpLimitRule = { action: 'partner-register', limit: 60, windowMs: 60 * 60_000 };

type IdentityAnswer = ReturnType<typeof ok<UserIdentity>>;

/** `POST /api/user/idAuth` and `GET /api/user/identity` (ours: the screen shows the result). */
export const identityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    ORG_URL.identity,
    { schema: { response: { 200: Envelope(UserIdentity), ...AUTHENTICATED_ERRORS } } },
    async function getOrgIdentity(request) {
      return ok(await identityOf(app.db, authOf(request).userId));
    },
  );

  app.post(
    ORG_URL.idAuth,
    {
      config: { idempotent: true },
      schema: {
        body: IdAuthRequest,
        response: {
          200: Envelope(UserIdentity),
          ...AUTHENTICATED_ERRORS,
          ...ERRORS.conflict,
          ...ERRORS.tooMany,
        },
      },
    },
    async function postOrgIdAuth(request, reply) {
      const { userId } = authOf(request);
      const name = request.body.name.trim();
      const idNumber = normalizeResidentId(request.body.idNumber);
      const now = app.now();
      if (!REAL_NAME.test(name)) throw fail(API_ERROR.badRequest, IDENTITY_MSG.nameInvalid);
      const problem = residentIdProblem(idNumber, now);
      if (problem) throw fail(API_ERROR.idNumberInvalid, RESIDENT_ID_MESSAGE[problem]);
      if ((await identityOf(app.db, userId)).verified) {
        throw fail(API_ERROR.identityVerified, IDENTITY_MSG.already);
      }
      const hmac = idNumberHmac(app.verificationKeys.idNumber, idNumber);
      // Each check is a paid query at the provider: a few per user per Shanghai day.
      const dayStart = shanghaiDayStart(now);
      const decision = await hitRateLimit(
        app.db,
        `id-auth:${userId}:${dayStart}`,
        ID_AUTH_DAILY_LIMIT,
        DAY_MS,
        dayStart,
      );
      if (!decision.allowed) throw fail(API_ERROR.rateLimited, IDENTITY_MSG.dailyLimit);
      const verdict = await app.adapters.identity.check(name, idNumber);
      if (verdict === 'mismatch') throw fail(API_ERROR.identityMismatch, IDENTITY_MSG.mismatch);
      return runCommand<IdentityAnswer>(request, reply, async (trx) => {
        await lockWithinTransaction(trx as Transaction<Database>, `identity:${hmac}`);
        const outcome = await recordIdentity(trx, { userId, name, idNumber, hmac, now });
        if (outcome === 'already') throw fail(API_ERROR.identityVerified, IDENTITY_MSG.already);
        if (outcome === 'taken') throw fail(API_ERROR.idNumberTaken, IDENTITY_MSG.taken);
        return { statusCode: 200, body: ok(await identityOf(trx, userId), ORG_TEXT.identityVerified) };
      });
    },
  );
};

/**
 * `POST /api/register/sgscsp`: a partner platform hands a user and their organisation over (form-encoded, with
 * a signed token header: see partner-token.ts). The user becomes the owner (企业管理员) of a new, not yet
 * authenticated organisation and receives a one-time crToken to open a session; they set a password later
 * through the SMS reset. A mobile already registered, or a credit code already on the platform, is refused:
 * the partner cannot take over an existing account or organisation.
 */
export const partnerRegistrationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Form-encoded as the spec says; the app's JSON parser stays, so an oversized body is 413 either way.
  await app.register(formbody, { bodyLimit: app.initialConfig.bodyLimit });

  app.post(
    ORG_URL.partnerRegister,
    {
      schema: {
        body: PartnerRegistration,
        response: {
          201: Envelope(PartnerRegistered),
          ...ERRORS.badRequest,
          ...ERRORS.unauthorized,
          ...ERRORS.forbidden,
          ...ERRORS.conflict,
          ...ERRORS.tooMany,
          ...ERRORS.internal,
        },
      },
    },
    async function postOrgPartnerRegister(request, reply) {
      const secret = app.config.partnerSecret;
      if (!secret) throw fail(API_ERROR.forbidden, PARTNER_MSG.closed);
      const retryAfter = await hitIpLimit(request, PARTNER_IP_LIMIT);
      if (retryAfter !== null) {
        throw fail(API_ERROR.rateLimited, MSG.tooManyRequests, {
          'Retry-After': String(retryAfter),
        });
      }
      const { mobile, name, orgName, creditCode } = request.body;
      const fields = { mobile, name, orgName, creditCode };
      const header = request.headers[PARTNER_TOKEN_HEADER];
      const token = typeof header === 'string' ? header : undefined;
      const now = app.now();
      // The token first, and its nonce spent whatever follows: a refused hand-over needs a fresh token.
      const verdict = await checkPartnerToken(app.db, { secret, token, fields, now });
      if (verdict !== 'ok') {
        logSecurityEvent(request, SECURITY_EVENT.partnerTokenRejected, { reason: verdict });
        throw fail(API_ERROR.partnerTokenInvalid, PARTNER_MSG.tokenInvalid);
      }
      // A password nobody knows: the user signs in by the crToken, and sets one through the SMS reset.
      const passwordHash = await hashPassword(randomToken());
      const answer = await app.db.transaction().execute(async (trx) => {
        const code = creditCode.trim().toUpperCase();
        const valid =
          MOBILE.test(mobile) &&
          name.trim() !== '' &&
          orgName.trim() !== '' &&
          !CONTROL_CHARS.test(name + orgName) &&
          // A partner hands over only codes it has checked: here GB 32100 refuses rather than warns.
          isValidCreditCode(code);
        if (!valid) throw fail(API_ERROR.badRequest, PARTNER_MSG.fieldsInvalid);
        await lockWithinTransaction(trx as Transaction<Database>, `partner-register:${code}`);
        const taken = await trx
          .selectFrom('users')
          .select('id')
          .where('mobile', '=', mobile)
          .executeTakeFirst();
        if (taken) throw fail(API_ERROR.mobileRegistered, MSG.mobileRegistered);
        const orgTaken = await trx
          .selectFrom('organizations')
          .select('id')
          .where('credit_code', '=', code)
          .executeTakeFirst();
        if (orgTaken) throw fail(API_ERROR.conflict, PARTNER_MSG.creditCodeTaken);
        const userId = newId();
        const orgId = newId();
        const membershipId = newId();
        await trx
          .insertInto('organizations')
          .values({
            id: orgId,
            name: orgName.trim(),
            credit_code: code,
            authorized: 0,
            bound: 0,
            created_at: now,
          })
          .execute();
        await trx
          .insertInto('users')
          .values({
            id: userId,
            mobile,
            name: name.trim(),
            password_hash: passwordHash,
            status: 'active',
            last_org_id: orgId,
            created_at: now,
            password_changed_at: now,
          })
          .execute();
        await trx
          .insertInto('memberships')
          .values({ id: membershipId, user_id: userId, org_id: orgId, owner: 1, created_at: now })
          .execute();
        await trx
          .insertInto('membership_roles')
          .values({ membership_id: membershipId, role_code: OWNER_ROLE })
          .execute();
        const crToken = await issueCrToken(trx, userId, orgId, now);
        return { userId, orgId, crToken } satisfies PartnerRegistered;
      });
      reply.code(201);
      return { code: 201, msg: ORG_TEXT.registered, data: answer };
    },
  );
};
