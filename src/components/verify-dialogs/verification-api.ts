import { VERIFICATION_URL } from '@contract/verification';
import { pathOf } from '@contract/paths';
import { SMS_BUSINESS_CODE } from '@contract/constants';
import type { SmsSendRequest, QrEvent, QrImage, SmsSent } from '@contract/verification-schemas';
import { env } from '@/config/env';
import { request } from '@/lib/http';

/** `POST /api/sms` after the slider puzzle (scene 'sms'); failures show through the catalogue. */
export function sendSmsCode(mobile: string, captchaVerification: string): Promise<SmsSent> {
  const body: SmsSendRequest = {
    captchaVerification,
    mobile,
    businessCode: SMS_BUSINESS_CODE,
    cId: env.channelId,
  };
  return request<SmsSent>({ url: VERIFICATION_URL.sms, method: 'POST', data: body });
}

/** A QR code for a pending QR challenge; the dialog shows its own failure (二维码获取失败). */
export function fetchVerificationQr(challengeId: string, signal?: AbortSignal): Promise<QrImage> {
  return request<QrImage>({ url: VERIFICATION_URL.qr, params: { challengeId }, silent: true, signal });
}

/** The socket's fallback: the QR session's status as the QRCODE_EVENT would carry it. */
export function fetchQrStatus(qrId: string, signal?: AbortSignal): Promise<QrEvent> {
  return request<QrEvent>({ url: pathOf(VERIFICATION_URL.qrStatus, { qrId }), silent: true, signal });
}
