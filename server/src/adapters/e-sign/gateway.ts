import { API_ERROR } from '@contract/errors';
import type { Db } from '../../db/database';
import { ApiFailure, fail } from '../../lib/errors';
import type { SignatureField } from '../../lib/pdf/contract-pdf';
import type { SealTemplate } from '../../lib/pdf/seal';

/**
 * The e-sign provider, in the shape the major Chinese providers share (e签宝, 契约锁, 法大大): an account per
 * organisation, which gets a default template seal when it is opened; a sign flow per document, with the
 * states below; the signing done by the provider with the organisation's certificate; the result told by a
 * callback (see callback-signature.ts), which the platform checks and applies once. app.ts picks the
 * implementation from the configuration: the sandbox provider (sandbox.ts), a real one, or none.
 */
export const FLOW_STATUS = {
  draft: 'draft',
  signing: 'signing',
  complete: 'complete',
  revoked: 'revoked',
  expired: 'expired',
  refused: 'refused',
} as const;
export type FlowStatus = (typeof FLOW_STATUS)[keyof typeof FLOW_STATUS];
export const FINAL_FLOW_STATUSES: readonly FlowStatus[] = ['complete', 'revoked', 'expired', 'refused'];

export interface OrgIdentity {
  name: string;
  creditCode: string;
}

export interface ProviderSeal {
  sealId: string;
  template: SealTemplate;
  name: string;
  label: string | null;
}

export interface OpenedAccount {
  accountId: string;
  /** The default template seal first. */
  seals: ProviderSeal[];
}

export interface FlowRequest {
  accountId: string;
  title: string;
  /** The file to sign, in the file store. */
  fileKey: string;
  field: SignatureField;
  expiresAt: number;
}

/** What signing needs: the flow, the account and its seal, and where on the document the seal goes. */
export interface SignRequest {
  flowId: string;
  accountId: string;
  sealId: string;
  field: SignatureField;
}

/** Where the provider reads the files it signs and keeps the signed ones (the platform's file store). */
export interface ProviderFiles {
  read(key: string): Promise<Buffer | null>;
  write(key: string, bytes: Uint8Array): Promise<void>;
}

/** The body of a callback: one state change of one flow, named by an event id the provider never reuses. */
export interface FlowEvent {
  eventId: string;
  flowId: string;
  status: FlowStatus;
  /** The signed file in the file store, when complete. */
  signedFileKey?: string;
  message?: string;
  at: number;
}

/** A callback as it reached `POST /api/edoc/callback`: nothing in it is believed until the gateway has checked it. */
export interface ReceivedCallback {
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
  now: number;
}

/**
 * What a callback said: a state change of a flow, something the platform does not act on (a signer's own
 * step, another product's event), or a refusal (a signature or time window that does not check out, a body
 * that is not the provider's).
 */
export type CallbackReading =
  { kind: 'event'; event: FlowEvent } | { kind: 'ignored' } | { kind: 'rejected'; reason: string };

export interface ESignGateway {
  /**
   * Checks a callback's signature and reads it. A completed flow's signed file is in the file store by the
   * time its event is answered (signedFileKey).
   */
  readCallback(callback: ReceivedCallback): Promise<CallbackReading>;
  /** Opens the organisation's account (once: a second call answers the same account). */
  openAccount(org: OrgIdentity, within: Db): Promise<OpenedAccount>;
  /** Starts a flow in `signing` with one signer and its field. */
  startFlow(request: FlowRequest, within: Db): Promise<{ flowId: string }>;
  /**
   * Signs the flow with the account's seal. The provider answers at once that it accepted the request; the
   * outcome (complete, refused...) arrives as a callback.
   */
  sign(request: SignRequest): Promise<void>;
  /** Withdraws a flow that is not final. */
  revoke(flowId: string): Promise<void>;
  /** Where the provider stands on the flow (what a status query asks it). */
  flowStatus(flowId: string): Promise<FlowStatus | null>;
  /**
   * The flow's end as its callback tells it, asked of the provider (a callback that never came): the same
   * event id as that callback where the provider names its events by the flow's end, and a completed flow's
   * signed file in the file store. Null while the flow has not ended; a provider that does not answer throws.
   */
  flowEnd(flowId: string): Promise<FlowEvent | null>;
}

const ESIGN_UNAVAILABLE = '电子签章服务暂不可用，请稍后重试';

const unavailable = () => fail(API_ERROR.serviceUnavailable, ESIGN_UNAVAILABLE);

/**
 * A call the provider failed: answered as every e-sign fault is (503, 电子签章服务暂不可用), and carrying for
 * the logs what the provider said: `providerCode` is its own error code where it answered one (e签宝's
 * `1437102`, 签署流程不存在), or how the call failed (`timeout`, `network`, `http-503` after every retry).
 */
export class ESignProviderFault extends ApiFailure {
  constructor(
    readonly providerCode: string,
    options: { cause?: unknown } = {},
  ) {
    super(API_ERROR.serviceUnavailable, ESIGN_UNAVAILABLE);
    if ('cause' in options) this.cause = options.cause;
  }
}

/** The provider's code of a failed call (ESignProviderFault), or null when the error carries none. */
export const providerCodeOf = (error: unknown): string | null =>
  error instanceof ESignProviderFault ? error.providerCode : null;

/** No provider configured (SANDBOX=off, ESIGN_PROVIDER=none): nothing is opened or signed. */
export class UnavailableESignGateway implements ESignGateway {
  async readCallback(): Promise<CallbackReading> {
    return { kind: 'rejected', reason: 'no-provider' };
  }
  async openAccount(): Promise<OpenedAccount> {
    throw unavailable();
  }
  async startFlow(): Promise<{ flowId: string }> {
    throw unavailable();
  }
  async sign(): Promise<void> {
    throw unavailable();
  }
  async revoke(): Promise<void> {
    throw unavailable();
  }
  async flowStatus(): Promise<FlowStatus | null> {
    return null;
  }
  async flowEnd(): Promise<FlowEvent | null> {
    throw unavailable();
  }
}
