import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import { v7 as timeOrderedId } from 'uuid';
import type { Db } from '../../db/database';
import type { SandboxEsignCallbackTable } from '../../db/schema';
import type { SignatureField } from '../../lib/pdf/contract-pdf';
import { stampAndSign } from '../../lib/pdf/pdf-signature';
import { drawSeal, type SealTemplate } from '../../lib/pdf/seal';
import { TASK_STATUS, TaskQueue, TaskWorker, type Lease } from '../../lib/task-queue';
import { CALLBACK_HEADER, callbackSignature, readSandboxCallback } from './callback-signature';
import {
  FINAL_FLOW_STATUSES,
  FLOW_STATUS,
  type CallbackReading,
  type ESignGateway,
  type FlowEvent,
  type FlowRequest,
  type FlowStatus,
  type OpenedAccount,
  type OrgIdentity,
  type ProviderFiles,
  type ReceivedCallback,
  type SignRequest,
} from './gateway';
import { issueOrgCertificate, issueSandboxCa, type KeyedCertificate } from './sandbox-ca';

/** Sends one callback; answers the HTTP status the platform gave. */
export type CallbackDelivery = (body: string, headers: Record<string, string>) => Promise<number>;

/** Retries wait 2^attempt seconds, at most this long, as providers back off. */
const RETRY_MAX_MS = 10 * 60 * 1000;
/** A callback still unanswered after this many tries is given up (a real provider alerts its customer). */
export const CALLBACK_MAX_ATTEMPTS = 12;
const CA_ID = 'sandbox-ca';
/** The horizontal text of the contract seal. */
const CONTRACT_SEAL_LABEL = '合同专用章';

export interface SandboxESignOptions {
  db: Db;
  files: ProviderFiles;
  now: () => number;
  platformName: string;
  /** The key both sides hold; the platform checks the callbacks with it. */
  callbackSecret: Buffer;
  leaseMs: number;
  pollMs: number;
}

const sealIdOf = (accountId: string, template: SealTemplate) => `${accountId}.${template}`;

/**
 * The sandbox e-sign provider: its CA (created on first use and kept in the database, so every node signs
 * with the same one), an account per organisation with a certificate that CA issued, flows whose files
 * live in the file store, and real signatures (seal and PAdES) made when a flow is signed. Each state change
 * becomes a callback in an outbox that a background worker delivers, retrying with backoff until it is
 * answered 2xx.
 */
export class SandboxESignGateway implements ESignGateway {
  private deliver: CallbackDelivery | null = null;
  private readonly queue: TaskQueue<'sandbox_esign_callbacks'>;
  readonly worker: TaskWorker<{ task: Selectable<SandboxEsignCallbackTable>; lease: Lease }>;

  constructor(
    private readonly options: SandboxESignOptions,
    log: FastifyBaseLogger,
  ) {
    this.queue = new TaskQueue({
      db: options.db,
      table: 'sandbox_esign_callbacks',
      now: options.now,
      leaseMs: options.leaseMs,
    });
    this.worker = new TaskWorker({
      name: 'sandbox e-sign callbacks',
      log,
      pollMs: options.pollMs,
      claim: () => this.queue.claim(),
      run: (claimed) => this.sendCallback(claimed.task, claimed.lease),
    });
  }

  /** Where callbacks go (the platform's callback route); set once the app is built. */
  deliverTo(delivery: CallbackDelivery): void {
    this.deliver = delivery;
  }

  async readCallback(callback: ReceivedCallback): Promise<CallbackReading> {
    return readSandboxCallback(this.options.callbackSecret, callback);
  }

  async openAccount(org: OrgIdentity, within: Db): Promise<OpenedAccount> {
    const existing = await within
      .selectFrom('sandbox_esign_accounts')
      .select(['account_id', 'org_name'])
      .where('credit_code', '=', org.creditCode)
      .executeTakeFirst();
    let accountId = existing?.account_id;
    if (!accountId) {
      const now = this.options.now();
      const ca = await this.certificateAuthority();
      const certificate = issueOrgCertificate(ca, org, now);
      accountId = `sbx-acct-${timeOrderedId()}`;
      await within
        .insertInto('sandbox_esign_accounts')
        .values({
          account_id: accountId,
          org_name: org.name,
          credit_code: org.creditCode,
          certificate_pem: certificate.certificatePem,
          private_key_pem: certificate.privateKeyPem,
          created_at: now,
        })
        .execute();
    }
    // Every account gets the three template seals, the contract seal first (the one contracts use).
    const seals: OpenedAccount['seals'] = [
      { template: 'contract38', label: CONTRACT_SEAL_LABEL },
      { template: 'official40', label: null },
      { template: 'official42', label: null },
    ].map((seal) => ({
      sealId: sealIdOf(accountId, seal.template as SealTemplate),
      template: seal.template as SealTemplate,
      name: org.name,
      label: seal.label,
    }));
    return { accountId, seals };
  }

  async startFlow(request: FlowRequest, within: Db): Promise<{ flowId: string }> {
    const now = this.options.now();
    const flowId = `sbx-flow-${timeOrderedId()}`;
    await within
      .insertInto('sandbox_esign_flows')
      .values({
        flow_id: flowId,
        account_id: request.accountId,
        status: FLOW_STATUS.signing,
        file_key: request.fileKey,
        signed_file_key: null,
        field: JSON.stringify(request.field),
        title: request.title,
        expires_at: request.expiresAt,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return { flowId };
  }

  async sign({ flowId, accountId, sealId }: SignRequest): Promise<void> {
    const { db, files, now } = this.options;
    const flow = await db
      .selectFrom('sandbox_esign_flows')
      .selectAll()
      .where('flow_id', '=', flowId)
      .executeTakeFirst();
    if (!flow || flow.account_id !== accountId) throw new Error('unknown flow');
    if ((FINAL_FLOW_STATUSES as readonly string[]).includes(flow.status)) {
      // Asked again after the end: the provider tells the outcome again (the platform applies it once).
      await this.emit(flowId, flow.status as FlowStatus, flow.signed_file_key ?? undefined);
      return;
    }
    if (Number(flow.expires_at) <= now()) {
      await this.transition(flowId, FLOW_STATUS.expired);
      return;
    }
    const account = await db
      .selectFrom('sandbox_esign_accounts')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    const template = sealId.slice(accountId.length + 1) as SealTemplate;
    if (!sealId.startsWith(`${accountId}.`)) throw new Error('seal of another account');
    const original = await files.read(flow.file_key);
    if (!original) throw new Error('flow file missing');
    const ca = await this.certificateAuthority();
    const signed = await stampAndSign(original, {
      field: JSON.parse(flow.field) as SignatureField,
      seal: await drawSeal({
        template,
        name: account.org_name,
        label: template === 'contract38' ? CONTRACT_SEAL_LABEL : undefined,
      }),
      identity: {
        certificatePem: account.certificate_pem,
        privateKeyPem: account.private_key_pem,
        chainPem: [ca.certificatePem],
      },
      signerName: account.org_name,
      reason: `签署《${flow.title}》`,
      location: '中国',
      signingTime: new Date(now()),
    });
    const signedKey = `esign-sandbox/${flowId}.signed.pdf`;
    await files.write(signedKey, signed);
    await this.transition(flowId, FLOW_STATUS.complete, signedKey);
  }

  async revoke(flowId: string): Promise<void> {
    const flow = await this.options.db
      .selectFrom('sandbox_esign_flows')
      .select('status')
      .where('flow_id', '=', flowId)
      .executeTakeFirst();
    if (!flow || (FINAL_FLOW_STATUSES as readonly string[]).includes(flow.status)) return;
    await this.transition(flowId, FLOW_STATUS.revoked);
  }

  /** The signer declines (the sandbox page's "refuse"), as a signer can on a provider's signing page. */
  async refuse(flowId: string): Promise<void> {
    await this.transition(flowId, FLOW_STATUS.refused);
  }

  async flowStatus(flowId: string): Promise<FlowStatus | null> {
    const flow = await this.options.db
      .selectFrom('sandbox_esign_flows')
      .select('status')
      .where('flow_id', '=', flowId)
      .executeTakeFirst();
    return (flow?.status as FlowStatus | undefined) ?? null;
  }

  async flowEnd(flowId: string): Promise<FlowEvent | null> {
    const flow = await this.options.db
      .selectFrom('sandbox_esign_flows')
      .select(['status', 'signed_file_key', 'updated_at'])
      .where('flow_id', '=', flowId)
      .executeTakeFirst();
    if (!flow || !(FINAL_FLOW_STATUSES as readonly string[]).includes(flow.status)) return null;
    return {
      eventId: `sandbox:${flowId}:${flow.status}`,
      flowId,
      status: flow.status as FlowStatus,
      at: Number(flow.updated_at),
      ...(flow.signed_file_key ? { signedFileKey: flow.signed_file_key } : {}),
    };
  }

  private async transition(flowId: string, status: FlowStatus, signedFileKey?: string): Promise<void> {
    await this.options.db
      .updateTable('sandbox_esign_flows')
      .set({ status, signed_file_key: signedFileKey ?? null, updated_at: this.options.now() })
      .where('flow_id', '=', flowId)
      .execute();
    await this.emit(flowId, status, signedFileKey);
  }

  private async emit(flowId: string, status: FlowStatus, signedFileKey?: string): Promise<void> {
    const now = this.options.now();
    const event: FlowEvent = {
      eventId: timeOrderedId(),
      flowId,
      status,
      at: now,
      ...(signedFileKey ? { signedFileKey } : {}),
    };
    await this.options.db
      .insertInto('sandbox_esign_callbacks')
      .values({
        id: event.eventId,
        flow_id: flowId,
        body: JSON.stringify(event),
        status: TASK_STATUS.pending,
        attempts: 0,
        lease_expires_at: null,
        next_attempt_at: now,
        created_at: now,
        started_at: null,
      })
      .execute();
    this.worker.kick();
  }

  /** One try; an answer other than 2xx (or none) waits for the next, later each time. */
  private async sendCallback(task: Selectable<SandboxEsignCallbackTable>, lease: Lease): Promise<void> {
    const { now } = this.options;
    let status = 0;
    if (this.deliver) {
      const timestamp = String(now());
      try {
        status = await this.deliver(task.body, {
          'content-type': 'application/json',
          [CALLBACK_HEADER.timestamp]: timestamp,
          [CALLBACK_HEADER.signature]: callbackSignature(this.options.callbackSecret, timestamp, task.body),
        });
      } catch {
        status = 0;
      }
    }
    if (status >= 200 && status < 300) {
      await this.queue.finish(lease, TASK_STATUS.done);
      return;
    }
    if (lease.attempt >= CALLBACK_MAX_ATTEMPTS) {
      await this.queue.finish(lease, TASK_STATUS.failed);
      return;
    }
    // Left running with its lease ending at the next try: the queue claims it again then, on any node.
    const next = now() + Math.min(RETRY_MAX_MS, 2 ** lease.attempt * 1000);
    await this.options.db
      .updateTable('sandbox_esign_callbacks')
      .set({ lease_expires_at: next, next_attempt_at: next })
      .where('id', '=', lease.id)
      .where('attempts', '=', lease.attempt)
      .where('status', '=', TASK_STATUS.running)
      .execute();
  }

  /** The sandbox CA, created once; concurrent first uses on several nodes keep the first one written. */
  private async certificateAuthority(): Promise<KeyedCertificate> {
    const { db } = this.options;
    const read = () =>
      db.selectFrom('sandbox_esign_ca').selectAll().where('id', '=', CA_ID).executeTakeFirst();
    let row = await read();
    if (!row) {
      const ca = issueSandboxCa(this.options.platformName, this.options.now());
      await db
        .insertInto('sandbox_esign_ca')
        .values({
          id: CA_ID,
          certificate_pem: ca.certificatePem,
          private_key_pem: ca.privateKeyPem,
          created_at: this.options.now(),
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      row = await read();
    }
    if (!row) throw new Error('sandbox CA missing');
    return { certificatePem: row.certificate_pem, privateKeyPem: row.private_key_pem };
  }
}
