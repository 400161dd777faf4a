import { API_ERROR } from '@contract/errors';
import { fail } from '../../lib/errors';

/**
 * The electronic business licence provider (docs/domain.md: a dynamic QR code, confirmed in the holder's
 * app, with an expiry). It says what a QR code carries, and vouches for a holder's confirmation with a
 * signature that the client hands back with QR-ID. app.ts picks the implementation from the configuration.
 */
export interface LicenceGateway {
  /** The text encoded in the QR code of session `qrId`; `origin` is the web app's, e.g. https://host:8080. */
  qrContent(qrId: string, origin: string): string;
  /** The signature of a confirmed session, bound to its QR id and challenge. */
  sign(qrId: string, challengeId: string): string;
  /** True when `signature` is the one `sign` gives for this session (constant time). */
  verify(qrId: string, challengeId: string, signature: string): boolean;
}

const LICENCE_UNAVAILABLE = '电子营业执照服务暂不可用，请稍后重试';

/** Outside the sandbox (the licence app has no public API): QR codes cannot be issued, nothing verifies. */
export class UnavailableLicenceGateway implements LicenceGateway {
  qrContent(): string {
    throw fail(API_ERROR.serviceUnavailable, LICENCE_UNAVAILABLE);
  }
  sign(): string {
    throw fail(API_ERROR.serviceUnavailable, LICENCE_UNAVAILABLE);
  }
  verify(): boolean {
    return false;
  }
}
