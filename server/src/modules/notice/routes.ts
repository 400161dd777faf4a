import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NOTICE_URL } from '@contract/notice';
import { Envelope, Page, PageQuery } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import {
  NoticeFilter,
  NoticeIdParams,
  NoticeItem,
  NoticeMarkedAll,
  NoticeMarkQuery,
  SandboxNoticeRequest,
} from '@contract/notice-schemas';
import { REALTIME_EVENT } from '@contract/realtime';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { retryingTransaction } from '../../db/retry';
import { Type } from 'typebox';
import { fail } from '../../lib/errors';
import { answerList } from '../../lib/list-page';
import { MSG } from '../../lib/messages';
import { AUTHENTICATED_ERRORS, ERRORS, ok } from '../../lib/responses';
import { accountByMobile, UNKNOWN_ACCOUNT_MSG } from '../entry-link/service';
import { notFoundInOrg, memberOrNull } from '../../lib/tenant';
import {
  markAllRead,
  markRead,
  noticeOrgOf,
  noticePage,
  noticePageWithCaller,
  postNotice,
  todoPage,
  todoPageWithCaller,
  type Reader,
} from './service';

export const NOTICE_NOT_FOUND_MSG = '消息不存在';
export const NOTICE_NO_ORG_MSG = '该账号尚未加入企业';

const NoticePage = Envelope(Page(NoticeItem));

/** Tells the member's open tabs (in that organisation) to reload their notice counts, once `trx` commits. */
function noticeChanged(app: FastifyInstance, reader: Reader, trx: Db): Promise<void> {
  return app.realtime.publishToUserInOrg(
    reader.userId,
    reader.orgId,
    { type: REALTIME_EVENT.notice, payload: {} },
    trx,
  );
}

/**
 * A transaction that marks notices read. On PostgreSQL it locks the notices it reads against a close
 * (service.ts, visibleForRead), in the order of their ids as a close locks them, and moves the member's counts
 * as it commits, as every command does (beforeCommit in db/after-commit.ts). Should the database still fail
 * one of two transactions that meet, it runs again (db/retry.ts).
 */
function readingTransaction<T>(app: FastifyInstance, run: (trx: Db) => Promise<T>): Promise<T> {
  return retryingTransaction(
    app.db,
    () => app.db.transaction().execute(run),
    (reason) => app.metrics.transactionRetried(reason, 'command'),
  );
}

/** Notices and to-dos of the signed-in member (spec sections 3, 4 and 7). */
export const noticeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.post(
    NOTICE_URL.page,
    {
      // On every screen (the shell's bell): on PostgreSQL the page comes in one statement with its caller.
      config: { readsCaller: true },
      schema: {
        querystring: PageQuery,
        body: NoticeFilter,
        response: { 200: NoticePage, ...AUTHENTICATED_ERRORS },
      },
    },
    async function postNoticePage(request, reply) {
      return answerList(request, (reader, page) => noticePage(app.db, reader, request.body, page), {
        withCaller: (tokenHash, page) => noticePageWithCaller(app.db, tokenHash, request.body, page),
        // A page kept for its version (service.ts) is the same items: answered with the same bytes.
        reply,
      });
    },
  );

  app.post(
    NOTICE_URL.todoPage,
    {
      config: { readsCaller: true },
      schema: {
        querystring: PageQuery,
        body: Type.Object({}),
        response: { 200: NoticePage, ...AUTHENTICATED_ERRORS },
      },
    },
    async function postNoticeTodoPage(request, reply) {
      return answerList(request, (reader, page) => todoPage(app.db, reader, page), {
        withCaller: (tokenHash, page) => todoPageWithCaller(app.db, tokenHash, page),
        reply,
      });
    },
  );

  app.put(
    NOTICE_URL.markAllRead,
    { schema: { response: { 200: Envelope(NoticeMarkedAll), ...AUTHENTICATED_ERRORS } } },
    async function putNoticeMarkAllRead(request) {
      const reader = memberOrNull(request);
      if (!reader) return ok({ updated: 0 });
      const updated = await readingTransaction(app, async (trx) => {
        const changed = await markAllRead(trx, reader, app.now());
        if (changed > 0) await noticeChanged(app, reader, trx);
        return changed;
      });
      return ok({ updated });
    },
  );

  app.put(
    NOTICE_URL.markRead,
    {
      schema: {
        params: NoticeIdParams,
        querystring: NoticeMarkQuery,
        response: { 200: Envelope(Type.Null()), ...AUTHENTICATED_ERRORS, ...ERRORS.notFound },
      },
    },
    async function putNoticeMarkRead(request) {
      const reader = memberOrNull(request);
      const marked =
        reader !== null &&
        (await readingTransaction(app, async (trx) => {
          const found = await markRead(trx, reader, request.params.id, app.now());
          if (found) await noticeChanged(app, reader, trx);
          return found;
        }));
      if (!marked) {
        throw notFoundInOrg(
          request,
          'notice',
          await noticeOrgOf(app.db, request.params.id),
          NOTICE_NOT_FOUND_MSG,
        );
      }
      return ok(null);
    },
  );
};

/** `POST /api/sandbox/notices`: posts a notice to one account, as a business event would. */
export const noticeSandboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    NOTICE_URL.sandboxNotices,
    {
      schema: {
        body: SandboxNoticeRequest,
        response: { 201: Envelope(NoticeItem), ...ERRORS.badRequest, ...ERRORS.notFound, ...ERRORS.internal },
      },
    },
    async function postNoticeSandboxNotices(request, reply) {
      const { mobile, type, title, content, orgId } = request.body;
      const account = await accountByMobile(app.db, mobile);
      if (!account) throw fail(API_ERROR.notFound, UNKNOWN_ACCOUNT_MSG);
      const targetOrg = orgId ?? account.orgId;
      const member =
        targetOrg !== null &&
        (await app.db
          .selectFrom('memberships')
          .select('id')
          .where('user_id', '=', account.userId)
          .where('org_id', '=', targetOrg)
          .executeTakeFirst());
      if (!member || targetOrg === null) throw fail(API_ERROR.notFound, NOTICE_NO_ORG_MSG);
      const reader = { userId: account.userId, orgId: targetOrg };
      const notice = await app.db.transaction().execute(async (trx) => {
        const posted = await postNotice(trx, { ...reader, type, title, content }, app.now());
        await noticeChanged(app, reader, trx);
        return posted;
      });
      reply.code(201);
      return { code: 201, msg: MSG.ok, data: notice };
    },
  );
};
