/** The organisation and one-time code an invitation link names (`/#/user/login?code=…&orgId=…`). */
export interface InvitationRef {
  orgId: string;
  code: string;
}

const CODE_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
const ORG_ID_PATTERN = /^[^\s/?#&]{1,64}$/;

/**
 * The invitation a query string (`?code=…&orgId=…`) carries, or null. Only these two values are read, and
 * only in their strict shapes: nothing else in an invitation link (a `redirect=`, say) is ever followed.
 * Kept free of the request layer, because the login screen reads it on its first paint.
 */
export function invitationRefFromQuery(query: string): InvitationRef | null {
  const params = new URLSearchParams(query);
  const code = params.get('code') ?? '';
  const orgId = params.get('orgId') ?? '';
  return CODE_PATTERN.test(code) && ORG_ID_PATTERN.test(orgId) ? { orgId, code } : null;
}

export function isInvitationRef(value: unknown): value is InvitationRef {
  if (typeof value !== 'object' || value === null) return false;
  const { code, orgId } = value as Record<string, unknown>;
  return (
    typeof code === 'string' &&
    typeof orgId === 'string' &&
    CODE_PATTERN.test(code) &&
    ORG_ID_PATTERN.test(orgId)
  );
}
