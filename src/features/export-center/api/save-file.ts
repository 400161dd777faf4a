import { http, toHttpError, type RequestConfig } from '@/lib/http';

/**
 * A file download through the request layer, saved under the name its Content-Disposition gives
 * (`filename*` of RFC 5987 first: the export names are Chinese). Kept here until the shared download
 * helper of the request layer lands in src/lib.
 */
export function fileNameOf(disposition: string | undefined): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim().replace(/^"|"$/g, ''));
    } catch {
      // A broken encoding falls back to the plain name.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/.exec(disposition)?.[1]?.trim() || undefined;
}

/** Characters no saved file name may hold. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f]/g;

export async function saveFile(config: RequestConfig, fallbackName: string): Promise<string> {
  let blob: Blob;
  let disposition: unknown;
  try {
    const response = await http.request<Blob>({ ...config, responseType: 'blob' });
    blob = response.data;
    disposition = response.headers['content-disposition'];
  } catch (error) {
    throw toHttpError(error);
  }
  const name = (
    fileNameOf(typeof disposition === 'string' ? disposition : undefined) ?? fallbackName
  ).replace(UNSAFE, '_');
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}
