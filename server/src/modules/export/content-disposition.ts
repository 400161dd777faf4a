/**
 * `Content-Disposition: attachment` with a plain ASCII `filename` for old clients and the real (Chinese)
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

export function attachment(fileName: string, asciiName: string): string {
  return `attachment; filename="${asciiFallback(asciiName)}"; filename*=UTF-8''${encodeExtValue(fileName)}`;
}
