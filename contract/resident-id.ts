/**
 * The resident ID number of GB 11643-1999: 17 digits and a check character (a digit or X), the birth date
 * (YYYYMMDD) at positions 7-14. The check character is `10X98765432`[sum of digit x weight mod 11].
 * Plain functions: the SPA checks as the user types, the server before it asks the identity provider.
 */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';
const SHAPE = /^\d{17}[\dX]$/;
/** Nobody living was born before this year. */
const EARLIEST_BIRTH_YEAR = 1900;

/** As typed: spaces removed, a lower-case x upper-cased. */
export const normalizeResidentId = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

export function residentIdCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < WEIGHTS.length; i++) sum += Number(first17[i]) * (WEIGHTS[i] ?? 0);
  return CHECK_CHARS[sum % 11] ?? '';
}

/** A real calendar date from 1900 up to `today` (epoch ms), as YYYYMMDD. */
export function isBirthDate(yyyymmdd: string, today: number): boolean {
  const year = Number(yyyymmdd.slice(0, 4));
  const month = Number(yyyymmdd.slice(4, 6));
  const day = Number(yyyymmdd.slice(6, 8));
  if (year < EARLIEST_BIRTH_YEAR || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  return date.getTime() <= today;
}

/** Why a number is refused, or null when it passes (normalise it first). */
export function residentIdProblem(
  idNumber: string,
  today: number,
): 'format' | 'birthDate' | 'checksum' | null {
  if (!SHAPE.test(idNumber)) return 'format';
  if (!isBirthDate(idNumber.slice(6, 14), today)) return 'birthDate';
  if (residentIdCheckChar(idNumber) !== idNumber[17]) return 'checksum';
  return null;
}

export const RESIDENT_ID_MESSAGE = {
  format: '请输入18位身份证号码',
  birthDate: '身份证号码中的出生日期无效',
  checksum: '身份证号码校验位不正确，请核对',
} as const;

/** Shown and stored: the first 6 and last 4 characters. */
export const maskResidentId = (idNumber: string): string =>
  `${idNumber.slice(0, 6)}${'*'.repeat(idNumber.length - 10)}${idNumber.slice(-4)}`;
