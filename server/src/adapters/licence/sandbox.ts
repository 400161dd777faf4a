import crypto from 'node:crypto';
import { SANDBOX_QR_HASH_PATH } from '@contract/verification';
import type { LicenceGateway } from './gateway';

/** The licence app is the SPA's sandbox page; the signature is an HMAC under the server's QR key. */
export class SandboxLicenceGateway implements LicenceGateway {
  constructor(private readonly key: Buffer) {}

  qrContent(qrId: string, origin: string): string {
    return `${origin}/#${SANDBOX_QR_HASH_PATH}${encodeURIComponent(qrId)}`;
  }

  sign(qrId: string, challengeId: string): string {
    return crypto.createHmac('sha256', this.key).update(`${qrId}:${challengeId}`).digest('base64url');
  }

  verify(qrId: string, challengeId: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(qrId, challengeId));
    const given = Buffer.from(signature);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  }
}
