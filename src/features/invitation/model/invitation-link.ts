import { API_ERROR } from '@contract/errors';
import { HttpError } from '@/lib/http';
import { appMessages } from '@/locales/zh-CN-app';
import { INVITATION_LINK_MARK } from '@/utils/validators';

export interface InvitationRef {
  orgId: string;
  code: string;
}

const CODE_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
const ORG_ID_PATTERN = /^[^\s/?#&]{1,64}$/;

/**
 * The organisation and code a pasted invitation link names, or null when the text is not such a link
 * (请输入正确的URL). Extra text around the link, as a chat app adds, is ignored.
 */
export function parseInvitationLink(text: string): InvitationRef | null {
  const at = text.indexOf(INVITATION_LINK_MARK);
  if (at < 0) return null;
  const queryStart = at + INVITATION_LINK_MARK.length - 'code='.length;
  const query = text.slice(queryStart).split(/\s/)[0] ?? '';
  const params = new URLSearchParams(query);
  const code = params.get('code') ?? '';
  const orgId = params.get('orgId') ?? '';
  if (!CODE_PATTERN.test(code) || !ORG_ID_PATTERN.test(orgId)) return null;
  return { orgId, code };
}

/** The link a colleague receives: the server's `/#/user/login?...` on this site's origin. */
export function absoluteInvitationLink(link: string, origin: string = window.location.origin): string {
  return link.startsWith('http') ? link : `${origin}${link}`;
}

/** What to tell the user when reading or accepting an invitation failed. */
export function invitationFailureMessage(error: unknown, fallback: string): string {
  if (!(error instanceof HttpError)) return fallback;
  if (error.status === 409 || error.code === API_ERROR.alreadyMember)
    return appMessages.invitation.alreadyMember;
  switch (error.code) {
    case API_ERROR.invitationUsed:
      return appMessages.invitation.used;
    case API_ERROR.invitationExpired:
      return appMessages.invitation.expired;
    case API_ERROR.invitationMobileMismatch:
      return appMessages.invitation.mobileMismatch;
    default:
      return fallback;
  }
}
