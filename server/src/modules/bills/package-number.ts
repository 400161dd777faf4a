import { BILL_KIND_SUPPLY_CHAIN_COMMERCIAL, PACKAGE_NO_LENGTH } from '@contract/bills';

/** Digits 22-29: the registration day's sequence, from 1. */
export const DAY_SEQUENCE_DIGITS = 8;
export const MAX_DAY_SEQUENCE = 10 ** DAY_SEQUENCE_DIGITS - 1;

/**
 * The check digit (digit 30) of the first 29: Luhn's mod-10 (ISO/IEC 7812-1), counted from the right with the
 * rightmost of the 29 doubled. SHCPE does not publish its own, so ours is one that catches every single wrong
 * digit and almost every swap of two neighbours, and that anyone can recompute from the number.
 */
export function checkDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

/** True when the last digit of a 30-digit number is the check digit of the 29 before it. */
export const hasValidCheckDigit = (packageNo: string): boolean =>
  /^\d{30}$/.test(packageNo) && checkDigit(packageNo.slice(0, -1)) === packageNo.slice(-1);

/**
 * A package number: 7 (supply-chain commercial bill), the drawer's settlement branch (12 digits), the
 * registration date YYYYMMDD, the day's sequence (8 digits) and the check digit.
 */
export function packageNumber(branchNo: string, registrationDate: string, sequence: number): string {
  if (!/^\d{12}$/.test(branchNo)) throw new Error(`branch number of 12 digits expected: ${branchNo}`);
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > MAX_DAY_SEQUENCE)
    throw new Error(`day sequence out of range: ${sequence}`);
  const body = `${BILL_KIND_SUPPLY_CHAIN_COMMERCIAL}${branchNo}${registrationDate.replaceAll('-', '')}${String(
    sequence,
  ).padStart(DAY_SEQUENCE_DIGITS, '0')}`;
  const number = `${body}${checkDigit(body)}`;
  if (number.length !== PACKAGE_NO_LENGTH) throw new Error(`package number of 30 digits expected: ${number}`);
  return number;
}
