import { API_ERROR } from '@contract/errors';
import { fail } from '../../lib/errors';
import { EsignRefusal, type EsignOpenApi } from '../../lib/esign-open-api';
import { ProviderUnavailable } from '../../lib/provider-http';
import { identityUnavailable, type IdentityGateway } from './gateway';

/** e签宝's answer when the name and the number do not belong together (信息比对不通过). */
const MISMATCH = 30504001;
/** Its risk control after repeated failures of the same pair. */
const RISK_CONTROLLED = 30504900;
const IDENTITY_RISK_CONTROLLED = '核验过于频繁，请稍后重试';

/** The citizen identity check through e签宝's two-factor comparison (个人2要素信息比对). */
export class EsignIdentityGateway implements IdentityGateway {
  constructor(private readonly api: EsignOpenApi) {}

  async check(name: string, idNumber: string): Promise<'match' | 'mismatch'> {
    try {
      // A comparison changes nothing at e签宝, so a retry after a timeout is harmless.
      const answer = await this.api.call(
        'identity.individual.base',
        'POST',
        '/v2/identity/verify/individual/base',
        { idNo: idNumber, name },
        'always',
      );
      if (answer.code === 0) return 'match';
      if (answer.code === MISMATCH) return 'mismatch';
      if (answer.code === RISK_CONTROLLED) throw fail(API_ERROR.rateLimited, IDENTITY_RISK_CONTROLLED);
      throw identityUnavailable();
    } catch (error) {
      if (error instanceof ProviderUnavailable || error instanceof EsignRefusal) throw identityUnavailable();
      throw error;
    }
  }
}
