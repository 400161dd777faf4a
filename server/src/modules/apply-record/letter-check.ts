import jpeg from 'jpeg-js';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import { AUTH_LETTER_TYPE, type AuthLetterType } from '@contract/apply-record';

/**
 * The largest picture a letter may be: an A4 page scanned at 600 dpi is about 35 megapixels. The decoded
 * pixels take 4 bytes each, so this also bounds the memory one upload can make the server use.
 */
export const LETTER_MAX_MEGAPIXELS = 40;
const LETTER_MAX_PIXELS = LETTER_MAX_MEGAPIXELS * 1_000_000;
/** jpeg-js counts its own working memory; the decoded page plus its buffers stay under this. */
const JPEG_MAX_MEMORY_MB = 512;
const JPEG_QUALITY = 90;
/** What a browser would take for a page or a script in a file it was told is something else. */
const MARKUP = /<\s*(?:script|html|body|iframe|svg|!doctype)\b/i;
const PNG_IHDR_DIMENSIONS_OFFSET = 16;

const PNG_IEND = Buffer.from('IEND');
/** IEND's type, then its CRC: the 4 bytes after the type end a PNG. */
const PNG_IEND_TAIL = 4 + 4;
const JPEG_EOI = Buffer.from([0xff, 0xd9]);

/** Bytes after the end the format defines: where a zip, a page or a script rides along with a picture. */
function trailsAfterImage(bytes: Buffer, type: AuthLetterType): boolean {
  if (type === AUTH_LETTER_TYPE.png) {
    const end = bytes.lastIndexOf(PNG_IEND);
    return end < 0 || end + PNG_IEND_TAIL !== bytes.length;
  }
  const end = bytes.lastIndexOf(JPEG_EOI);
  return end < 0 || end + JPEG_EOI.length !== bytes.length;
}

/** PNG's width and height, from its IHDR chunk, before anything is inflated. */
function pngPixels(bytes: Buffer): number {
  if (bytes.length < PNG_IHDR_DIMENSIONS_OFFSET + 8) return Infinity;
  return bytes.readUInt32BE(PNG_IHDR_DIMENSIONS_OFFSET) * bytes.readUInt32BE(PNG_IHDR_DIMENSIONS_OFFSET + 4);
}

/**
 * An image is refused when anything follows its end or markup hides in it (a zip after PNG's IEND, a script
 * after a JPEG's EOI or in its comment), and when it does not decode in full. What is stored is the decoded
 * picture encoded again, so nothing but the picture survives even what no check here foresaw.
 */
function reencodedImage(bytes: Buffer, type: AuthLetterType): Buffer | null {
  if (trailsAfterImage(bytes, type) || MARKUP.test(bytes.toString('latin1'))) return null;
  try {
    if (type === AUTH_LETTER_TYPE.png) {
      if (pngPixels(bytes) > LETTER_MAX_PIXELS) return null;
      return PNG.sync.write(PNG.sync.read(bytes));
    }
    const image = jpeg.decode(bytes, {
      useTArray: true,
      maxResolutionInMP: LETTER_MAX_MEGAPIXELS,
      maxMemoryUsageInMB: JPEG_MAX_MEMORY_MB,
    });
    return Buffer.from(jpeg.encode(image, JPEG_QUALITY).data);
  } catch {
    return null;
  }
}

/** Whatever follows a PDF's last `%%EOF` line other than whitespace: what a PDF+HTML polyglot appends. */
function trailsAfterEof(bytes: Buffer): boolean {
  const end = bytes.lastIndexOf('%%EOF');
  return (
    end < 0 ||
    bytes
      .subarray(end + 5)
      .toString('latin1')
      .trim() !== ''
  );
}

/**
 * A PDF is kept as sent (a letter may carry a signature that any rewrite would break), so it is checked
 * instead: its structure parses, it has a page, nothing follows its end, and no markup hides in it.
 */
async function checkedPdf(bytes: Buffer): Promise<Buffer | null> {
  if (trailsAfterEof(bytes) || MARKUP.test(bytes.toString('latin1'))) return null;
  try {
    const document = await PDFDocument.load(bytes, { ignoreEncryption: true, throwOnInvalidObject: true });
    return document.getPageCount() > 0 ? bytes : null;
  } catch {
    return null;
  }
}

/**
 * The letter to store, or null when it is not entirely the file its first bytes claim. The first bytes say
 * which kind to check (sniffLetterType); this decides whether the whole file is one.
 */
export async function checkedLetter(bytes: Buffer, type: AuthLetterType): Promise<Buffer | null> {
  if (type === AUTH_LETTER_TYPE.pdf) return checkedPdf(bytes);
  return reencodedImage(bytes, type);
}
