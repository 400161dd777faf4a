import fs from 'node:fs';
import type { Font } from '@pdf-lib/fontkit';
import { referenceFile } from '../../db/reference-files';

/** The CJK font contracts and seals are drawn with (server/src/db/reference/fonts, Apache-2.0, see its README). */
export const CJK_FONT_FILE = referenceFile('fonts/wqy-microhei-gb2312.ttf');

let bytes: Buffer | null = null;
let font: Promise<Font> | null = null;

export function cjkFontBytes(): Buffer {
  bytes ??= fs.readFileSync(CJK_FONT_FILE);
  return bytes;
}

/**
 * The parsed font, for outlines and metrics. fontkit is loaded on first use, like everything the server needs
 * only for documents: it was an eighth of the server's start-up.
 */
export function cjkFont(): Promise<Font> {
  font ??= import('@pdf-lib/fontkit').then(({ default: fontkit }) => fontkit.create(cjkFontBytes()));
  return font;
}

/** Characters of `text` the font has no glyph for (whitespace aside), each once. */
export async function missingCharacters(text: string): Promise<string[]> {
  const f = await cjkFont();
  const missing = new Set<string>();
  for (const char of text) {
    if (/\s/.test(char)) continue;
    if (!f.hasGlyphForCodePoint(char.codePointAt(0) ?? 0)) missing.add(char);
  }
  return [...missing];
}

/**
 * A TrueType font holding only the glyphs of `text`, cut with HarfBuzz. pdf-lib's own subsetting drops CJK
 * glyphs, so the PDF embeds this file whole (`subset: false`): a two-page contract carries a few hundred
 * glyphs, some tens of kilobytes, instead of the 1.3 MB font.
 */
export async function cjkSubsetFor(text: string): Promise<Uint8Array> {
  // Loaded on first use: HarfBuzz is a WebAssembly module the server needs only for documents.
  const { default: subsetFont } = await import('subset-font');
  const unique = [...new Set(text)].join('');
  return subsetFont(cjkFontBytes(), unique, { targetFormat: 'truetype' });
}
