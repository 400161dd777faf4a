import { AUTH_LETTER_TYPE, type AuthLetterType } from '@contract/apply-record';

/**
 * What a letter is, from its first bytes: the name and the declared Content-Type are the sender's word, so
 * an executable renamed letter.pdf and sent as application/pdf is still refused. PDF files start with
 * `%PDF-` (ISO 32000-1 section 7.5.2), PNG with its 8-byte signature, JPEG with an SOI marker and a marker.
 */
const SIGNATURES: ReadonlyArray<[AuthLetterType, readonly number[]]> = [
  [AUTH_LETTER_TYPE.pdf, [0x25, 0x50, 0x44, 0x46, 0x2d]],
  [AUTH_LETTER_TYPE.png, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  [AUTH_LETTER_TYPE.jpeg, [0xff, 0xd8, 0xff]],
];

export function sniffLetterType(content: Uint8Array): AuthLetterType | null {
  for (const [type, signature] of SIGNATURES) {
    if (content.length > signature.length && signature.every((byte, i) => content[i] === byte)) return type;
  }
  return null;
}

/** The download name of a letter of this type. */
export const letterFileName = (type: AuthLetterType) =>
  `authorisation-letter.${type === AUTH_LETTER_TYPE.pdf ? 'pdf' : type === AUTH_LETTER_TYPE.png ? 'png' : 'jpg'}`;
