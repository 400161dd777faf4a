import type { SandboxQr, SandboxSms } from '@contract/verification';
import { request } from '@/lib/http';

/**
 * The server's sandbox (on unless SANDBOX=off; its paths answer 404 when off). Silent: the pages say
 * 沙箱未开启 or show the failure themselves.
 */
export const SANDBOX_URL = {
  sms: '/api/sandbox/sms',
  qrList: '/api/sandbox/qr',
  qr: (qrId: string) => `/api/sandbox/qr/${encodeURIComponent(qrId)}`,
  confirm: (qrId: string) => `/api/sandbox/qr/${encodeURIComponent(qrId)}/confirm`,
  refuse: (qrId: string) => `/api/sandbox/qr/${encodeURIComponent(qrId)}/refuse`,
} as const;

export const HTTP_NOT_FOUND = 404;

export function fetchSandboxSms(mobile: string): Promise<SandboxSms[]> {
  return request<SandboxSms[]>({ url: SANDBOX_URL.sms, params: { mobile }, silent: true });
}

export function fetchPendingQrs(): Promise<SandboxQr[]> {
  return request<SandboxQr[]>({ url: SANDBOX_URL.qrList, silent: true });
}

export function fetchSandboxQr(qrId: string): Promise<SandboxQr> {
  return request<SandboxQr>({ url: SANDBOX_URL.qr(qrId), silent: true });
}

/** What the licence app does when its holder confirms or refuses; answers the QR's new state. */
export function decideSandboxQr(qrId: string, decision: 'confirm' | 'refuse'): Promise<SandboxQr> {
  return request<SandboxQr>({
    url: decision === 'confirm' ? SANDBOX_URL.confirm(qrId) : SANDBOX_URL.refuse(qrId),
    method: 'POST',
  });
}
