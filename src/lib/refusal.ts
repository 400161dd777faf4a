import { catalogueMessage } from '@/lib/error-messages';

/** What a refused command tells the user, or null when nothing needs saying (the verification dialog closed). */
export interface Refusal {
  status: number;
  code: string | undefined;
  text: string;
}

const VERIFICATION_STATUSES = new Set([406, 412]);

/**
 * An RTK Query endpoint's error (or an HttpError) as a refusal in Chinese for the screen that made the call: the
 * server's message, or the catalogue's. For silent commands, whose screens say what went wrong where it happened.
 */
export function refusalOf(error: unknown): Refusal | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status, code, body } = error as { status?: unknown; code?: unknown; body?: unknown };
  if (typeof status !== 'number' || VERIFICATION_STATUSES.has(status)) return null;
  const failure = { status, code: typeof code === 'string' ? code : undefined, body };
  return { ...failure, text: catalogueMessage(failure) };
}
