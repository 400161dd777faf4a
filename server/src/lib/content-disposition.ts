/**
 * `Content-Disposition` (`attachment` or `inline`) with a plain ASCII `filename` for old clients and the real (Chinese)
 * name in `filename*` (RFC 6266 section 4.3, RFC 5987 / 8187 ext-value).
 */

/** RFC 5987 attr-char: encodeURIComponent leaves ' ( ) * as they are, which attr-char does not allow. */
export function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Anything outside a conservative ASCII set becomes '_', so the quoted fallback never needs escaping. */
export function asciiFallback(value: string): string {
  return value.replace(/[^A-Za-z0-9._-]/g, '_');
}

function disposition(type: 'attachment' | 'inline', fileName: string, asciiName: string): string {
  return `${type}; filename="${asciiFallback(asciiName)}"; filename*=UTF-8''${encodeExtValue(fileName)}`;
}

/** A file to save. */
export const attachment = (fileName: string, asciiName: string) =>
  disposition('attachment', fileName, asciiName);

/** A file the browser shows in place (a contract's preview). */
export const inline = (fileName: string, asciiName: string) => disposition('inline', fileName, asciiName);
