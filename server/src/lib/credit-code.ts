/** Unified social credit code (GB 32100-2015); the check character's rule is in docs/domain.md. */
const CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const MODULUS = CHARSET.length;
export const CREDIT_CODE_LENGTH = 18;

/** The 18th character for the first 17, or null when they are not 17 characters of the code's charset. */
export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== WEIGHTS.length) return null;
  let sum = 0;
  for (let i = 0; i < WEIGHTS.length; i++) {
    const value = CHARSET.indexOf(first17[i] ?? '');
    if (value < 0) return null;
    sum += value * (WEIGHTS[i] ?? 0);
  }
  return CHARSET[(MODULUS - (sum % MODULUS)) % MODULUS] ?? null;
}

export function isValidCreditCode(code: string): boolean {
  return code.length === CREDIT_CODE_LENGTH && creditCodeCheckChar(code.slice(0, -1)) === code.slice(-1);
}
