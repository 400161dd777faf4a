import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Envelope, Page, PageQuery } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { PERMISSION } from '@contract/permissions';
import {
  EXPORT_KIND,
  EXPORT_RATE_LIMIT,
  EXPORT_ROW_CAP,
  EXPORT_STATUS,
  XLSX_CONTENT_TYPE,
  EXPORT_URL,
  type ExportKind,
} from '@contract/export';
import { ExportTask, ExportTaskParams, ExportTaskRequest } from '@contract/export-schemas';
import { fail } from '../../lib/errors';
import { answerList, listReader, type ListReadBy } from '../../lib/list-page';
import { MSG } from '../../lib/messages';
import { runCommand } from '../../lib/idempotency';
import { hitRateLimit } from '../../lib/rate-limit';
import { AUTHENTICATED_ERRORS, ERRORS } from '../../lib/responses';
import { logSecurityEvent, SECURITY_EVENT } from '../../lib/security-log';
import { notFoundInOrg, memberOrNull, requirePermission, type Member } from '../../lib/tenant';
import { attachment } from '../../lib/content-disposition';
import { BILL_LISTS_READ_BY } from '../bills/service';
import { DISCOUNT_LIST_READ_BY } from '../discount/service';
import { PLEDGE_LIST_READ_BY } from '../pledge/service';
import { FREEZE_LIST_READ_BY } from '../freeze/service';
import { GUARANTEE_LIST_READ_BY } from '../guarantee/service';
import { OPERATION_LIST_READ_BY } from '../operation/service';
import { RECOURSE_LIST_READ_BY } from '../recourse/service';
import { PAYMENT_LIST_READ_BY } from '../payment/service';
import { createExportTask, exportFileKey, exportTaskPage, ownTask, taskOrgOf } from './service';
import { createExportWorker } from './worker';
import { exportRowCount } from './workbooks';

/**
 * Who may export each kind: whoever may read its list, as the list itself declares it (its module's
 * `*_READ_BY`, which its route reads by), so a page permission is written once. Every kind is named here:
 * a new export does not compile until it says whose list it writes.
 */
const READ_BY_OF_KIND: Record<ExportKind, ListReadBy> = {
  [EXPORT_KIND.operationList]: OPERATION_LIST_READ_BY,
  // The members sheet is the 成员管理 list in a file: whoever may not open that page (a 查看人员 holds the
  // export centre) may not take its roster, nor the counterparties and their volumes beside it.
  [EXPORT_KIND.orgRelation]: { permission: PERMISSION.staff.path },
  [EXPORT_KIND.billsHeld]: BILL_LISTS_READ_BY,
  [EXPORT_KIND.billsIssued]: BILL_LISTS_READ_BY,
  [EXPORT_KIND.billsPending]: BILL_LISTS_READ_BY,
  [EXPORT_KIND.billApplications]: BILL_LISTS_READ_BY,
  [EXPORT_KIND.guarantees]: GUARANTEE_LIST_READ_BY,
  [EXPORT_KIND.discounts]: DISCOUNT_LIST_READ_BY,
  [EXPORT_KIND.pledges]: PLEDGE_LIST_READ_BY,
  [EXPORT_KIND.freezes]: FREEZE_LIST_READ_BY,
  [EXPORT_KIND.recourse]: RECOURSE_LIST_READ_BY,
  [EXPORT_KIND.payments]: PAYMENT_LIST_READ_BY,
};

export const EXPORT_MSG = {
  created: '导出任务已创建',
  notFound: '导出任务不存在',
  notReady: '导出尚未完成，请稍后下载',
  failed: '导出失败，请重新导出',
  tooLarge: `导出数据超过 ${EXPORT_ROW_CAP} 行，请缩小范围后重试`,
  fileGone: '导出文件已不存在，请重新导出',
} as const;

/** The export centre: tasks, their asynchronous worker and the downloads, each only to the user and organisation that asked. */
export const exportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const worker = createExportWorker({
    db: app.db,
    now: app.now,
    realtime: app.realtime,
    files: app.adapters.files,
    log: app.log,
    leaseMs: app.config.taskLeaseSeconds * 1000,
    pollMs: app.config.taskPollSeconds * 1000,
  });
  app.addHook('onReady', async () => worker.start());
  // Before the database closes: a running task is handed back as pending for the next start.
  app.addHook('preClose', async () => worker.stop());
  app.addHook('preHandler', app.authenticate);

  /** Exports per user per minute; a retry answered from its Idempotency-Key never gets here. */
  async function limitExports(request: FastifyRequest, member: Member): Promise<void> {
    const decision = await hitRateLimit(
      app.db,
      `export:${member.userId}`,
      EXPORT_RATE_LIMIT.limit,
      EXPORT_RATE_LIMIT.windowMs,
      app.now(),
    );
    if (decision.allowed) return;
    logSecurityEvent(request, SECURITY_EVENT.rateLimited, {
      userId: member.userId,
      orgId: member.orgId,
      reason: 'export',
    });
    throw fail(API_ERROR.rateLimited, MSG.tooManyRequests, {
      'Retry-After': String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000))),
    });
  }

  app.post(
    EXPORT_URL.tasks,
    {
      config: { idempotent: true },
      schema: {
        body: ExportTaskRequest,
        response: {
          201: Envelope(ExportTask),
          ...AUTHENTICATED_ERRORS,
          ...ERRORS.forbidden,
          ...ERRORS.tooMany,
        },
      },
    },
    async function postExportTasks(request, reply) {
      // The file is fetched from the export centre: a member who may not open it may not fill it either.
      const member = await requirePermission(request, PERMISSION.exportCenter.path);
      const { kind } = request.body;
      await listReader(request, READ_BY_OF_KIND[kind]);
      const params = request.body.params ?? {};
      await limitExports(request, member);
      const answer = await runCommand(request, reply, async (trx) => {
        if (
          (await exportRowCount(trx, { orgId: member.orgId, kind, params, now: app.now() })) > EXPORT_ROW_CAP
        )
          throw fail(API_ERROR.exportTooLarge, EXPORT_MSG.tooLarge);
        const task = await createExportTask(trx, member, kind, params, app.now());
        return { statusCode: 201, body: { code: 201, msg: EXPORT_MSG.created, data: task } };
      });
      // After the commit, so the worker finds the task.
      worker.kick();
      return answer;
    },
  );

  app.get(
    EXPORT_URL.tasks,
    {
      schema: {
        querystring: PageQuery,
        response: { 200: Envelope(Page(ExportTask)), ...AUTHENTICATED_ERRORS },
      },
    },
    async function getExportTasks(request) {
      return answerList(request, (member, page) => exportTaskPage(app.db, member, page));
    },
  );

  app.get(
    EXPORT_URL.file,
    {
      schema: {
        params: ExportTaskParams,
        response: {
          200: Type.Unsafe<Readable>({ type: 'string', format: 'binary', description: XLSX_CONTENT_TYPE }),
          ...AUTHENTICATED_ERRORS,
          ...ERRORS.notFound,
          ...ERRORS.conflict,
        },
      },
    },
    async function getExportFile(request, reply) {
      const member = memberOrNull(request);
      const task = member ? await ownTask(app.db, member, request.params.id) : undefined;
      if (!task) {
        throw notFoundInOrg(
          request,
          'export_task',
          await taskOrgOf(app.db, request.params.id),
          EXPORT_MSG.notFound,
        );
      }
      if (task.status !== EXPORT_STATUS.done) {
        const msg = task.status === EXPORT_STATUS.failed ? EXPORT_MSG.failed : EXPORT_MSG.notReady;
        throw fail(API_ERROR.exportNotReady, msg);
      }
      const file = await app.adapters.files.get(exportFileKey(task.id, Number(task.attempts)));
      if (!file) throw fail(API_ERROR.notFound, EXPORT_MSG.fileGone);
      // Streamed from the store as the client reads it, whatever the size.
      return reply
        .header('Content-Type', XLSX_CONTENT_TYPE)
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', attachment(task.file_name, task.ascii_file_name))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store')
        .send(file.stream);
    },
  );
};
