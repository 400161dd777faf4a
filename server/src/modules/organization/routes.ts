import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MOBILE_PATTERN } from '@contract/auth';
import { Envelope } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { CREDIT_CODE_WARNING, ORG_QUERY_MIN_LENGTH, ORG_TEXT, ORG_URL } from '@contract/organization';
import {
  OrganizationContactUpdate,
  OrganizationInfo,
  OrganizationQuery,
  OrganizationQueryResult,
} from '@contract/organization-schemas';
import { PERMISSION } from '@contract/permissions';
import { CREDIT_CODE_LENGTH, isValidCreditCode } from '../../lib/credit-code';
import { fail } from '../../lib/errors';
import { runCommand } from '../../lib/idempotency';
import { MSG } from '../../lib/messages';
import { hitRateLimit } from '../../lib/rate-limit';
import { AUTHENTICATED_ERRORS, ERRORS, ok } from '../../lib/responses';
import { requireMember, requirePermission } from '../../lib/tenant';
import { organizationInfoOf, searchOrganizations } from './service';

const ORG_MSG = {
  notFound: '企业不存在',
  contactNameRequired: '请输入联系人姓名',
  contactMobileInvalid: '请输入正确的联系人手机号',
  contactEmailInvalid: '请输入正确的联系人邮箱',
  fixedFields: '企业名称、统一社会信用代码和法定代表人需通过企业认证变更',
  keywordTooShort: `请输入至少${ORG_QUERY_MIN_LENGTH}个字符的企业名称或统一社会信用代码`,
} as const;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f\u2028\u2029]/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MOBILE = new RegExp(MOBILE_PATTERN);
const CREDIT_CODE_SHAPE = /^[0-9A-Z]{18}$/;
/** Searches per user per minute: it reveals which organisations exist, so a script is slowed. */
export const ORG_QUERY_LIMIT_PER_MINUTE = 30;

/** Changed only through authentication; the schema would drop them silently, so they are refused first. */
const FIXED_FIELDS = ['name', 'orgName', 'creditCode', 'legalPerson'];

const clean = (value: string | undefined) => (value ?? '').trim();
const refuse = (msg: string) => fail(API_ERROR.badRequest, msg);

/**
 * The caller's organisation (spec section 7, organisation calls): its details (`GET` is ours: the company
 * centre shows them), its contact details (`PUT`, the owner or the company-centre permission; name, credit
 * code and legal person change only through authentication) and the search for an organisation to join.
 */
export const organizationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    ORG_URL.organization,
    {
      schema: {
        response: {
          200: Envelope(OrganizationInfo),
          ...AUTHENTICATED_ERRORS,
          ...ERRORS.forbidden,
          ...ERRORS.notFound,
        },
      },
    },
    async function getOrgOrganization(request) {
      const member = requireMember(request);
      const info = await organizationInfoOf(app.db, member.orgId);
      if (!info) throw fail(API_ERROR.notFound, ORG_MSG.notFound);
      return ok(info);
    },
  );

  app.put(
    ORG_URL.organization,
    {
      config: { idempotent: true },
      preValidation: async (request) => {
        const body = request.body;
        if (body && typeof body === 'object' && FIXED_FIELDS.some((field) => field in body)) {
          throw refuse(ORG_MSG.fixedFields);
        }
      },
      schema: {
        body: OrganizationContactUpdate,
        response: {
          200: Envelope(OrganizationInfo),
          ...AUTHENTICATED_ERRORS,
          ...ERRORS.forbidden,
          ...ERRORS.notFound,
        },
      },
    },
    async function putOrgOrganization(request, reply) {
      const member = await requirePermission(request, PERMISSION.companyCenter.path);
      const contactName = clean(request.body.contactName);
      const contactMobile = clean(request.body.contactMobile).replace(/\s+/g, '');
      const contactEmail = clean(request.body.contactEmail);
      const contactAddress = clean(request.body.contactAddress);
      if (!contactName || CONTROL_CHARS.test(contactName)) throw refuse(ORG_MSG.contactNameRequired);
      if (!MOBILE.test(contactMobile)) throw refuse(ORG_MSG.contactMobileInvalid);
      if (contactEmail && !EMAIL.test(contactEmail)) throw refuse(ORG_MSG.contactEmailInvalid);
      if (CONTROL_CHARS.test(contactAddress)) throw refuse(MSG.badRequest);
      return runCommand<ReturnType<typeof ok<OrganizationInfo>>>(request, reply, async (trx) => {
        await trx
          .updateTable('organizations')
          .set({
            contact_name: contactName,
            contact_mobile: contactMobile,
            contact_email: contactEmail,
            contact_address: contactAddress,
          })
          .where('id', '=', member.orgId)
          .execute();
        const info = await organizationInfoOf(trx, member.orgId);
        if (!info) throw fail(API_ERROR.notFound, ORG_MSG.notFound);
        return { statusCode: 200, body: ok(info, ORG_TEXT.contactUpdated) };
      });
    },
  );

  app.post(
    ORG_URL.query,
    {
      schema: {
        body: OrganizationQuery,
        response: { 200: Envelope(OrganizationQueryResult), ...AUTHENTICATED_ERRORS, ...ERRORS.tooMany },
      },
    },
    async function postOrgQuery(request) {
      // Any signed-in user: one who belongs to no organisation yet searches for one to join.
      const { userId } = request.auth!;
      const decision = await hitRateLimit(
        app.db,
        `org-query:${userId}`,
        ORG_QUERY_LIMIT_PER_MINUTE,
        60_000,
        app.now(),
      );
      if (!decision.allowed) {
        throw fail(API_ERROR.rateLimited, MSG.tooManyRequests, {
          'Retry-After': String(Math.ceil(decision.retryAfterMs / 1000)),
        });
      }
      const keyword = request.body.keyword.replace(/\s+/g, '');
      if ([...keyword].length < ORG_QUERY_MIN_LENGTH) throw refuse(ORG_MSG.keywordTooShort);
      const upper = keyword.toUpperCase();
      // GB 32100: some real codes fail their check character, so a failure warns and the search still runs.
      const looksLikeCode = upper.length === CREDIT_CODE_LENGTH && CREDIT_CODE_SHAPE.test(upper);
      const warning = looksLikeCode && !isValidCreditCode(upper) ? CREDIT_CODE_WARNING : undefined;
      const items = await searchOrganizations(app.db, keyword);
      return ok({ items, ...(warning ? { warning } : {}) });
    },
  );
};
