import { readJson, remove, writeJson } from '@/lib/storage';
import { isInvitationRef, type InvitationRef } from '@/features/invitation/model/invitation-ref';

/*
 * An invitation link opened while signed out waits in this tab's storage until the user has signed in;
 * the signed-in frame then offers it once for joining. Tab-scoped, so another tab or a later visit never
 * opens an invitation the user did not just follow.
 */
const PENDING_INVITATION_KEY = 'pendingInvitation';

export function rememberPendingInvitation(ref: InvitationRef): void {
  writeJson(sessionStorage, PENDING_INVITATION_KEY, ref);
}

export function readPendingInvitation(): InvitationRef | null {
  return readJson(sessionStorage, PENDING_INVITATION_KEY, isInvitationRef);
}

export function forgetPendingInvitation(): void {
  remove(sessionStorage, PENDING_INVITATION_KEY);
}
