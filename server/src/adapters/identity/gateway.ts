import { API_ERROR } from '@contract/errors';
import { fail } from '../../lib/errors';

/**
 * The identity provider: whether a name and a resident ID number belong together (the public-security
 * citizen identity check that real-name platforms call). The number has passed GB 11643 before it is asked.
 * app.ts picks the implementation from the configuration.
 */
export interface IdentityGateway {
  check(name: string, idNumber: string): Promise<'match' | 'mismatch'>;
}

const IDENTITY_UNAVAILABLE = '实名认证服务暂不可用，请稍后重试';

export const identityUnavailable = () => fail(API_ERROR.serviceUnavailable, IDENTITY_UNAVAILABLE);

/** No provider configured (SANDBOX=off, ESIGN_PROVIDER=none): nobody is verified. */
export class UnavailableIdentityGateway implements IdentityGateway {
  check(): Promise<'match' | 'mismatch'> {
    return Promise.reject(identityUnavailable());
  }
}
