import { API_ERROR } from '@contract/errors';
import { callFailureOf } from '@/lib/http-error';
import { invitationMessages } from '@/locales/zh-CN/invitation';
import { INVITATION_LINK_MARK } from '@/utils/validators';
import { invitationRefFromQuery, type InvitationRef } from '@/features/invitation/model/invitation-ref';

export type { InvitationRef } from '@/features/invitation/model/invitation-ref';

/**
 * The organisation and code a pasted invitation link names, or null when the text is not such a link
 * (请输入正确的URL). Extra text around the link, as a chat app adds, is ignored.
 */
export function parseInvitationLink(text: string): InvitationRef | null {
  const at = text.indexOf(INVITATION_LINK_MARK);
  if (at < 0) return null;
  const queryStart = at + INVITATION_LINK_MARK.length - 'code='.length;
  return invitationRefFromQuery(text.slice(queryStart).split(/\s/)[0] ?? '');
}

/** The link a colleague receives: the server's `/#/user/login?...` on this site's origin. */
export function absoluteInvitationLink(link: string, origin: string = window.location.origin): string {
  return link.startsWith('http') ? link : `${origin}${link}`;
}

/** The full link of an invitation, as the modal shows it. */
export function invitationLinkOf(ref: InvitationRef): string {
  const query = new URLSearchParams({ orgId: ref.orgId }).toString();
  return absoluteInvitationLink(`${INVITATION_LINK_MARK}${encodeURIComponent(ref.code)}&${query}`);
}

/** What to tell the user when reading or accepting an invitation failed (a call's failure, or anything). */
export function invitationFailureMessage(error: unknown, fallback: string): string {
  const failure = callFailureOf(error);
  if (!failure) return fallback;
  if (failure.status === 409 || failure.code === API_ERROR.alreadyMember)
    return invitationMessages.alreadyMember;
  switch (failure.code) {
    case API_ERROR.invitationUsed:
      return invitationMessages.used;
    case API_ERROR.invitationExpired:
      return invitationMessages.expired;
    case API_ERROR.invitationMobileMismatch:
      return invitationMessages.mobileMismatch;
    default:
      return fallback;
  }
}
