import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Runs a poppler tool (installed by scripts/ensure-poppler.mjs) on the bytes, from a temporary file. */
function withFile<T>(bytes: Uint8Array, run: (file: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-'));
  const file = path.join(dir, 'document.pdf');
  try {
    fs.writeFileSync(file, bytes);
    return run(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The text poppler extracts, lines joined (a wrapped line is one sentence again). */
export const pdfText = (bytes: Uint8Array): string =>
  withFile(bytes, (file) => execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }));

/** pdfsig's report; it exits non-zero for a broken signature, which is an answer, not an error. */
export const pdfsig = (bytes: Uint8Array): string =>
  withFile(bytes, (file) => {
    try {
      return execFileSync('pdfsig', [file], { encoding: 'utf8' });
    } catch (error) {
      const failed = error as { stdout?: string };
      return failed.stdout ?? '';
    }
  });

export const pageCount = (bytes: Uint8Array): number =>
  withFile(bytes, (file) => {
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    return Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0);
  });
