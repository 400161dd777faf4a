import type { IdentityGateway } from './gateway';

/**
 * The sandbox's registry of citizens: every well-formed name and number match, except numbers whose
 * sequence code (positions 15-17) is 999, which the sandbox treats as belonging to someone else, so the
 * refusal can be tried (README, the sandbox).
 */
export const SANDBOX_MISMATCH_SEQUENCE = '999';

export class SandboxIdentityGateway implements IdentityGateway {
  check(_name: string, idNumber: string): Promise<'match' | 'mismatch'> {
    return Promise.resolve(idNumber.slice(14, 17) === SANDBOX_MISMATCH_SEQUENCE ? 'mismatch' : 'match');
  }
}
