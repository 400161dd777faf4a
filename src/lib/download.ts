import { http, toHttpError, type RequestConfig } from '@/lib/http';

/** How long the blob URL outlives the click (some browsers read it after `click()` returns). */
const REVOKE_DELAY_MS = 1000;

/** Characters no saved file name may hold: path separators, reserved characters, control characters. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const UNSAFE_NAME_CHARACTERS = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;

function decodeExtValue(value: string): string | undefined {
  // RFC 5987 ext-value: charset'language'percent-encoded
  const match = /^([\w!#$%&+^`{}~-]*)'[^']*'(.*)$/.exec(value);
  if (!match) return undefined;
  const charset = (match[1] ?? '').toLowerCase();
  const encoded = match[2] ?? '';
  try {
    if (charset === 'utf-8' || charset === '') return decodeURIComponent(encoded);
    if (charset === 'iso-8859-1') {
      return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
  } catch {
    return undefined;
  }
  return undefined;
}

function unquote(value: string): string {
  const trimmed = value.trim();
  if (trimmed.startsWith('"') && trimmed.endsWith('"') && trimmed.length >= 2) {
    return trimmed.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return trimmed;
}

/** Servers that percent-encode a plain `filename=` (common for Chinese names) are decoded too. */
function decodeMaybeEncoded(value: string): string {
  if (!/%[0-9a-f]{2}/i.test(value)) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Splits the header's parameters, respecting quoted strings (a `;` inside quotes is part of the name). */
function parameters(header: string): Map<string, string> {
  const found = new Map<string, string>();
  const pattern = /;\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
  for (const match of header.matchAll(pattern)) {
    const name = (match[1] ?? '').toLowerCase();
    if (!found.has(name)) found.set(name, match[2] ?? '');
  }
  return found;
}

function safeName(name: string): string | undefined {
  const cleaned = name.replace(UNSAFE_NAME_CHARACTERS, '_').trim();
  return cleaned && cleaned !== '.' && cleaned !== '..' ? cleaned : undefined;
}

/**
 * The file name a `Content-Disposition` header gives (RFC 6266): `filename*` (RFC 5987, e.g.
 * `UTF-8''%E7%A5%A8.xlsx`) wins over `filename`; undefined when it names none.
 */
export function filenameFromContentDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const params = parameters(`;${header.replace(/^[^;]*/, '')}`);
  const extended = params.get('filename*');
  const fromExtended = extended !== undefined ? decodeExtValue(unquote(extended)) : undefined;
  if (fromExtended) return safeName(fromExtended);
  const plain = params.get('filename');
  return plain !== undefined ? safeName(decodeMaybeEncoded(unquote(plain))) : undefined;
}

/** Saves a blob under `name` through a temporary link. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_DELAY_MS);
}

/**
 * Downloads a file through the request layer (headers, refresh, catalogue) and saves it under the name
 * from `Content-Disposition`, or `fallbackName`. Resolves to the saved name; rejects with an HttpError.
 */
export async function downloadFile(config: RequestConfig, fallbackName: string): Promise<string> {
  let blob: Blob;
  let disposition: unknown;
  try {
    const response = await http.request<Blob>({ ...config, responseType: 'blob' });
    blob = response.data;
    disposition = response.headers['content-disposition'];
  } catch (error) {
    throw toHttpError(error);
  }
  const name =
    filenameFromContentDisposition(typeof disposition === 'string' ? disposition : undefined) ?? fallbackName;
  saveBlob(blob, name);
  return name;
}
