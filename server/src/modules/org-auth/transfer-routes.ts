import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  ORG_AUTH_METHOD,
  TRANSFER_AMOUNT_MAX_FEN,
  TRANSFER_AMOUNT_MIN_FEN,
  BANK_URL,
} from '@contract/bank-account';
import {
  AuthApplyRecord,
  BankAccountRequest,
  BankVerification,
  TransferAuthCheck,
} from '@contract/bank-account-schemas';
import { Envelope, Page, PageQuery, type ApiError } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { NOTICE_TYPE } from '@contract/notice';
import { PERMISSION } from '@contract/permissions';
import { REALTIME_EVENT } from '@contract/realtime';
import type { Db } from '../../db/database';
import { fail } from '../../lib/errors';
import { runCommand } from '../../lib/idempotency';
import { answerList } from '../../lib/list-page';
import { yuanToFen } from '../../lib/money';
import { AUTHENTICATED_ERRORS, ERRORS, ok } from '../../lib/responses';
import { notFoundInOrg, requireMember, requirePermission } from '../../lib/tenant';
import {
  BANK_MSG,
  checkOrgAuthTransfer,
  orgAuthTransferOf,
  orgAuthTransferPage,
  orgAuthTransferSummary,
  refusalOf,
  requestOrgAuthTransfer,
  validatedAccount,
  verificationOrgOf,
} from '../bank-account/service';
import { postNotice } from '../notice/service';
import { markAuthorized, organizationOf } from './service';

/** Authenticating the organisation by transfer proves it holds the account: the bank-account permission. */
const TRANSFER_PERMISSION = PERMISSION.bankAccount.path;
const AUTH_NOTICE_TITLE = '企业认证成功';
const authNoticeContent = (orgName: string) => `${orgName}已通过对公账户小额打款认证，票据业务已开通。`;

/** The check answers where authentication stands, or a refusal it commits (a wrong amount counts). */
type CheckAnswer = ReturnType<typeof ok<AuthApplyRecord>> | ApiError;

const COMMAND_ERRORS = {
  ...AUTHENTICATED_ERRORS,
  ...ERRORS.forbidden,
  ...ERRORS.notFound,
  ...ERRORS.conflict,
  ...ERRORS.tooMany,
} as const;

/** Where the organisation's authentication stands (spec section 7: the apply record). */
async function applyRecordOf(db: Db, orgId: string, now: number): Promise<AuthApplyRecord> {
  const org = await organizationOf(db, orgId);
  const { latest, verified } = await orgAuthTransferSummary(db, orgId, now);
  // The e-licence flow binds the licence as it authenticates; an organisation with both was authenticated so.
  const method = verified
    ? ORG_AUTH_METHOD.bankTransfer
    : org.authorized && org.bound
      ? ORG_AUTH_METHOD.licence
      : null;
  return {
    orgName: org.name,
    authorized: org.authorized,
    method: org.authorized ? method : null,
    transfer: latest,
  };
}

async function refuseAuthorized(db: Db, orgId: string): Promise<void> {
  if ((await organizationOf(db, orgId)).authorized) {
    throw fail(API_ERROR.orgAlreadyAuthorized, BANK_MSG.orgAuthorized);
  }
}

/**
 * Organisation authentication by small-amount transfer (spec sections 1 and 7): the same mechanism as an
 * account's verification, on the organisation's corporate account. The right amount marks the organisation
 * authenticated and its account verified, and tells every member through an announcement; their tabs refresh
 * the company list, so the stored `authorized` flag follows.
 */
export const bankTransferAuthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.post(
    BANK_URL.transferAuthApply,
    {
      config: { idempotent: true },
      schema: { body: BankAccountRequest, response: { 201: Envelope(BankVerification), ...COMMAND_ERRORS } },
    },
    async function postBankTransferAuthApply(request, reply) {
      const member = await requirePermission(request, TRANSFER_PERMISSION);
      await refuseAuthorized(app.db, member.orgId);
      const fields = await validatedAccount(app.db, member.orgId, request.body);
      const now = app.now();
      return runCommand(request, reply, async (trx) => {
        await refuseAuthorized(trx, member.orgId);
        const transfer = await requestOrgAuthTransfer(trx, app.adapters.bankTransfer, {
          orgId: member.orgId,
          userId: member.userId,
          fields,
          now,
        });
        return { statusCode: 201, body: { code: 201, msg: BANK_MSG.transferRequested, data: transfer } };
      });
    },
  );

  app.get(
    BANK_URL.transferAuthRecords,
    {
      schema: {
        querystring: PageQuery,
        response: { 200: Envelope(Page(BankVerification)), ...AUTHENTICATED_ERRORS },
      },
    },
    async function getBankTransferAuthRecords(request) {
      return answerList(request, (member, page) =>
        orgAuthTransferPage(app.db, member.orgId, page, app.now()),
      );
    },
  );

  app.post(
    BANK_URL.transferAuthCheck,
    {
      config: { idempotent: true },
      schema: { body: TransferAuthCheck, response: { 200: Envelope(AuthApplyRecord), ...COMMAND_ERRORS } },
    },
    async function postBankTransferAuthCheck(
      request: FastifyRequest<{ Body: { id: string; amount: string } }>,
      reply,
    ) {
      const member = await requirePermission(request, TRANSFER_PERMISSION);
      const amountFen = yuanToFen(request.body.amount);
      if (amountFen === null || amountFen < TRANSFER_AMOUNT_MIN_FEN || amountFen > TRANSFER_AMOUNT_MAX_FEN) {
        throw fail(API_ERROR.amountInvalid, BANK_MSG.amountInvalid);
      }
      const found = await orgAuthTransferOf(app.db, member.orgId, request.body.id);
      if (!found) {
        throw notFoundInOrg(
          request,
          'bank_verification',
          await verificationOrgOf(app.db, request.body.id),
          BANK_MSG.verificationNotFound,
        );
      }
      const now = app.now();
      return runCommand<CheckAnswer>(request, reply, async (trx) => {
        const row = (await orgAuthTransferOf(trx, member.orgId, found.id)) ?? found;
        const outcome = await checkOrgAuthTransfer(
          trx,
          app.adapters.bankTransfer,
          member.orgId,
          row,
          amountFen,
          now,
        );
        const refused = refusalOf(outcome);
        if (refused) return refused;
        if (await markAuthorized(trx, member.orgId)) {
          const org = await organizationOf(trx, member.orgId);
          await postNotice(
            trx,
            {
              orgId: member.orgId,
              userId: null,
              type: NOTICE_TYPE.announcement,
              title: AUTH_NOTICE_TITLE,
              content: authNoticeContent(org.name),
            },
            now,
          );
          // With the transaction: the members' tabs hear of it only if it commits, on whatever node they are.
          await app.realtime.publishToOrg(member.orgId, { type: REALTIME_EVENT.notice, payload: {} }, trx);
          await app.realtime.publishToOrg(
            member.orgId,
            { type: REALTIME_EVENT.organization, payload: {} },
            trx,
          );
        }
        return {
          statusCode: 200,
          body: ok(await applyRecordOf(trx, member.orgId, now), BANK_MSG.authSucceeded),
        };
      });
    },
  );

  app.get(
    BANK_URL.authApplyRecord,
    {
      schema: { response: { 200: Envelope(AuthApplyRecord), ...AUTHENTICATED_ERRORS, ...ERRORS.forbidden } },
    },
    async function getBankAuthApplyRecord(request) {
      return ok(await applyRecordOf(app.db, requireMember(request).orgId, app.now()));
    },
  );
};
