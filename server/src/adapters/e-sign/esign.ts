import crypto from 'node:crypto';
import { API_ERROR } from '@contract/errors';
import { fail } from '../../lib/errors';
import { EsignRefusal, type EsignOpenApi } from '../../lib/esign-open-api';
import { ProviderUnavailable } from '../../lib/provider-http';
import type { SealTemplate } from '../../lib/pdf/seal';
import {
  FINAL_FLOW_STATUSES,
  FLOW_STATUS,
  ESignProviderFault,
  type CallbackReading,
  type ESignGateway,
  type FlowEvent,
  type FlowRequest,
  type FlowStatus,
  type OpenedAccount,
  type OrgIdentity,
  type ProviderFiles,
  type ProviderSeal,
  type ReceivedCallback,
  type SignRequest,
} from './gateway';

export interface EsignESignOptions {
  api: EsignOpenApi;
  files: ProviderFiles;
  /** Where e签宝 posts the flows' callbacks: the public address of `POST /api/edoc/callback`. */
  notifyUrl: string;
  /** How often, and how long apart, an uploaded file's processing is asked after (e签宝 checks each upload). */
  fileChecks?: number;
  fileCheckIntervalMs?: number;
}

/** e签宝's signFlowStatus (detail answers a number, callbacks a string). */
const STATUS_OF: Record<string, FlowStatus> = {
  '0': FLOW_STATUS.draft,
  '1': FLOW_STATUS.signing,
  '2': FLOW_STATUS.complete,
  '3': FLOW_STATUS.revoked,
  '5': FLOW_STATUS.expired,
  '7': FLOW_STATUS.refused,
};
/** The flow has ended, one way or another: its one callback of interest. */
const FLOW_ENDED = 'SIGN_FLOW_COMPLETE';
/** An uploaded file is ready once e签宝 reports it uploaded (2) or converted (5). */
const FILE_READY = new Set([2, 5]);
const NOT_REALNAMED = '企业尚未在电子签章服务完成实名认证，请先完成认证';
/** The seal kinds e签宝 lists, as the seals the screens draw. */
const SEAL_TEMPLATE: Record<string, { template: SealTemplate; label: string | null }> = {
  CONTRACT: { template: 'contract38', label: '合同专用章' },
  PUBLIC: { template: 'official40', label: null },
};
const REVOKE_REASON = '合同已撤回';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Provider faults become 503 (ESignProviderFault), keeping e签宝's error code, or how the call failed, for the
 * logs; the platform's own refusals pass through.
 */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof EsignRefusal) throw new ESignProviderFault(String(error.code), { cause: error });
    if (error instanceof ProviderUnavailable) {
      const how = error.status ? `${error.kind}-${error.status}` : error.kind;
      throw new ESignProviderFault(how, { cause: error });
    }
    throw error;
  }
}

interface FlowDetail {
  signFlowStatus: number;
  docs?: Array<{ fileId: string; fileName?: string }>;
}

/**
 * e签宝's sign flows (SaaS API v3). An organisation's account is its e签宝 organisation (found by credit
 * code, once it has authenticated there) and its seals those e签宝 lists; a flow is the uploaded PDF in a
 * draft flow, to which signing adds the organisation's field, signed automatically with the chosen seal,
 * and starts it. The outcome comes back as a signed callback; the signed PDF is fetched into the file store
 * before the callback is answered, so a failed download is retried by e签宝's own retry.
 */
export class EsignESignGateway implements ESignGateway {
  constructor(private readonly options: EsignESignOptions) {}

  private get api() {
    return this.options.api;
  }

  async openAccount(org: OrgIdentity): Promise<OpenedAccount> {
    return guarded(async () => {
      const query = `orgIDCardNum=${encodeURIComponent(org.creditCode)}&orgIDCardType=CRED_ORG_USCC`;
      const found = await this.api.call<{ orgId?: string; realnameStatus?: number }>(
        'org.identity-info',
        'GET',
        `/v3/organizations/identity-info?${query}`,
        undefined,
        'always',
      );
      if (found.code !== 0 || !found.data?.orgId || found.data.realnameStatus !== 1) {
        throw fail(API_ERROR.conflict, NOT_REALNAMED);
      }
      const orgId = found.data.orgId;
      const listed = await this.api.data<{ seals?: Array<{ sealId: string; sealBizType?: string }> }>(
        'seals.org-own-seal-list',
        'GET',
        `/v3/seals/org-own-seal-list?orgId=${encodeURIComponent(orgId)}&pageNum=1&pageSize=20`,
        undefined,
        'always',
      );
      const seals: ProviderSeal[] = (listed.seals ?? []).flatMap((seal) => {
        const kind = SEAL_TEMPLATE[seal.sealBizType ?? ''];
        return kind
          ? [{ sealId: seal.sealId, template: kind.template, name: org.name, label: kind.label }]
          : [];
      });
      // The contract seal first: the one contracts use by default.
      seals.sort((a, b) => Number(b.template === 'contract38') - Number(a.template === 'contract38'));
      return { accountId: orgId, seals };
    });
  }

  async startFlow(request: FlowRequest): Promise<{ flowId: string }> {
    return guarded(async () => {
      const bytes = await this.options.files.read(request.fileKey);
      if (!bytes) throw new Error('contract file missing');
      const fileName = `${request.title.replace(/[/\\:*"<>|?]/g, '')}.pdf`;
      const md5 = crypto.createHash('md5').update(bytes).digest('base64');
      const upload = await this.api.data<{ fileId: string; fileUploadUrl: string }>(
        'files.file-upload-url',
        'POST',
        '/v3/files/file-upload-url',
        {
          contentMd5: md5,
          contentType: 'application/pdf',
          fileName,
          fileSize: bytes.length,
          convertToPDF: false,
        },
        'always',
      );
      const put = await this.api.transfer(
        'files.upload',
        'PUT',
        upload.fileUploadUrl,
        {
          'Content-MD5': md5,
          'Content-Type': 'application/pdf',
        },
        bytes,
      );
      if (put.status !== 200) throw new ProviderUnavailable('esign', 'files.upload', 'http', put.status);
      await this.untilFileReady(upload.fileId);
      // Created as a draft: signing adds the organisation's field with the seal chosen then, and starts it.
      const created = await this.api.data<{ signFlowId: string }>(
        'sign-flow.create-by-file',
        'POST',
        '/v3/sign-flow/create-by-file',
        {
          docs: [{ fileId: upload.fileId, fileName }],
          signFlowConfig: {
            signFlowTitle: request.title,
            signFlowExpireTime: request.expiresAt,
            autoStart: false,
            autoFinish: true,
            notifyUrl: this.options.notifyUrl,
          },
        },
        // A second arrival would open a second flow; the sign worker revokes a flow it cannot keep.
        'unsent',
      );
      return { flowId: created.signFlowId };
    });
  }

  private async untilFileReady(fileId: string): Promise<void> {
    const checks = this.options.fileChecks ?? 10;
    for (let i = 0; i < checks; i++) {
      const file = await this.api.data<{ fileStatus: number }>(
        'files.status',
        'GET',
        `/v3/files/${encodeURIComponent(fileId)}`,
        undefined,
        'always',
      );
      if (FILE_READY.has(file.fileStatus)) return;
      await sleep(this.options.fileCheckIntervalMs ?? 500);
    }
    throw new ProviderUnavailable('esign', 'files.status', 'timeout');
  }

  private detail(flowId: string): Promise<FlowDetail> {
    return this.api.data<FlowDetail>(
      'sign-flow.detail',
      'GET',
      `/v3/sign-flow/${encodeURIComponent(flowId)}/detail`,
      undefined,
      'always',
    );
  }

  async sign({ flowId, accountId, sealId, field }: SignRequest): Promise<void> {
    return guarded(async () => {
      const detail = await this.detail(flowId);
      // Started already (a retried batch) or ended: the callback tells, or told, the outcome.
      if (STATUS_OF[String(detail.signFlowStatus)] !== FLOW_STATUS.draft) return;
      const fileId = detail.docs?.[0]?.fileId;
      if (!fileId) throw new ProviderUnavailable('esign', 'sign-flow.detail', 'http');
      const [x1, y1, x2, y2] = field.rect;
      const path = `/v3/sign-flow/${encodeURIComponent(flowId)}`;
      await this.api.data(
        'sign-flow.sign-fields',
        'POST',
        `${path}/signers/sign-fields`,
        {
          signers: [
            {
              signerType: 1,
              orgSignerInfo: { orgId: accountId },
              signFields: [
                {
                  fileId,
                  signFieldType: 0,
                  normalSignFieldConfig: {
                    autoSign: true,
                    assignedSealId: sealId,
                    signFieldStyle: 1,
                    // e签宝 counts pages from 1 and places the seal's centre, in points from the lower left.
                    signFieldPosition: {
                      positionPage: String(field.page + 1),
                      positionX: (x1 + x2) / 2,
                      positionY: (y1 + y2) / 2,
                    },
                  },
                },
              ],
            },
          ],
        },
        'unsent',
      );
      const started = await this.api.call('sign-flow.start', 'POST', `${path}/start`, undefined, 'always');
      // A start that arrived twice is refused the second time; the flow is under way all the same.
      if (
        started.code !== 0 &&
        STATUS_OF[String((await this.detail(flowId)).signFlowStatus)] === FLOW_STATUS.draft
      )
        throw new ESignProviderFault(String(started.code));
    });
  }

  async revoke(flowId: string): Promise<void> {
    return guarded(async () => {
      const answer = await this.api.call(
        'sign-flow.revoke',
        'POST',
        `/v3/sign-flow/${encodeURIComponent(flowId)}/revoke`,
        { revokeReason: REVOKE_REASON },
        'always',
      );
      if (answer.code === 0) return;
      // Refused because it had ended already (or a retry found it revoked): nothing is left to withdraw.
      const status = STATUS_OF[String((await this.detail(flowId)).signFlowStatus)];
      if (status && FINAL_FLOW_STATUSES.includes(status)) return;
      throw new ESignProviderFault(String(answer.code));
    });
  }

  async flowStatus(flowId: string): Promise<FlowStatus | null> {
    try {
      return STATUS_OF[String((await this.detail(flowId)).signFlowStatus)] ?? null;
    } catch {
      return null;
    }
  }

  async flowEnd(flowId: string): Promise<FlowEvent | null> {
    return guarded(async () => {
      const status = STATUS_OF[String((await this.detail(flowId)).signFlowStatus)];
      if (!status || !FINAL_FLOW_STATUSES.includes(status)) return null;
      // Named as its callback names it, so the callback arriving after all finds it applied.
      const event: FlowEvent = { eventId: `esign:${flowId}:${status}`, flowId, status, at: Date.now() };
      if (status !== FLOW_STATUS.complete) return event;
      return { ...event, signedFileKey: await this.fetchSignedFile(flowId) };
    });
  }

  async readCallback(callback: ReceivedCallback): Promise<CallbackReading> {
    const check = this.api.checkCallback(callback.headers, callback.query, callback.rawBody, callback.now);
    if (check !== 'ok') return { kind: 'rejected', reason: check };
    let body: { action?: unknown; signFlowId?: unknown; signFlowStatus?: unknown; timestamp?: unknown };
    try {
      body = JSON.parse(callback.rawBody.toString('utf8')) as typeof body;
    } catch {
      return { kind: 'rejected', reason: 'body' };
    }
    if (typeof body?.action !== 'string') return { kind: 'rejected', reason: 'body' };
    // Other actions (a signer's own step, other products' events) change nothing the platform keeps.
    if (body.action !== FLOW_ENDED) return { kind: 'ignored' };
    const status = STATUS_OF[String(body.signFlowStatus)];
    if (typeof body.signFlowId !== 'string' || !status || !FINAL_FLOW_STATUSES.includes(status))
      return { kind: 'rejected', reason: 'body' };
    const flowId = body.signFlowId;
    const at = typeof body.timestamp === 'number' ? body.timestamp : callback.now;
    // A flow ends once: its id and end name the event, however often (and through however many
    // subscriptions) e签宝 sends it.
    const eventId = `esign:${flowId}:${status}`;
    if (status !== FLOW_STATUS.complete) return { kind: 'event', event: { eventId, flowId, status, at } };
    const signedFileKey = await this.fetchSignedFile(flowId);
    return { kind: 'event', event: { eventId, flowId, status, at, signedFileKey } };
  }

  /** The signed PDF, from e签宝's download address into the file store; a fault fails the callback (retried). */
  private async fetchSignedFile(flowId: string): Promise<string> {
    const listed = await this.api.data<{ files?: Array<{ downloadUrl: string }> }>(
      'sign-flow.file-download-url',
      'GET',
      `/v3/sign-flow/${encodeURIComponent(flowId)}/file-download-url`,
      undefined,
      'always',
    );
    const url = listed.files?.[0]?.downloadUrl;
    if (!url) throw new ProviderUnavailable('esign', 'sign-flow.file-download-url', 'http');
    const file = await this.api.transfer('files.download', 'GET', url, {});
    if (file.status !== 200) throw new ProviderUnavailable('esign', 'files.download', 'http', file.status);
    const key = `esign/${flowId}/signed.pdf`;
    await this.options.files.write(key, file.body);
    return key;
  }
}
