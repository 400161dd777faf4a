/**
 * Events on the one authenticated WebSocket per signed-in tab (`/api/ws`). Every message is JSON
 * `{ type, payload }`. The browser authenticates with the subprotocols `['chain-bill', <access token>]`
 * (browsers cannot set headers on a WebSocket, and a query string would put the token in logs).
 */
export const REALTIME_PATH = '/api/ws';
export const REALTIME_PROTOCOL = 'chain-bill';

export const REALTIME_EVENT = {
  /** Spec: QRCODE_EVENT with status, msg, __qrcodeId, signature. */
  qrcode: 'QRCODE_EVENT',
  /** A notice or announcement arrived or changed; the header reloads its counts. */
  notice: 'NOTICE_CHANGED',
  /** An export task finished (or failed): lights the export centre's red dot. */
  exportTask: 'EXPORT_TASK_FINISHED',
  /** The non-payment display (spec: SET_NON_PAYMENT_SHOW). */
  nonPayment: 'NON_PAYMENT',
  /** The organisation's authorized or bound flag changed: the tab refreshes its company list (spec section 4). */
  organization: 'ORG_CHANGED',
  /** A bill the organisation is party to changed (an application, an answer): lists and details reload. */
  bill: 'BILL_CHANGED',
  /**
   * Events may have been missed (the server's own event channel was down for a moment): reload what the
   * screen shows from the API. The SPA raises the same event itself when its socket reopens after a drop.
   */
  resync: 'REALTIME_RESYNC',
  /** Spec section 3: the organisation's e-licence authentication (org, change, biz) moved; LicenceQrEvent. */
  orgSignThirdAuthResult: 'EVENT_ORG_SIGN_THIRD_AUTH_RESULT',
  /** Spec section 3: the legal person's authorisation of an applicant (bind, confirm) moved; LicenceQrEvent. */
  legalPersonAuthResult: 'EVENT_WYR_LEGAL_PERSON_AUTH_RESULT',
  /** An apply record of the organisation was created or decided: its administrators reload the list. */
  applyRecord: 'APPLY_RECORD_CHANGED',
  /** One of the organisation's contracts changed state (signed, expired...): the contract screens reload. */
  contract: 'CONTRACT_STATUS',
  /** One of the organisation's pledge financings changed state: its list and pages reload. */
  pledgeFin: 'PLEDGE_FIN_CHANGED',
} as const;
export type RealtimeEventType = (typeof REALTIME_EVENT)[keyof typeof REALTIME_EVENT];

export interface RealtimeMessage<P = unknown> {
  type: RealtimeEventType;
  payload: P;
}

/** Payload of QRCODE_EVENT (spec section 3). */
export interface QrCodeEventPayload {
  status: number;
  msg: string;
  __qrcodeId: string;
  signature?: string;
}

export interface ExportTaskEventPayload {
  taskId: string;
  status: 'done' | 'failed';
  fileName: string;
}

export interface NonPaymentEventPayload {
  show: boolean;
}

export interface ContractEventPayload {
  contractId: string;
  status: string;
}
