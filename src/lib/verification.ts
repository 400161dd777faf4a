import { VERIFICATION_ERROR, VERIFICATION_HEADER, VERIFICATION_HTTP_STATUS } from '@contract/verification';
import type { VerificationRefusal } from '@contract/verification-schemas';
import { showErrorNotice } from '@/lib/error-messages';
import { getUserInfo } from '@/lib/storage';
import {
  enqueueVerification,
  finishVerification,
  hasVerificationHost,
  newVerificationTaskId,
  type VerificationKind,
  type VerificationOutcome,
  type VerificationProof,
  type VerificationTask,
} from '@/lib/verification-queue';
import { errorMessages } from '@/locales/zh-CN/errors';
import { verificationMessages } from '@/locales/zh-CN/verification';

/** Proofs one refused call may try before it fails (no endless re-prompt). */
export const MAX_VERIFICATION_ATTEMPTS = 5;

const SMS_CODES: ReadonlySet<string> = new Set([
  VERIFICATION_ERROR.smsRequired,
  VERIFICATION_ERROR.smsCodeInvalid,
]);
const QR_CODES: ReadonlySet<string> = new Set([VERIFICATION_ERROR.qrRequired, VERIFICATION_ERROR.qrInvalid]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The server's own verification refusal and the dialog it calls for, or null for any other answer:
 * a bare 406/412 from a proxy or another error body follows the catalogue, so nothing but the platform can open a verification dialog.
 */
export function verificationKindOf(
  status: number | undefined,
  body: unknown,
): { kind: VerificationKind; refusal: VerificationRefusal } | null {
  if (!isRecord(body) || typeof body.code !== 'string') return null;
  const refusal: VerificationRefusal = {
    code: body.code as VerificationRefusal['code'],
    msg: typeof body.msg === 'string' ? body.msg : '',
    challengeId: typeof body.challengeId === 'string' ? body.challengeId : undefined,
  };
  if (status === VERIFICATION_HTTP_STATUS.sms && SMS_CODES.has(body.code) && refusal.challengeId) {
    return { kind: 'sms', refusal };
  }
  if (status === VERIFICATION_HTTP_STATUS.qr && QR_CODES.has(body.code) && refusal.challengeId) {
    return { kind: 'qr', refusal };
  }
  if (status === VERIFICATION_HTTP_STATUS.qr && body.code === VERIFICATION_ERROR.licenceUnbound) {
    return { kind: 'licenceUnbound', refusal };
  }
  return null;
}

/** The headers of a verified replay (spec section 7). */
export function proofHeaders(proof: VerificationProof): Record<string, string> {
  return proof.kind === 'sms'
    ? { [VERIFICATION_HEADER.smsCode]: proof.code }
    : { [VERIFICATION_HEADER.qrId]: proof.qrId, [VERIFICATION_HEADER.qrSignature]: proof.signature };
}

/** The user closed the dialog: the refused call ends without a notice. */
export class VerificationCancelledError extends Error {
  override readonly name = 'VerificationCancelledError';
}

export interface VerificationRun<T> {
  kind: VerificationKind;
  refusal: VerificationRefusal;
  /** The SMS subject; the signed-in user's mobile when absent. */
  mobile: string | undefined;
  /** The refused call again, with these headers added. */
  replay: (headers: Record<string, string>) => Promise<T>;
  /** The refusal a failed replay carries, when it is one of the same kind (a wrong or spent proof). */
  refusalOf: (error: unknown) => { kind: VerificationKind; refusal: VerificationRefusal } | null;
}

/**
 * Opens the dialog for a refused call and resolves with the replay that passed. A wrong proof keeps the
 * dialog open with the server's reason, up to MAX_VERIFICATION_ATTEMPTS; cancelling rejects with
 * VerificationCancelledError; the e-licence dialog (spec section 6) always ends in a cancellation.
 */
export function runVerification<T>(run: VerificationRun<T>): Promise<T> {
  if (!hasVerificationHost()) {
    showErrorNotice(run.refusal.msg || errorMessages.network.fallback);
    return Promise.reject(new VerificationCancelledError('no dialog host is mounted'));
  }
  return new Promise<T>((resolve, reject) => {
    let attempts = 0;
    let settled = false;
    const task: VerificationTask = {
      id: newVerificationTaskId(),
      kind: run.kind,
      message: run.refusal.msg,
      challengeId: run.refusal.challengeId,
      mobile: run.mobile ?? getUserInfo()?.mobile,
      async submit(proof): Promise<VerificationOutcome> {
        if (settled) return { done: true };
        attempts += 1;
        try {
          const result = await run.replay(proofHeaders(proof));
          settle(() => resolve(result));
          return { done: true };
        } catch (error) {
          const again = run.refusalOf(error);
          if (again && again.kind === run.kind && attempts < MAX_VERIFICATION_ATTEMPTS) {
            return { done: false, message: again.refusal.msg, challengeId: again.refusal.challengeId };
          }
          if (again) {
            showErrorNotice(
              again.kind === run.kind
                ? verificationMessages.tooManyAttempts
                : again.refusal.msg || errorMessages.network.fallback,
            );
          }
          settle(() => reject(error));
          return { done: true };
        }
      },
      cancel() {
        settle(() => reject(new VerificationCancelledError('verification cancelled')));
      },
    };
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      finishVerification(task);
      finish();
    };
    enqueueVerification(task);
  });
}
