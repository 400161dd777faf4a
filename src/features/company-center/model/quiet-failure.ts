/** A conflict the calling screen explains: the request layer shows no notice for it (spec section 8). */
const HTTP_CONFLICT = 409;

/**
 * The server's message of a 409 refusal, or null when the request layer has already shown a notice (other
 * failures) or the user cancelled a verification dialog.
 */
export function quietFailureMessage(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status, message } = error as { status?: unknown; message?: unknown };
  return status === HTTP_CONFLICT && typeof message === 'string' && message ? message : null;
}
